import Foundations
import HTTPServer

/// An error whose message is said in the reader's language; `AppErrorRenderer` asks for it.
public protocol LocalizedResponseError: HTTPResponseError {
    func message(in l10n: L10n) -> String
}

extension LocalizedResponseError {
    public var message: String { message(in: L10n(language: .english)) }
}

// Every domain error the dashboard answers, with its status and code: the one place they are
// mapped. Handlers throw these; `AppErrorRenderer` draws them as JSON or as a page.

extension APISessionError: LocalizedResponseError {
    /// 503 when the BFF cannot be reached, 504 when it is too slow, 502 for anything else it answers.
    public var status: HTTPStatus {
        switch self {
        case .transport: .serviceUnavailable
        case .timeout: .gatewayTimeout
        case .credentialsRefused, .httpStatus, .notJSON, .notGraphQL, .graphQL, .missingData: .badGateway
        }
    }

    /// One code per class of failure, told by the exchange's structure (`APISessionError`).
    public var code: String {
        switch self {
        case .transport: "bff_unreachable"
        case .timeout: "bff_timeout"
        case .credentialsRefused: "bff_credentials_refused"
        case .httpStatus: "bff_http_status"
        case .notJSON: "bff_not_json"
        case .notGraphQL: "bff_not_graphql"
        case .graphQL: "bff_graphql_error"
        case .missingData: "bff_missing_data"
        }
    }

    /// The class's sentence with what the exchange showed: the status, the GraphQL errors
    /// (their `extensions.code` in brackets), the missing field's path.
    public func message(in l10n: L10n) -> String {
        switch self {
        case .transport(let failure): failure.bffMessage(in: l10n)
        case .timeout(let seconds): String(format: l10n[.bffErrorTimeout], seconds.formatted())
        case .credentialsRefused(let status): String(format: l10n[.bffErrorCredentialsRefused], String(status))
        case .httpStatus(let status): String(format: l10n[.bffErrorHTTPStatus], String(status))
        case .notJSON: l10n[.bffErrorNotJSON]
        case .notGraphQL: l10n[.bffErrorNotGraphQL]
        case .graphQL(let errors, _): String(format: l10n[.bffErrorGraphQL], errors.map(\.description).joined(separator: "; "))
        case .missingData(let path): String(format: l10n[.bffErrorMissingData], path)
        }
    }
}

extension MomentsRepoError: LocalizedResponseError {
    public var status: HTTPStatus {
        switch self {
        case .unknownMoment, .unknownUser: .notFound
        case .unavailable(let cause), .likeNotSaved(let cause): cause.status
        }
    }

    public var code: String {
        switch self {
        case .unknownMoment: "unknown_moment"
        case .unknownUser: "unknown_user"
        case .unavailable(let cause), .likeNotSaved(let cause): cause.code
        }
    }

    public func message(in l10n: L10n) -> String {
        switch self {
        case .unknownMoment(let id): String(format: l10n[.unknownMoment], id)
        case .unknownUser(let id): String(format: l10n[.unknownUser], id)
        case .unavailable(let cause): cause.message(in: l10n)
        case .likeNotSaved(let cause): "\(l10n[.likeUnavailable]) \(cause.message(in: l10n))"
        }
    }
}

extension TogglesDataStoreError: LocalizedResponseError {
    public var status: HTTPStatus {
        switch self {
        case .unknownToggle: .notFound
        case .readOnly: .conflict
        case .invalidValue: .badRequest
        case .storage: .internalServerError
        }
    }

    public var code: String {
        switch self {
        case .unknownToggle: "unknown_toggle"
        case .readOnly: "read_only_toggle"
        case .invalidValue: "invalid_toggle_value"
        case .storage: "storage_failed"
        }
    }

    public func message(in l10n: L10n) -> String {
        switch self {
        case .unknownToggle(let name): String(format: l10n[.toggleErrorUnknownToggle], name)
        case .readOnly(let name, .buildTarget): String(format: l10n[.toggleErrorBuildTarget], name)
        case .readOnly(let name, .internal): String(format: l10n[.toggleErrorInternal], name)
        case .readOnly(let name, _): String(format: l10n[.toggleErrorDecidedByBFF], name)
        // `expected` lists the JSON values the override takes (`ToggleDescription.overrideValuesText`).
        case .invalidValue(let name, let expected): String(format: l10n[.toggleErrorInvalidValue], name, expected)
        // The storage's own words, inside the reader's sentence.
        case .storage(let reason): String(format: l10n[.toggleErrorStorage], reason)
        }
    }
}

extension TimelineError: LocalizedResponseError {
    public var status: HTTPStatus { .conflict }
    public var code: String { "feature_disabled" }
    public func message(in l10n: L10n) -> String { "\(l10n[.likeFeatureOff]) (\(InternalToggle.isLikeButtonForMomentEnabled.name))" }
}

extension InternalMenuError: LocalizedResponseError {
    public var status: HTTPStatus {
        switch self {
        case .unknownAction: .notFound
        case .confirmationRequired: .conflict
        }
    }

    public var code: String {
        switch self {
        case .unknownAction: "unknown_action"
        case .confirmationRequired: "confirmation_required"
        }
    }

    public func message(in l10n: L10n) -> String {
        switch self {
        case .unknownAction(let id): String(format: l10n[.unknownAction], id)
        case .confirmationRequired(let id): String(format: l10n[.actionConfirmationRequired], id)
        }
    }
}

extension MediaError: LocalizedResponseError {
    /// 404 for a URL the BFF never sent, 403 for an internal address, 502/504 for what the image
    /// host did or did not answer.
    public var status: HTTPStatus {
        switch self {
        case .invalidURL: .badRequest
        case .unknownURL: .notFound
        case .internalAddress: .forbidden
        case .timeout: .gatewayTimeout
        case .unreachable, .badStatus, .notAnImage, .tooLarge: .badGateway
        }
    }

    public var code: String {
        switch self {
        case .invalidURL: "invalid_media_url"
        case .unknownURL: "unknown_media"
        case .internalAddress: "media_internal_address"
        case .unreachable: "media_unreachable"
        case .timeout: "media_timeout"
        case .badStatus: "media_bad_status"
        case .notAnImage: "media_not_an_image"
        case .tooLarge: "media_too_large"
        }
    }

    public func message(in l10n: L10n) -> String {
        switch self {
        case .invalidURL: l10n[.mediaErrorInvalidURL]
        case .unknownURL: l10n[.mediaErrorUnknownURL]
        case .internalAddress(let host): String(format: l10n[.mediaErrorInternalAddress], host)
        case .unreachable(let host, let cause): String(format: l10n[.mediaErrorUnreachable], host, cause.words(in: l10n))
        case .timeout(let host): String(format: l10n[.mediaErrorTimeout], host)
        case .badStatus(let status): String(format: l10n[.mediaErrorBadStatus], String(status))
        case .notAnImage(let contentType) where contentType.isEmpty: l10n[.mediaErrorNoContentType]
        case .notAnImage(let contentType): String(format: l10n[.mediaErrorNotAnImage], contentType)
        case .tooLarge(let limit): String(format: l10n[.mediaErrorTooLarge], String(limit / 1024 / 1024))
        }
    }
}

extension FaultError: LocalizedResponseError {
    /// 404 for an operation no fault can be set for, 400 for a fault that does not fit, 500 when
    /// the audit cannot be written.
    public var status: HTTPStatus {
        switch self {
        case .unknownOperation: .notFound
        case .invalidField, .kindNotApplicable: .badRequest
        case .storage: .internalServerError
        }
    }

    public var code: String {
        switch self {
        case .unknownOperation: "unknown_operation"
        case .invalidField: "invalid_fault"
        case .kindNotApplicable: "fault_not_applicable"
        case .storage: "storage_failure"
        }
    }

    /// The operations and the kind are named as the API spells them; the storage's reason is its own words.
    public func message(in l10n: L10n) -> String {
        switch self {
        case .unknownOperation(let name):
            String(format: l10n[.faultErrorUnknownOperation], name, FaultInjector.operations.joined(separator: ", "))
        case .invalidField(let field, let expected): String(format: l10n[.faultErrorInvalidField], field, l10n[expected.key])
        case .kindNotApplicable(let kind, let operation): String(format: l10n[.faultErrorKindNotApplicable], kind.rawValue, operation)
        case .storage(let reason): String(format: l10n[.faultErrorStorage], reason)
        }
    }
}

extension MockError: LocalizedResponseError {
    /// 404 for an operation no mock can answer, 400 for a mock that does not fit, 500 when the
    /// audit cannot be written.
    public var status: HTTPStatus {
        switch self {
        case .unknownOperation: .notFound
        case .invalidField: .badRequest
        case .storage: .internalServerError
        }
    }

    public var code: String {
        switch self {
        case .unknownOperation: "unknown_operation"
        case .invalidField: "invalid_mock"
        case .storage: "storage_failure"
        }
    }

    /// The operations are named as the API spells them; the storage's reason is its own words.
    public func message(in l10n: L10n) -> String {
        switch self {
        case .unknownOperation(let name):
            String(format: l10n[.mockErrorUnknownOperation], name, MockStore.operations.joined(separator: ", "))
        case .invalidField(let field, let expected): String(format: l10n[.mockErrorInvalidField], field, l10n[expected.key])
        case .storage(let reason): String(format: l10n[.mockErrorStorage], reason)
        }
    }
}

extension BreakpointError: LocalizedResponseError {
    /// 404 for an operation no breakpoint can hold and for a call no longer held, 400 for what
    /// does not fit, 409 for a mock asked for and not set, 500 when the audit cannot be written.
    public var status: HTTPStatus {
        switch self {
        case .unknownOperation, .unknownHeldExchange: .notFound
        case .invalidField: .badRequest
        case .noMock: .conflict
        case .storage: .internalServerError
        }
    }

    public var code: String {
        switch self {
        case .unknownOperation: "unknown_operation"
        case .unknownHeldExchange: "unknown_held_exchange"
        case .invalidField: "invalid_breakpoint"
        case .noMock: "no_mock"
        case .storage: "storage_failure"
        }
    }

    /// The operations are named as the API spells them; the storage's reason is its own words.
    public func message(in l10n: L10n) -> String {
        switch self {
        case .unknownOperation(let name):
            String(format: l10n[.breakpointErrorUnknownOperation], name, BreakpointStore.operations.joined(separator: ", "))
        case .unknownHeldExchange(let id): String(format: l10n[.breakpointErrorUnknownHeld], id)
        case .invalidField(let field, let expected): String(format: l10n[.breakpointErrorInvalidField], field, l10n[expected.key])
        case .noMock(let operation): String(format: l10n[.breakpointErrorNoMock], operation)
        case .storage(let reason): String(format: l10n[.breakpointErrorStorage], reason)
        }
    }
}

extension QASessionError: LocalizedResponseError {
    /// 422 for a file this build cannot apply (another version, toggles it lacks), 400 for a
    /// value that cannot be applied.
    var status: HTTPStatus {
        switch self {
        case .unsupportedVersion, .unknownToggles: .unprocessableContent
        case .invalidValue, .invalidEntry: .badRequest
        }
    }

    var code: String {
        switch self {
        case .unsupportedVersion: "unsupported_session_version"
        case .unknownToggles: "unknown_toggles"
        case .invalidValue, .invalidEntry: "invalid_session"
        }
    }

    /// Fields and toggles are named as the file spells them; an entry's reason is the fault's or
    /// the mock's own error, in the same language.
    func message(in l10n: L10n) -> String {
        switch self {
        case .unsupportedVersion(let version):
            String(format: l10n[.sessionErrorUnsupportedVersion], String(version), String(QASessionFile.currentVersion))
        case .unknownToggles(let names): String(format: l10n[.sessionErrorUnknownToggles], names.joined(separator: ", "))
        case .invalidValue(let field, let expected): String(format: l10n[.sessionErrorInvalidValue], field, expected.text(in: l10n))
        case .invalidEntry(let field, .fault(let error)): String(format: l10n[.sessionErrorInvalidEntry], field, error.message(in: l10n))
        case .invalidEntry(let field, .mock(let error)): String(format: l10n[.sessionErrorInvalidEntry], field, error.message(in: l10n))
        }
    }
}

extension QASessionReplay.FileError: LocalizedResponseError {
    /// 422 for a file of another version, as its import says; 400 for what is no session file.
    public var status: HTTPStatus {
        switch self {
        case .unsupportedVersion: .unprocessableContent
        case .notJSON, .notASession: .badRequest
        }
    }

    public var code: String {
        switch self {
        case .unsupportedVersion: "unsupported_session_version"
        case .notJSON, .notASession: "invalid_session"
        }
    }

    /// The missing field is named as the file spells its path.
    public func message(in l10n: L10n) -> String {
        switch self {
        case .notJSON: l10n[.sessionErrorNotJSON]
        case .notASession(let path): String(format: l10n[.sessionErrorNotASession], path.isEmpty ? "/" : path)
        case .unsupportedVersion(let version):
            String(format: l10n[.sessionErrorUnsupportedVersion], String(version), String(QASessionFile.currentVersion))
        }
    }
}

extension NetworkInspectorError: LocalizedResponseError {
    var status: HTTPStatus {
        switch self {
        case .unknownOutcome, .invalidAfter: .badRequest
        case .unknownExchange: .notFound
        case .notReplayable: .conflict
        }
    }

    var code: String {
        switch self {
        case .unknownOutcome: "unknown_outcome"
        case .invalidAfter: "invalid_after"
        case .unknownExchange: "unknown_exchange"
        case .notReplayable: "not_replayable"
        }
    }

    /// The outcomes are named as `?outcome=` spells them.
    func message(in l10n: L10n) -> String {
        switch self {
        case .unknownOutcome(let name):
            String(format: l10n[.networkInspectorErrorUnknownOutcome], name,
                   NetworkExchange.Outcome.allCases.map(\.rawValue).joined(separator: ", "))
        case .invalidAfter(let text): String(format: l10n[.networkInspectorErrorInvalidAfter], text)
        case .unknownExchange(let id): String(format: l10n[.networkInspectorErrorUnknownExchange], id)
        case .notReplayable(let id): String(format: l10n[.networkInspectorErrorNotReplayable], String(id))
        }
    }
}

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
        case .unknownToggle(let name): "There is no toggle named \(name)."
        case .readOnly(let name, .buildTarget): "\(name) is the build target, fixed when the binary is compiled."
        case .readOnly(let name, .internal):
            "\(name) is an internal toggle: it takes {\"isOn\": true|false}, not an override."
        case .readOnly(let name, _):
            "\(name) is decided on the BFF side: here it takes only a local override, {\"override\": …}."
        case .invalidValue(let name, let expected): "The override of \(name) must be \(expected)."
        case .storage(let reason): "The toggle could not be saved; nothing changed. (\(reason))"
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
        case .unknownAction(let id): "There is no Area 51 action named \(id)."
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
        case .invalidURL: "/media needs url= an absolute http:// or https:// URL."
        case .unknownURL: "The BFF never sent this picture, so the dashboard does not fetch it."
        case .internalAddress(let host):
            "\(host) is this machine or a private network, and not the BFF's host: the dashboard does not fetch pictures there."
        case .unreachable(let host, let reason): "The image host \(host) could not be reached (\(reason))."
        case .timeout(let host): "The image host \(host) did not answer in time."
        case .badStatus(let status): "The image host answered HTTP \(status) instead of the picture."
        case .notAnImage(let contentType): "The image host answered \(contentType), not an image."
        case .tooLarge(let limit): "The picture is larger than \(limit / 1024 / 1024) MiB, more than the dashboard keeps."
        }
    }
}

extension FaultError: HTTPResponseError {
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

    public var message: String {
        switch self {
        case .unknownOperation(let name):
            "There is no operation named \(name) to set a fault for: \(FaultInjector.operations.joined(separator: ", "))."
        case .invalidField(let field, let expected): "The fault's \(field) must be \(expected); nothing changed."
        case .kindNotApplicable(let kind, let operation): "A \(kind.rawValue) fault means nothing for \(operation); nothing changed."
        case .storage(let reason): "The fault could not be audited, so it was not set. (\(reason))"
        }
    }
}

extension MockError: HTTPResponseError {
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

    public var message: String {
        switch self {
        case .unknownOperation(let name):
            "There is no operation named \(name) to mock: \(MockStore.operations.joined(separator: ", "))."
        case .invalidField(let field, let expected): "The mock's \(field) must be \(expected); nothing changed."
        case .storage(let reason): "The mock could not be audited, so it was not set. (\(reason))"
        }
    }
}

extension QASessionError: HTTPResponseError {
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

    var message: String {
        switch self {
        case .unsupportedVersion(let version):
            "The session file is of version \(version); this build reads version \(QASessionFile.currentVersion). Nothing changed."
        case .unknownToggles(let names):
            "The session file names toggles this build does not have: \(names.joined(separator: ", ")). Nothing changed."
        case .invalidValue(let field, let expected): "\(field) in the session file must be \(expected). Nothing changed."
        case .invalidEntry(let field, let reason): "\(field) in the session file cannot be applied: \(reason)"
        }
    }
}

extension NetworkInspectorError: HTTPResponseError {
    var status: HTTPStatus {
        switch self {
        case .unknownOutcome: .badRequest
        case .unknownExchange: .notFound
        case .notReplayable: .conflict
        }
    }

    var code: String {
        switch self {
        case .unknownOutcome: "unknown_outcome"
        case .unknownExchange: "unknown_exchange"
        case .notReplayable: "not_replayable"
        }
    }

    var message: String {
        switch self {
        case .unknownOutcome(let name):
            "There is no outcome named \(name): \(NetworkExchange.Outcome.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownExchange(let id): "No exchange \(id) is kept: it never was, or the log has dropped it."
        case .notReplayable(let id): "Exchange \(id) cannot be sent again: only GraphQL exchanges whose body was kept whole can."
        }
    }
}

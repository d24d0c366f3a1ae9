/// Why a breakpoint could not be set or a held call let go. Mapped to statuses, codes and
/// sentences in `AppErrors.swift`.
public enum BreakpointError: Error, Equatable, Sendable {
    /// Breakpoints hold the GraphQL operations `getMomentsDetailsByUserID` and `updateMomentLike`.
    case unknownOperation(String)
    /// No call is held under this id: never, or already let go.
    case unknownHeldExchange(String)
    /// A field is missing or out of range; names the field and what it takes.
    case invalidField(String, expected: Expected)
    /// "Answer from a mock" with no mock set for the operation.
    case noMock(String)
    /// The audit could not be written, so nothing changed; the storage's own words.
    case storage(String)

    /// What a field takes, said in the reader's language (`key`).
    public enum Expected: Equatable, Sendable {
        case holdSeconds
        /// The variables a breakpoint matches: an object, or empty for every call.
        case variablesObject
        /// The variables a held request is sent with instead.
        case variablesToSend
        case headersObject
        case json
        case httpStatus
        case errorStatus
        case errorCode
        case statusOrGraphQLError
        /// A held answer's part (`status`, `response`) sent for a held request.
        case answerOnly
        /// A held request's part (`variables`, `headers`) sent for a held answer.
        case requestOnly

        public var key: L10nKey {
            switch self {
            case .holdSeconds: .expectedHoldSeconds
            case .variablesObject: .expectedVariablesObject
            case .variablesToSend: .expectedVariablesToSend
            case .headersObject: .expectedHeadersObject
            case .json: .expectedJSON
            case .httpStatus: .expectedHTTPStatus
            case .errorStatus: .expectedErrorStatus
            case .errorCode: .expectedErrorCode
            case .statusOrGraphQLError: .expectedStatusOrGraphQLError
            case .answerOnly: .expectedAnswerOnly
            case .requestOnly: .expectedRequestOnly
            }
        }
    }
}

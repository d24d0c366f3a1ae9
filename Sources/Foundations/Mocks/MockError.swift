/// Why a mock could not be set. Mapped to statuses, codes and sentences in `AppErrors.swift`.
public enum MockError: Error, Equatable, Sendable {
    /// Mocks answer the GraphQL operations `getMomentsDetailsByUserID` and `updateMomentLike`.
    case unknownOperation(String)
    /// A field is missing or out of range; names the field and what it takes.
    case invalidField(String, expected: Expected)
    /// The audit could not be written, so nothing changed; the storage's own words.
    case storage(String)

    /// What a field of a mock takes, said in the reader's language (`key`).
    public enum Expected: Equatable, Sendable {
        /// `body` as JSON: an object with `data`, `errors` or both.
        case graphQLAnswer
        /// `body` as the form's text: any JSON.
        case graphQLAnswerJSON
        /// The form's `variables`.
        case variablesObject
        /// `skipCalls`, `remainingCalls`.
        case wholeNumberFromOne
        /// `failure`: given in place of `body`, never beside it.
        case insteadOfBody

        public var key: L10nKey {
            switch self {
            case .graphQLAnswer: .expectedGraphQLAnswer
            case .graphQLAnswerJSON: .expectedGraphQLAnswerJSON
            case .variablesObject: .expectedVariablesObject
            case .wholeNumberFromOne: .expectedWholeNumberFromOne
            case .insteadOfBody: .expectedInsteadOfBody
            }
        }
    }
}

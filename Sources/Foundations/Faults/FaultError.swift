/// Why a fault could not be set. Mapped to statuses, codes and sentences in `AppErrors.swift`.
public enum FaultError: Error, Equatable, Sendable {
    /// Faults are set per `getMomentsDetailsByUserID`, `updateMomentLike` or `remoteConfig`.
    case unknownOperation(String)
    /// A field the kind needs is missing or out of range; names the field and what it takes.
    case invalidField(String, expected: Expected)
    /// The kind means nothing for the operation (an empty moments list for the remote config).
    case kindNotApplicable(Fault.Kind, operation: String)
    /// The audit could not be written, so nothing changed; the storage's own words.
    case storage(String)

    /// What a field of a fault takes, said in the reader's language (`key`).
    public enum Expected: Equatable, Sendable {
        /// `remainingCalls`.
        case wholeNumberFromOne
        /// `delayMs`.
        case delayMilliseconds
        /// `status`.
        case errorStatus

        public var key: L10nKey {
            switch self {
            case .wholeNumberFromOne: .expectedWholeNumberFromOne
            case .delayMilliseconds: .expectedDelayMilliseconds
            case .errorStatus: .expectedErrorStatus
            }
        }
    }
}

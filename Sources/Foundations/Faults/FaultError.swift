/// Why a fault could not be set. Mapped to statuses and codes in `AppErrors.swift`.
public enum FaultError: Error, Equatable, Sendable {
    /// Faults are set per `getMomentsDetailsByUserID`, `updateMomentLike` or `remoteConfig`.
    case unknownOperation(String)
    /// A field the kind needs is missing or out of range; names the field and what it takes.
    case invalidField(String, expected: String)
    /// The kind means nothing for the operation (an empty moments list for the remote config).
    case kindNotApplicable(Fault.Kind, operation: String)
    /// The audit could not be written, so nothing changed.
    case storage(String)
}

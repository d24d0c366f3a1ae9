/// Why a mock could not be set. Mapped to statuses and codes in `AppErrors.swift`.
public enum MockError: Error, Equatable, Sendable {
    /// Mocks answer the GraphQL operations `getMomentsDetailsByUserID` and `updateMomentLike`.
    case unknownOperation(String)
    /// A field is missing or out of range; names the field and what it takes.
    case invalidField(String, expected: String)
    /// The audit could not be written, so nothing changed.
    case storage(String)
}

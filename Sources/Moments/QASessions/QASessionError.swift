/// Why a QA session file cannot be applied; nothing is changed when one is thrown. Mapped to
/// statuses and codes in `AppErrors.swift`.
enum QASessionError: Error, Equatable {
    /// The file's schema version is not the one this build reads.
    case unsupportedVersion(Int)
    /// The file names toggles this build does not have.
    case unknownToggles([String])
    /// A value that cannot be applied; names where it is and what it must be.
    case invalidValue(String, expected: String)
    /// A fault or a mock that cannot be set; names where it is and says why.
    case invalidEntry(String, reason: String)
}

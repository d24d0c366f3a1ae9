import Foundations

/// Why a QA session file cannot be applied; nothing is changed when one is thrown. Mapped to
/// statuses, codes and sentences in `AppErrors.swift`.
enum QASessionError: Error, Equatable {
    /// The file's schema version is not the one this build reads.
    case unsupportedVersion(Int)
    /// The file names toggles this build does not have.
    case unknownToggles([String])
    /// A value that cannot be applied; names where it is and what it must be.
    case invalidValue(String, expected: Expected)
    /// A fault or a mock that cannot be set; names where it is and says why.
    case invalidEntry(String, reason: EntryProblem)

    /// What a value of the file must be, said in the reader's language (`text(in:)`).
    enum Expected: Equatable {
        /// `toggles`, `faults`, `mocks`: no name twice.
        case oneEntryPerName
        /// `actingUser.userID`.
        case userID
        /// An internal toggle's `isOn`.
        case trueOrFalse
        /// A remote toggle's or an A/B test's override: `true`, `false` or `null` when it has no
        /// variants, else one of them (JSON strings) or `null`.
        case overrideValue(variants: [String])

        func text(in l10n: L10n) -> String {
            switch self {
            case .oneEntryPerName: l10n[.expectedOneEntryPerName]
            case .userID: l10n[.expectedUserID]
            case .trueOrFalse: l10n[.expectedTrueOrFalse]
            case .overrideValue(let variants) where variants.isEmpty: l10n[.expectedTrueFalseOrNull]
            // JSON values, the same in every language.
            case .overrideValue(let variants): (variants.map { "\"\($0)\"" } + ["null"]).joined(separator: ", ")
            }
        }
    }

    /// Why a fault or a mock of the file cannot be set: the error setting it would throw.
    enum EntryProblem: Equatable {
        case fault(FaultError)
        case mock(MockError)
    }
}

import Testing

/// The stores the BFF suite runs on: a test that takes a `StoreKind` runs once on each, from the
/// same code, as `@Test(arguments: StoreKind.allCases)`.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// The kinds of toggle, as in the seed, plus the A/B test; each says who may change it.
public enum ToggleKind: String, Codable, Sendable {
    /// Flipped by QA in Area 51, kept in `dashboard.sqlite`.
    case `internal`
    /// Decided on the BFF side, read from its remote config.
    case remote
    /// An A/B test's value, from the same remote config.
    case abTest
    /// Fixed when the binary is compiled.
    case buildTarget
}

/// A toggle's value: on/off, or one of an A/B test's variants. In JSON a boolean or a string.
public enum ToggleValue: Sendable, Equatable, Codable, CustomStringConvertible {
    case bool(Bool)
    case variant(String)

    /// The value `description` wrote: `true` and `false` are on/off, anything else a variant.
    public init(text: String) {
        self = Bool(text).map(ToggleValue.bool) ?? .variant(text)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let isOn = try? container.decode(Bool.self) {
            self = .bool(isOn)
        } else if let variant = try? container.decode(String.self) {
            self = .variant(variant)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "neither true, false nor a variant")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let isOn): try container.encode(isOn)
        case .variant(let variant): try container.encode(variant)
        }
    }

    /// `true`, `false`, `heart`: how the value is written in JSON and the audit.
    public var description: String {
        switch self {
        case .bool(let isOn): String(isOn)
        case .variant(let variant): variant
        }
    }
}

/// Everything the dashboard knows about one toggle besides its current value. `ToggleCatalog`
/// holds one for each toggle, and Area 51, `/api/toggles` and the page cache read only that list.
public struct ToggleDescription: Sendable {
    public let name: String
    public let kind: ToggleKind
    public let defaultValue: ToggleValue
    /// Its title in Area 51.
    public let title: L10nKey
    /// Whether Area 51 lists it (build-target toggles are in General info instead).
    public let isShownInArea51: Bool

    /// Whether it can be changed here.
    public var isWritable: Bool { kind == .internal }

    /// Whether a local override may stand in for its remote value (remote toggles, A/B tests).
    public var isOverridable: Bool { kind == .remote || kind == .abTest }

    /// Whether `value` is one this toggle can take: on/off, or one of its test's variants.
    public func accepts(_ value: ToggleValue) -> Bool {
        switch (defaultValue, value) {
        case (.bool, .bool): true
        case (.variant, .variant(let variant)): variants.contains(variant)
        default: false
        }
    }

    /// The variants of an A/B test (`heart`, `star`); empty for on/off toggles.
    public var variants: [String] {
        guard case .variant = defaultValue, let test = ABTest(rawValue: name) else { return [] }
        return test.variants
    }
}

/// The spacing scale of the seed's DesignKit, in CSS pixels. Pages use only these, through
/// the `--spacing-*` custom properties.
public enum Spacing: String, CaseIterable, Sendable {
    case twoExtraSmall
    case extraSmall
    case small
    case medium
    case large
    case extraLarge
    case twoExtraLarge
    case threeExtraLarge

    public var points: Int {
        switch self {
        case .twoExtraSmall: 4
        case .extraSmall: 8
        case .small: 12
        case .medium: 18
        case .large: 24
        case .extraLarge: 32
        case .twoExtraLarge: 40
        case .threeExtraLarge: 48
        }
    }

    /// The value from `Spacing.wideScreenMinimumWidth` on (the seed's iPad scale: `twoExtraSmall` is
    /// 4 points on a phone and 6 on an iPad).
    public var widePoints: Int { points * 3 / 2 }

    /// The window width, in CSS pixels, from which `widePoints` apply.
    public static let wideScreenMinimumWidth = 1024

    /// The CSS custom property that holds it: `--spacing-two-extra-small`.
    public var cssVariable: String { "--spacing-\(rawValue.kebabCased)" }
}

extension String {
    /// `twoExtraSmall` → `two-extra-small`.
    var kebabCased: String {
        reduce(into: "") { result, character in
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
    }
}

/// The type scale: size, weight and line height of each text style. Sizes are in CSS pixels at
/// the browser's default font size (16 px) and go to the page in `rem`, so text follows the size a
/// reader chose (the web's Dynamic Type).
public enum Typography: String, CaseIterable, Sendable {
    case largeTitle
    case title
    case title3
    case headline
    case body
    case subheadline
    case footnote
    case caption

    public var size: Int {
        switch self {
        case .largeTitle: 28
        case .title: 22
        case .title3: 20
        case .headline: 17
        case .body: 16
        case .subheadline: 15
        case .footnote: 13
        case .caption: 12
        }
    }

    public var weight: Int {
        switch self {
        case .largeTitle, .title: 700
        case .headline: 600
        default: 400
        }
    }

    public var lineHeight: Double {
        switch self {
        case .largeTitle, .title, .title3: 1.2
        default: 1.45
        }
    }

    /// The size in `rem`, relative to the browser's default font size: `1.0625rem` for 17 px.
    public var rem: String {
        let value = Double(size) / 16
        return value == value.rounded() ? "\(Int(value))rem" : "\(value)rem"
    }

    /// The class that applies it: `dk-text-subheadline`.
    public var cssClass: String { "dk-text-\(rawValue.kebabCased)" }
}

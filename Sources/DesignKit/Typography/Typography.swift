/// The type scale: size, weight and line height of each text style.
public enum Typography: String, CaseIterable, Sendable {
    case largeTitle
    case title
    case headline
    case body
    case subheadline
    case footnote
    case caption

    public var size: Int {
        switch self {
        case .largeTitle: 28
        case .title: 22
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
        case .largeTitle, .title: 1.2
        default: 1.45
        }
    }

    /// The class that applies it: `dk-text-subheadline`.
    public var cssClass: String { "dk-text-\(rawValue.kebabCased)" }
}

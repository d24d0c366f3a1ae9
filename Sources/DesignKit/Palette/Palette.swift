/// Named colors with a light and a dark value; dark ones apply through `prefers-color-scheme`.
public enum Palette: String, CaseIterable, Sendable {
    case background
    case secondaryBackground
    case elevatedBackground
    case primaryLabel
    case secondaryLabel
    case tertiaryLabel
    case separator
    case accent
    case link
    case heart
    case star
    case noticeBackground
    case noticeLabel
    /// Red text: warnings and destructive actions (the heart is the icon's red, too light for text on light fills).
    case destructiveLabel
    /// Green text: what was added (a diff); the accent is a fill, too light for text on light fills.
    case positiveLabel
    /// Text on a colored fill (the accent, the heart): dark in both modes, for contrast on bright fills.
    case onFill

    /// `#RRGGBB` in light mode.
    public var light: String {
        switch self {
        case .background: "#ededed"
        case .secondaryBackground: "#f7f7f7"
        case .elevatedBackground: "#ffffff"
        case .primaryLabel: "#191919"
        case .secondaryLabel: "#5e5e5e"
        case .tertiaryLabel: "#6b6b6b"
        case .separator: "#e2e2e2"
        case .accent: "#07c160"
        case .link: "#576b95"
        case .heart: "#e5484d"
        case .star: "#f1c40f"
        case .noticeBackground: "#fff4d6"
        case .noticeLabel: "#7a5600"
        case .destructiveLabel: "#c9252c"
        case .positiveLabel: "#08773b"
        case .onFill: "#0d0d0d"
        }
    }

    /// `#RRGGBB` in dark mode.
    public var dark: String {
        switch self {
        case .background: "#111111"
        case .secondaryBackground: "#1c1c1e"
        case .elevatedBackground: "#1f1f1f"
        case .primaryLabel: "#ececec"
        case .secondaryLabel: "#a0a0a0"
        case .tertiaryLabel: "#8e8e8e"
        case .separator: "#2e2e2e"
        case .accent: "#23c770"
        case .link: "#7d90bf"
        case .heart: "#ff6369"
        case .star: "#f5d142"
        case .noticeBackground: "#3a2e0b"
        case .noticeLabel: "#f3d48a"
        case .destructiveLabel: "#ff6369"
        case .positiveLabel: "#23c770"
        case .onFill: "#0d0d0d"
        }
    }

    /// The CSS custom property that holds it: `--color-secondary-label`.
    public var cssVariable: String { "--color-\(rawValue.kebabCased)" }
}

/// The tokens and components as one stylesheet (`/css/designkit.css`): custom properties for
/// spacing, colors (dark values through `prefers-color-scheme`) and type, and the component
/// classes. The timeline and the DesignKit demo both draw with these and nothing else.
public enum DesignKitStylesheet {
    public static let css: String = [root, wide, dark, typography, components, samples].joined(separator: "\n")

    private static var root: String {
        let spacing = Spacing.allCases.map { "  \($0.cssVariable): \($0.points)px;" }
        let colors = Palette.allCases.map { "  \($0.cssVariable): \($0.light);" }
        let type = Typography.allCases.flatMap { style in
            let name = style.rawValue.kebabCased
            return ["  --font-size-\(name): \(style.rem);", "  --font-weight-\(name): \(style.weight);",
                    "  --line-height-\(name): \(style.lineHeight);"]
        }
        return ([":root {", "  color-scheme: light dark;",
                 "  --font-family: system-ui, -apple-system, \"Segoe UI\", Roboto, \"Noto Sans\", \"Noto Sans CJK SC\", \"PingFang SC\", sans-serif;",
                 "  --avatar-corner-radius-ratio: \(Avatar.cornerRadiusRatio);"]
            + spacing + colors + type + ["}"]).joined(separator: "\n")
    }

    /// The seed's wide-screen (iPad) spacing scale, from `Spacing.wideScreenMinimumWidth` on.
    private static var wide: String {
        let spacing = Spacing.allCases.map { "    \($0.cssVariable): \($0.widePoints)px;" }
        return (["@media (min-width: \(Spacing.wideScreenMinimumWidth)px) {", "  :root {"] + spacing + ["  }", "}"]).joined(separator: "\n")
    }

    private static var dark: String {
        let colors = Palette.allCases.map { "    \($0.cssVariable): \($0.dark);" }
        return (["@media (prefers-color-scheme: dark) {", "  :root {"] + colors + ["  }", "}"]).joined(separator: "\n")
    }

    private static var typography: String {
        Typography.allCases.map { style in
            let name = style.rawValue.kebabCased
            return ".\(style.cssClass) { font-size: var(--font-size-\(name)); font-weight: var(--font-weight-\(name)); line-height: var(--line-height-\(name)); }"
        }.joined(separator: "\n")
    }

    /// A swatch per color and mode, a bar per space and a sample per text/background pair, for the demo page: drawn from the
    /// tokens, so the demo cannot drift from them.
    private static var samples: String {
        let swatches = Palette.allCases.flatMap { color in
            [".dk-swatch--\(color.rawValue)-light { background: \(color.light); }", ".dk-swatch--\(color.rawValue)-dark { background: \(color.dark); }"]
        }
        let spaces = Spacing.allCases.map { ".dk-space--\($0.rawValue) { width: var(\($0.cssVariable)); }" }
        let contrast = ContrastPair.all.flatMap { pair in
            let name = "\(pair.text.rawValue)-on-\(pair.background.rawValue)"
            return [".dk-contrast--\(name)-light { color: \(pair.text.light); background: \(pair.background.light); }",
                    ".dk-contrast--\(name)-dark { color: \(pair.text.dark); background: \(pair.background.dark); }"]
        }
        return ([".dk-swatch { display: inline-block; width: 40px; height: 40px; border-radius: 8px; box-shadow: inset 0 0 0 1px rgb(128 128 128 / .35); }",
                 ".dk-space { display: inline-block; height: 16px; border-radius: 3px; background: var(--color-accent); }"]
            + swatches + spaces + contrast).joined(separator: "\n")
    }

    private static let components = """
        .dk-avatar { display: inline-block; flex: none; object-fit: cover; background: var(--color-secondary-background);
          width: var(--avatar-size, 40px); height: var(--avatar-size, 40px);
          border-radius: calc(var(--avatar-size, 40px) * var(--avatar-corner-radius-ratio)); }
        .dk-avatar--round { border-radius: 50%; }
        .dk-favorite-button { display: inline-flex; align-items: center; justify-content: center; gap: var(--spacing-two-extra-small);
          min-width: 36px; min-height: 36px; padding: var(--spacing-two-extra-small) var(--spacing-extra-small);
          border: 0; border-radius: 18px; background: transparent; color: var(--color-secondary-label);
          font: inherit; cursor: pointer; transition: transform .12s ease, color .12s ease, background-color .12s ease; }
        .dk-favorite-button:hover { background: var(--color-secondary-background); }
        .dk-favorite-button:active { transform: scale(.92); }
        .dk-favorite-button:focus-visible { outline: 2px solid var(--color-accent); outline-offset: 2px; }
        .dk-icon-symbols { position: absolute; width: 0; height: 0; overflow: hidden; }
        .dk-favorite-icon { width: 22px; height: 22px; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linejoin: round; }
        .dk-favorite-button[aria-pressed="true"] .dk-favorite-icon { fill: currentColor; }
        .dk-favorite-button--heart[aria-pressed="true"] { color: var(--color-heart); }
        .dk-favorite-button--star[aria-pressed="true"] { color: var(--color-star); }
        .dk-favorite-button[aria-busy="true"] { cursor: progress; background: var(--color-secondary-background); box-shadow: inset 0 0 0 1.5px currentColor; }
        .dk-favorite-button[aria-busy="true"] .dk-favorite-icon { animation: dk-pending .8s ease-in-out infinite alternate; }
        @keyframes dk-pending { to { opacity: .4; transform: scale(.85); } }
        @media (prefers-reduced-motion: reduce) {
          .dk-favorite-button[aria-busy="true"] .dk-favorite-icon { animation: none; opacity: .6; }
        }
        """
}

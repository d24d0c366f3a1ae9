import Foundation

/// A text color on the background it is drawn on, as the pages pair them, with its WCAG 2.1
/// contrast ratio in each mode: every pair meets AA (4.5:1) in light and dark (`DesignKitContrastTests`),
/// so contrast is fixed here, in the tokens, never page by page.
public struct ContrastPair: Sendable {
    public let text: Palette
    public let background: Palette

    /// WCAG AA for normal text.
    public static let minimumRatio = 4.5

    /// Every text/background pair the pages use.
    public static let all: [ContrastPair] = [Palette.background, .secondaryBackground, .elevatedBackground].flatMap { background in
        [Palette.primaryLabel, .secondaryLabel, .tertiaryLabel, .link, .destructiveLabel, .positiveLabel].map { ContrastPair(text: $0, background: background) }
    } + [ContrastPair(text: .noticeLabel, background: .noticeBackground), ContrastPair(text: .onFill, background: .accent),
         ContrastPair(text: .onFill, background: .heart)]

    public var lightRatio: Double { Self.ratio(text.light, background.light) }
    public var darkRatio: Double { Self.ratio(text.dark, background.dark) }

    /// The WCAG 2.1 contrast ratio of two `#RRGGBB` colors, from 1 to 21.
    public static func ratio(_ first: String, _ second: String) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Relative luminance of `#RRGGBB`, as WCAG 2.1 defines it.
    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map { channel -> Double in
            let c = Double(channel) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
}

import DesignKit
import Foundation
import Foundations

/// The DesignKit demo page: every token and component of the DesignKit target, for designers
/// and product people to check (the seed's `DesignKit?productName=&version=` link).
public struct DesignKitDemoViewModel: Encodable, Sendable {
    struct TextStyle: Encodable {
        let name: String
        let cssClass: String
        let size: Int
        let rem: String
        let weight: Int
    }

    struct Swatch: Encodable {
        let name: String
        let cssVariable: String
        let light: String
        let dark: String
    }

    /// A text color on a background with its contrast ratio in each mode ("7.1:1").
    struct Contrast: Encodable {
        let text: String
        let background: String
        let lightRatio: String
        let darkRatio: String
        let meetsAA: Bool
    }

    struct Space: Encodable {
        let name: String
        let points: Int
        let widePoints: Int
    }

    struct FavoriteButtonSample: Encodable {
        let style: String
        let icon: String
    }

    struct AvatarSample: Encodable {
        let shape: String
        let cssClasses: String
    }

    let productName: String
    /// DesignKit's own version (`DesignKitInfo.version`).
    let version: String
    /// What the link's `?version=` asked for, when it is not the version shown.
    let requestedVersionNote: String?
    let typography: [TextStyle]
    let palette: [Swatch]
    let contrast: [Contrast]
    let spacing: [Space]
    let avatars: [AvatarSample]
    let favoriteButtons: [FavoriteButtonSample]

    public init(productName: String, requestedVersion: String? = nil, l10n: L10n = L10n(language: .english)) {
        self.productName = productName
        version = DesignKitInfo.version
        requestedVersionNote = requestedVersion.flatMap { $0 == DesignKitInfo.version ? nil : String(format: l10n[.designkitRequestedVersion], $0, DesignKitInfo.version) }
        typography = Typography.allCases.map { TextStyle(name: $0.rawValue, cssClass: $0.cssClass, size: $0.size, rem: $0.rem, weight: $0.weight) }
        palette = Palette.allCases.map { Swatch(name: $0.rawValue, cssVariable: $0.cssVariable, light: $0.light, dark: $0.dark) }
        contrast = ContrastPair.all.map { pair in
            Contrast(text: pair.text.rawValue, background: pair.background.rawValue,
                     lightRatio: Self.ratioText(pair.lightRatio), darkRatio: Self.ratioText(pair.darkRatio),
                     meetsAA: min(pair.lightRatio, pair.darkRatio) >= ContrastPair.minimumRatio)
        }
        spacing = Spacing.allCases.map { Space(name: $0.rawValue, points: $0.points, widePoints: $0.widePoints) }
        avatars = Avatar.Shape.allCases.map { AvatarSample(shape: $0.rawValue, cssClasses: Avatar.cssClasses($0)) }
        favoriteButtons = FavoriteButton.Style.allCases.map { FavoriteButtonSample(style: $0.rawValue, icon: FavoriteButton.icon($0)) }
    }

    /// "4.74:1", rounded down so that a ratio shown as 4.50:1 does meet 4.5:1.
    static func ratioText(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded(.down))
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100):1"
    }
}

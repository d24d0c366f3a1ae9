import DesignKit
import Foundation
import Foundations

/// The DesignKit demo page: every token and component of the DesignKit target, for designers
/// and product people to check (the seed's `DesignKit?productName=&version=` link).
public struct DesignKitDemoViewModel: Encodable, Sendable {
    let productName: String
    /// DesignKit's own version, whatever the link asked for.
    let version: String
    /// Says so when the link asked for another version than this DesignKit's.
    let requestedVersionNote: String?
    /// Every token, drawn once per look: it never changes while the process runs.
    let catalogue: ListSection

    public init(productName: String, requestedVersion: String? = nil, l10n: L10n = L10n(language: .english)) {
        self.productName = productName
        version = DesignKitInfo.version
        requestedVersionNote = requestedVersion.flatMap { $0 == DesignKitInfo.version ? nil : String(format: l10n[.designkitRequestedVersion], $0, DesignKitInfo.version) }
        catalogue = ListSection(items: [DesignKitCatalogueItemViewModel.standard])
    }
}

/// DesignKit's tokens as the demo shows them: type styles, colours, their contrast, spacing,
/// avatar shapes and favourite buttons.
struct DesignKitCatalogueItemViewModel: ListItemViewModel {
    struct TextStyle: Encodable, Hashable {
        let name: String
        let cssClass: String
        let size: Int
        let rem: String
        let weight: Int
    }

    struct Swatch: Encodable, Hashable {
        let name: String
        let cssVariable: String
        let light: String
        let dark: String
    }

    struct Contrast: Encodable, Hashable {
        let text: String
        let background: String
        let lightRatio: String
        let darkRatio: String
        let meetsAA: Bool
    }

    struct Space: Encodable, Hashable {
        let name: String
        let points: Int
        let widePoints: Int
    }

    struct FavoriteButtonSample: Encodable, Hashable {
        let style: String
        let icon: String
    }

    struct AvatarSample: Encodable, Hashable {
        let shape: String
        let cssClasses: String
    }

    let typography: [TextStyle]
    let palette: [Swatch]
    let contrast: [Contrast]
    let spacing: [Space]
    let avatars: [AvatarSample]
    let favoriteButtons: [FavoriteButtonSample]

    static let standard = DesignKitCatalogueItemViewModel()

    private init() {
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

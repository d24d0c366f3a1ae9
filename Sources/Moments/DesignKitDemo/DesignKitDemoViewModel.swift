import DesignKit

/// The DesignKit demo page: every token and component of the DesignKit target, for designers
/// and product people to check (the seed's `DesignKit?productName=&version=` link).
public struct DesignKitDemoViewModel: Encodable, Sendable {
    struct TextStyle: Encodable {
        let name: String
        let cssClass: String
        let size: Int
        let weight: Int
    }

    struct Swatch: Encodable {
        let name: String
        let cssVariable: String
        let light: String
        let dark: String
    }

    struct Space: Encodable {
        let name: String
        let points: Int
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
    let version: String
    let typography: [TextStyle]
    let palette: [Swatch]
    let spacing: [Space]
    let avatars: [AvatarSample]
    let favoriteButtons: [FavoriteButtonSample]

    public init(productName: String, version: String) {
        self.productName = productName
        self.version = version
        typography = Typography.allCases.map { TextStyle(name: $0.rawValue, cssClass: $0.cssClass, size: $0.size, weight: $0.weight) }
        palette = Palette.allCases.map { Swatch(name: $0.rawValue, cssVariable: $0.cssVariable, light: $0.light, dark: $0.dark) }
        spacing = Spacing.allCases.map { Space(name: $0.rawValue, points: $0.points) }
        avatars = Avatar.Shape.allCases.map { AvatarSample(shape: $0.rawValue, cssClasses: Avatar.cssClasses($0)) }
        favoriteButtons = FavoriteButton.Style.allCases.map { FavoriteButtonSample(style: $0.rawValue, icon: FavoriteButton.icon($0)) }
    }
}

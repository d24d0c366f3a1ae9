import Foundations

/// The three kinds of row in the internal menu, as in the seed, and the user switcher.
public enum InternalMenuItemType: String, Encodable, Sendable, CaseIterable {
    case description
    case featureToggle
    case actionTrigger
    case userSwitcher
}

/// A row of Area 51; the view draws each kind with its own template (its `reuseIdentifier`).
public protocol InternalMenuItemViewModel: ListItemViewModel {
    var type: InternalMenuItemType { get }
    var title: String { get }
}

/// One choice of a row's control: an override's value, a user to act as.
public struct InternalMenuChoice: Encodable, Sendable, Hashable {
    /// What the form sends (empty for "follow remote").
    public let value: String
    public let label: String
    public let isSelected: Bool
}

/// A titled group of rows: the seed's `InternalMenuSection` is a list section.
public typealias InternalMenuSection = ListSection

/// A line of information: the version, the BFF's address, an event.
public struct InternalMenuDescriptionItemViewModel: InternalMenuItemViewModel {
    public let type = InternalMenuItemType.description
    public let title: String
    public let detail: String?
    /// Marks a row that needs attention (the BFF is down, the last crash).
    public let isWarning: Bool

    public init(title: String, detail: String? = nil, isWarning: Bool = false) {
        self.title = title
        self.detail = detail
        self.isWarning = isWarning
    }
}

/// A row that does something: opens a page (`href`) or runs a tool (`actionID`, posted).
public struct InternalMenuActionTriggerItemViewModel: InternalMenuItemViewModel {
    public let type = InternalMenuItemType.actionTrigger
    public let title: String
    public let detail: String?
    public let actionID: String?
    public let href: String?
    public let isDestructive: Bool

    /// A row that runs `action` when pressed.
    public init(action: any InternalMenuAction, l10n: L10n) {
        title = l10n[action.strings.title]
        detail = l10n[action.strings.detail]
        actionID = action.id
        href = nil
        isDestructive = action.isDestructive
    }

    /// A row that opens `href`.
    public init(title: String, detail: String?, href: String) {
        self.title = title
        self.detail = detail
        actionID = nil
        self.href = href
        isDestructive = false
    }
}

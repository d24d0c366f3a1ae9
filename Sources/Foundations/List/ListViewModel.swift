import Locking

/// One row of a list, drawn by the template named after its `reuseIdentifier`, as a table view
/// dequeues a cell by it in the seed. The template sees the item and the page's look
/// (`ListItemDrawer`), nothing else of the page: what it shows is in the item, so equal items
/// draw the same.
public protocol ListItemViewModel: Encodable, Hashable, Sendable {
    static var reuseIdentifier: String { get }
}

extension ListItemViewModel {
    /// The type's name, made once: a page asks it of each item it draws and each a script reads.
    public static var reuseIdentifier: String {
        reuseIdentifiers.value(for: ObjectIdentifier(Self.self)) { String(describing: Self.self) }
    }

    public var reuseIdentifier: String { Self.reuseIdentifier }
}

private let reuseIdentifiers = BoundedMemo<ObjectIdentifier, String>(capacity: 64)

/// A titled group of list items.
public struct ListSection: Encodable, Sendable {
    public let title: String
    public let items: [any ListItemViewModel]
    /// A line under the rows, as the seed's section footer: what the rows do ("Changes apply at
    /// the next request"), what cannot be undone.
    public let footer: String?

    public init(title: String = "", items: [any ListItemViewModel], footer: String? = nil) {
        self.title = title
        self.items = items
        self.footer = footer
    }

    private enum CodingKeys: String, CodingKey {
        case title, items, footer
    }

    private enum ItemKeys: String, CodingKey {
        case reuseIdentifier
    }

    /// Each item is encoded with its `reuseIdentifier`, so a script can tell the kinds apart; for
    /// a page's template (a `ListItemDrawer` in `userInfo`), as the HTML it draws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(footer, forKey: .footer)
        if let drawer = encoder.userInfo[.listItemDrawer] as? any ListItemDrawer {
            try container.encode(items.map { try drawer.html(for: $0) }, forKey: .items)
            return
        }
        var list = container.nestedUnkeyedContainer(forKey: .items)
        for item in items {
            let itemEncoder = list.superEncoder()
            try item.encode(to: itemEncoder)
            var keys = itemEncoder.container(keyedBy: ItemKeys.self)
            try keys.encode(item.reuseIdentifier, forKey: .reuseIdentifier)
        }
    }
}

/// Draws list items for a page's template, set in its encoder's `userInfo` under `.listItemDrawer`.
public protocol ListItemDrawer: Sendable {
    func html(for item: any ListItemViewModel) throws -> String
}

extension CodingUserInfoKey {
    /// Where a page's encoder holds its `ListItemDrawer`.
    public static let listItemDrawer = CodingUserInfoKey(rawValue: "listItemDrawer")!
}

/// A screen that shows a list, as the seed's `ListViewModel`: it loads its items, says whether
/// there is anything to show or an error, and reports that it was seen.
public protocol ListViewModel: Sendable {
    var listItems: [ListSection] { get }
    /// Whether there is anything to show; without it the view shows the empty state.
    var hasContent: Bool { get }
    var hasError: Bool { get }
    mutating func loadItems() async
    func trackScreenviews()
}

extension ListViewModel {
    /// By default: any item at all.
    public var hasContent: Bool {
        listItems.contains { !$0.items.isEmpty }
    }
}

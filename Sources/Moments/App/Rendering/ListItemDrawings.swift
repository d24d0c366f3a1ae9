import Foundation
import Foundations
import HTTPServer
import Locking

/// List items drawn for pages, each kept by what it is drawn from: the item itself (whose type
/// names its template) and the page's look (`PageLook`). An item's template sees nothing else
/// (`ListItemViewModel`), so an item drawn once is the same on every page that lists it: a page
/// drawn again after a change draws only the items that changed.
final class ListItemDrawings: Sendable {
    struct Key: Hashable, Sendable {
        /// A kept drawing's kind and what it is drawn from (`KeptDrawing`).
        private struct Kept: Hashable {
            let type: ObjectIdentifier
            let drawnFrom: [Int]
        }

        let look: PageLook.Key
        let item: any ListItemViewModel
        /// Read once, so that keys of kept drawings compare without casting an item, which
        /// copies all that it holds.
        private let kept: Kept?

        init(look: PageLook.Key, item: any ListItemViewModel) {
            self.look = look
            self.item = item
            kept = (item as? any KeptDrawing).map { Kept(type: ObjectIdentifier(type(of: $0)), drawnFrom: $0.drawnFrom) }
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.look == rhs.look else { return false }
            guard lhs.kept == nil, rhs.kept == nil else { return lhs.kept == rhs.kept }
            return lhs.item.isEqual(to: rhs.item)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(look)
            if let kept { return hasher.combine(kept) }
            hasher.combine(ObjectIdentifier(type(of: item)))
            item.hash(into: &hasher)
        }
    }

    /// `false`: every item is drawn afresh, as the reference a kept page must equal.
    private let keepsItems: Bool
    private let drawn: BoundedMemo<Key, String>

    /// - Parameter capacity: items kept at most; past it the drawings start over, since items
    ///   that changed are not asked for again.
    init(capacity: Int = 1024, keepsItems: Bool) {
        drawn = BoundedMemo(capacity: capacity)
        self.keepsItems = keepsItems
    }

    /// The item drawn for `key`, by `draw` when it has not been yet.
    func html(for key: Key, draw: () throws -> String) rethrows -> String {
        keepsItems ? try drawn.value(for: key, make: draw) : try draw()
    }
}

/// What every template of a page may read besides its content, and all that a list item's template
/// reads besides its item: the reader's language (whose sentences its templates hold), the design
/// the toggles choose, and the placeholder of the CSRF token (`RenderedPage`).
struct PageLook {
    /// Equal keys, equal looks.
    struct Key: Hashable, Sendable {
        let language: Language
        let set: TemplateRenderer.TemplateSet
        let design: [String]
    }

    let key: Key
    /// The values, under the names templates use.
    let values: [String: Any]
}

/// A page's `ListItemDrawer`: draws each item alone with the page's look, or finds it drawn.
struct PageItemDrawer: ListItemDrawer, @unchecked Sendable {
    // Unchecked: `look` holds the values of one page, and the drawer lives for the one encoding that draws it.
    let renderer: TemplateRenderer
    let look: PageLook
    let drawings: ListItemDrawings

    init(renderer: TemplateRenderer, look: PageLook, drawings: ListItemDrawings) {
        self.renderer = renderer
        self.look = look
        self.drawings = drawings
    }

    func html(for item: any ListItemViewModel) throws -> String {
        try drawings.html(for: ListItemDrawings.Key(look: look.key, item: item)) {
            var context = look.values
            if let fields = try PageRenderer.context(item) as? [String: Any] {
                context.merge(fields) { $1 }
            }
            return try renderer.render(item.reuseIdentifier, context: context, language: look.key.language, set: look.key.set)
        }
    }
}

extension ListItemViewModel {
    /// Whether `other` is this same item, of this same kind.
    fileprivate func isEqual(to other: any ListItemViewModel) -> Bool {
        (other as? Self) == self
    }
}

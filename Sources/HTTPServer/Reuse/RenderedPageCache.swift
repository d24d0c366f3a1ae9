import Bytes
import Foundation
import Locking

/// Pages drawn once and served again while nothing they show has changed.
///
/// The caller names a page by everything it depends on (language, toggles, data version, the
/// minute relative dates depend on); a page drawn for one key is reused for that key. Per-client
/// values (the CSRF token) are drawn as `RenderedPage.placeholder` and filled in per request:
/// the page is joined around the value, a copy instead of a render.
public final class RenderedPageCache<Key: Hashable & Sendable>: Sendable {
    /// `false`: every page is drawn afresh, as the reference a kept one must equal.
    public let keepsPages: Bool
    private let pages: BoundedMemo<Key, RenderedPage>

    /// - Parameter capacity: pages kept at most; past it the cache starts over, since old keys
    ///   (a past minute, an old data version) are never asked for again.
    public init(capacity: Int = 64, keepsPages: Bool = true) {
        pages = BoundedMemo(capacity: capacity)
        self.keepsPages = keepsPages
    }

    /// The page for `key`, drawn by `render` when it is not cached yet.
    public func page(for key: Key, render: () throws -> String) rethrows -> RenderedPage {
        guard keepsPages else { return RenderedPage(html: try render()) }
        return try pages.value(for: key) { RenderedPage(html: try render()) }
    }
}

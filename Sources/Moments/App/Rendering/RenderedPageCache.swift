import Foundation
import HTTPServer
import Locking

/// Pages drawn once and served again while nothing they show has changed.
///
/// The caller names a page by everything it depends on (language, toggles, data version, the
/// minute relative dates depend on); a page drawn for one key is reused for that key. Per-client
/// values (the CSRF token) are drawn as `RenderedPageCache.placeholder` and filled in per request:
/// the page is joined around the value, a copy instead of a render.
public final class RenderedPageCache: Sendable {
    /// What templates receive in place of a per-client value.
    public static let placeholder = "__MOMENTS_PER_CLIENT_VALUE__"

    /// A drawn page, split around its placeholders, and deflated once per length of the value
    /// that fills them (every token this dashboard issues has one length) for clients that take gzip.
    public final class Page: Sendable {
        let pieces: [SharedBytes]
        private let deflated = Locked<[Int: GzipPieces]>([:])
        /// Identifies the bytes drawn (before the per-client value), the same on every run: an
        /// `ETag` that outlives a restart.
        public let version: String

        init(pieces: [SharedBytes], version: String) {
            self.pieces = pieces
            self.version = version
        }

        /// The page with `value` where the placeholders were, in one buffer: libmicrohttpd sends one
        /// buffer with the headers in one call, pieces as a vector after them in another, which
        /// measured slower than this copy (scripts/bench, 2026-11-26: 0.25 of bare libmicrohttpd as
        /// a vector of 41 pieces, 0.30 joined).
        public func filled(with value: String) -> SharedBytes {
            pieces.count == 1 ? pieces[0] : SharedBytes(joining: pieces, separator: SharedBytes(value))
        }

        /// `filled(with:)` as a gzip body, made of the pieces deflated for values of its length.
        public func gzipped(with value: String) -> SharedBytes {
            let length = value.utf8.count
            if let gzip = deflated.withLock({ $0[length] }) { return gzip.joined(separator: value) }
            let gzip = GzipPieces(pieces, valueLength: length)
            deflated.withLock { $0[length] = gzip }
            return gzip.joined(separator: value)
        }
    }

    private let capacity: Int
    private let pages = Locked<[String: Page]>([:])

    /// - Parameter capacity: pages kept at most; past it the cache starts over, since old keys
    ///   (a past minute, an old data version) are never asked for again.
    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The page for `key`, drawn by `render` when it is not cached yet.
    public func page(for key: String, render: () throws -> String) rethrows -> Page {
        if let page = pages.withLock({ $0[key] }) { return page }
        let html = try render()
        let pieces = html.components(separatedBy: Self.placeholder).map(SharedBytes.init)
        let page = Page(pieces: pieces, version: String(FNV1a.hash(html.utf8), radix: 36))
        pages.withLock { pages in
            if pages.count >= capacity { pages.removeAll() }
            pages[key] = page
        }
        return page
    }

    /// Forgets every page, for changes a key does not capture.
    public func removeAll() {
        pages.withLock { $0.removeAll() }
    }
}

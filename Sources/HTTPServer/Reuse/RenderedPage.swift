import Bytes
import CZlib
import Foundation
import Locking
import Telemetry

/// A drawn page, split around its placeholders, and deflated once per length of the value
/// that fills them (every token this dashboard issues has one length) for clients that take gzip.
public final class RenderedPage: Sendable {
    /// What templates receive in place of a per-client value: drawn anew each run, so no text a
    /// client or the BFF puts in a page (a moment's link) stands for it and is filled with the reader's token.
    public static let placeholder = "moments-per-client-\(KernelRandom.hex(bytes: 16))"

    let pieces: [SharedBytes]
    private let deflated = Locked<[Int: GzipPieces]>([:])
    /// Identifies the bytes drawn (before the per-client value), the same on every run: an
    /// `ETag` that outlives a restart.
    public let version: String

    /// `html` as drawn, with `placeholder` where each per-client value goes.
    public init(html: String) {
        pieces = Self.pieces(of: html)
        // The pieces around the placeholder, which changes each run: the same page has the same
        // version after a restart.
        version = String(FNV1a.hash(pieces.lazy.map(\.buffer).joined(separator: [0])), radix: 36)
    }

    /// `html` filled with `value` for one answer: a page that is not kept needs no version.
    public static func filling(_ html: String, with value: String) -> SharedBytes {
        joined(pieces(of: html), with: value)
    }

    /// `html` split around the placeholders: as bytes, since Foundation's
    /// `components(separatedBy:)` walks a page by `Character`.
    private static func pieces(of html: String) -> [SharedBytes] {
        let html = Array(html.utf8)
        var pieces: [SharedBytes] = []
        var start = 0
        for offset in html.offsets(of: placeholder.utf8) {
            pieces.append(SharedBytes(html[start..<offset]))
            start = offset + placeholder.utf8.count
        }
        pieces.append(SharedBytes(html[start...]))
        return pieces
    }

    private static func joined(_ pieces: [SharedBytes], with value: String) -> SharedBytes {
        pieces.count == 1 ? pieces[0] : SharedBytes(joining: pieces, separator: SharedBytes(value))
    }

    /// Whether the page has a per-client value in it at all (a page without forms has none).
    public var holdsPerClientValue: Bool { pieces.count > 1 }

    /// The page with `value` where the placeholders were, in one buffer: libmicrohttpd sends one
    /// buffer with the headers in one call, pieces as a vector after them in another, which is
    /// slower than this copy.
    public func filled(with value: String) -> SharedBytes {
        Self.joined(pieces, with: value)
    }

    /// `filled(with:)` as a gzip body, made of the pieces deflated for values of its length.
    public func gzipped(with value: String) -> SharedBytes {
        let length = value.utf8.count
        if let gzip = deflated.withLock({ $0[length] }) { return gzip.joined(separator: value) }
        // zlib's fastest level: a page is deflated again at each change of what it shows, and at the
        // default level deflating costs about as much as drawing it.
        let gzip = GzipPieces(pieces, valueLength: length, level: Z_BEST_SPEED)
        deflated.withLock { $0[length] = gzip }
        return gzip.joined(separator: value)
    }
}

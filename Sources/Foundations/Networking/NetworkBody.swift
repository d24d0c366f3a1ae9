import Foundation

/// A request or response body as the network log keeps it: its text up to the log's cap, its
/// whole size, and whether the text was cut.
public struct NetworkBody: Sendable, Encodable, Equatable {
    /// The body as UTF-8 text, cut at the cap; for a picture, a note of its size and type instead.
    public let text: String
    /// Bytes of the whole body as sent or received.
    public let size: Int
    public let mimeType: String
    /// Set when `text` holds only the first bytes of the body.
    public let isTruncated: Bool

    /// `data` kept up to `cap` bytes (cut on a character boundary).
    public init(_ data: Data, mimeType: String, cap: Int) {
        size = data.count
        self.mimeType = mimeType
        isTruncated = data.count > cap
        text = String(decoding: isTruncated ? data.prefix(cap) : data, as: UTF8.self)
    }

    /// A body not kept as text (a picture): `note` stands for it.
    public init(note: String, size: Int, mimeType: String) {
        text = note
        self.size = size
        self.mimeType = mimeType
        isTruncated = false
    }

    /// No body at all (no answer came).
    public static let none = NetworkBody(note: "", size: 0, mimeType: "")
}

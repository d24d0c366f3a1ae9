import Foundation

/// A part of a page that its own template draws and that is kept as list items are
/// (`ListItemDrawer`), found again by what it is drawn from rather than by its fields: the
/// versions of the states it shows, or an id that names nothing else. Finding it drawn then costs
/// neither making its fields nor comparing them.
public protocol KeptDrawing: ListItemViewModel {
    associatedtype Content: Encodable
    /// What the template reads, made only when the part is drawn.
    var content: Content { get }
    var drawnFrom: [Int] { get }
}

extension KeptDrawing {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.drawnFrom == rhs.drawnFrom }

    public func hash(into hasher: inout Hasher) { hasher.combine(drawnFrom) }

    public func encode(to encoder: any Encoder) throws { try content.encode(to: encoder) }
}

/// `content` as a script reads it; for a page's template (a `ListItemDrawer` in the encoder's
/// `userInfo`), each of `parts` drawn under its name: its items one after the other, so that a
/// template writes a list of them as one piece rather than going through them.
public struct Drawn<Content: Encodable & Sendable>: Encodable, Sendable {
    public let content: Content
    public let parts: [String: [any ListItemViewModel]]

    public init(_ content: Content, parts: [String: [any ListItemViewModel]]) {
        self.content = content
        self.parts = parts
    }

    private struct PartName: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        guard let drawer = encoder.userInfo[.listItemDrawer] as? any ListItemDrawer else { return try content.encode(to: encoder) }
        var container = encoder.container(keyedBy: PartName.self)
        for (name, items) in parts {
            try container.encode(try items.map { try drawer.html(for: $0) }.joined(), forKey: PartName(stringValue: name))
        }
    }
}

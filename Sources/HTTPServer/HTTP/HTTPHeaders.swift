/// Header fields in arrival order, looked up case-insensitively as HTTP requires.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private(set) var fields: [(name: String, value: String)]
    /// Set on a request's headers: every lookup is noted there.
    var reads: RequestReads?

    /// Creates headers from name/value pairs, keeping their order.
    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of the field `name`, ignoring case.
    public subscript(name: String) -> String? {
        reads?.header(name)
        return fields.first { Self.sameName($0.name, name) }?.value
    }

    /// The values of every field called `name`, in arrival order (a list field may come on several lines).
    public func values(of name: String) -> [String] {
        reads?.header(name)
        return fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Replaces every field called `name` with one field of `value`.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    /// Adds a field, keeping any others of the same name (`Set-Cookie`).
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Removes every field called `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Whether two field names are equal ignoring ASCII case (field names are ASCII tokens),
    /// compared without building lowercased copies.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        reads?.everything()
        return fields.makeIterator()
    }
}

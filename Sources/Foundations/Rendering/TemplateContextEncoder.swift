import Foundation

/// Encodes a view-model straight into the values a template reads: what `JSONSerialization`
/// makes of the JSON twin (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`), without
/// writing the JSON and reading it back. A page's items arrive as their HTML, so the text a page
/// is made of is never escaped into JSON and parsed out again.
///
/// It writes what the twin's encoder (`JSONCoding.encoder()`) would: absent optionals left out,
/// dates in ISO 8601, URLs as their text, a whole number in a `Double` as a whole number.
public struct TemplateContextEncoder {
    public var userInfo: [CodingUserInfoKey: Any] = [:]

    public init() {}

    public func encode(_ value: some Encodable) throws -> Any {
        let encoder = TreeEncoder(userInfo: userInfo, codingPath: [])
        return try encoder.box(value)
    }
}

/// A container being filled: shared by reference, so a second `container(…)` call on the same
/// encoder (as `ListSection` makes) adds to the first, and filled in place.
private final class Node {
    enum Slot {
        case value(Any)
        case node(Node)

        var value: Any {
            switch self {
            case .value(let value): value
            case .node(let node): node.value
            }
        }
    }

    var single: Any?
    var fields: [String: Slot]?
    var elements: [Slot]?

    var value: Any {
        if let fields { return fields.mapValues(\.value) }
        if let elements { return elements.map(\.value) }
        return single ?? [String: Any]()
    }
}

private struct TreeEncoder: Encoder {
    let userInfo: [CodingUserInfoKey: Any]
    let codingPath: [any CodingKey]
    let node: Node

    init(userInfo: [CodingUserInfoKey: Any], codingPath: [any CodingKey], node: Node = Node()) {
        self.userInfo = userInfo
        self.codingPath = codingPath
        self.node = node
    }

    /// `value` as a template reads it: the scalars the JSON twin writes specially, or what the
    /// value's own `encode(to:)` fills.
    func box(_ value: some Encodable) throws -> Any {
        switch value {
        case let date as Date: return date.formatted(.iso8601)
        case let url as URL: return url.absoluteString
        case let data as Data: return data.base64EncodedString()
        default:
            let encoder = TreeEncoder(userInfo: userInfo, codingPath: codingPath)
            try value.encode(to: encoder)
            return encoder.node.value
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.fields == nil { node.fields = [:] }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.elements == nil { node.elements = [] }
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// An encoder whose value goes where `store` puts the node it fills.
    func child(at key: any CodingKey, store: (Node) -> Void) -> TreeEncoder {
        let child = Node()
        store(child)
        return TreeEncoder(userInfo: userInfo, codingPath: codingPath + [key], node: child)
    }
}

/// The scalars as `JSONSerialization` reads them back from the twin's JSON.
private enum Scalar {
    static func number(_ value: Double) -> Any {
        // The twin writes 3.0 as 3, which reads back as a whole number.
        if value.rounded() == value, let whole = Int(exactly: value) { return NSNumber(value: whole) }
        return NSNumber(value: value)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: Any, for key: Key) {
        encoder.node.fields?[key.stringValue] = .value(value)
    }

    private func insert(_ node: Node, for key: any CodingKey) {
        encoder.node.fields?[key.stringValue] = .node(node)
    }

    mutating func encodeNil(forKey key: Key) throws { set(NSNull(), for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value, for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(Scalar.number(value), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(Scalar.number(Double(value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(NSNumber(value: value), for: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try TreeEncoder(userInfo: encoder.userInfo, codingPath: codingPath + [key]).box(value), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(at: key) { insert($0, for: key) }.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(at: key) { insert($0, for: key) }.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.child(at: key) { insert($0, for: key) }
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { encoder.node.elements?.count ?? 0 }

    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private func append(_ node: Node) {
        encoder.node.elements?.append(.node(node))
    }

    private func append(value: Any) {
        encoder.node.elements?.append(.value(value))
    }

    mutating func encodeNil() throws { append(value: NSNull()) }
    mutating func encode(_ value: Bool) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: String) throws { append(value: value) }
    mutating func encode(_ value: Double) throws { append(value: Scalar.number(value)) }
    mutating func encode(_ value: Float) throws { append(value: Scalar.number(Double(value))) }
    mutating func encode(_ value: Int) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: Int64) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: UInt64) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: Int8) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: Int16) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: Int32) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: UInt) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: UInt8) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: UInt16) throws { append(value: NSNumber(value: value)) }
    mutating func encode(_ value: UInt32) throws { append(value: NSNumber(value: value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(value: try TreeEncoder(userInfo: encoder.userInfo, codingPath: codingPath + [Index(count)]).box(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(at: Index(count)) { append($0) }.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.child(at: Index(count)) { append($0) }.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.child(at: Index(count)) { append($0) }
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: Any) { encoder.node.single = value }

    mutating func encodeNil() throws { set(NSNull()) }
    mutating func encode(_ value: Bool) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: String) throws { set(value) }
    mutating func encode(_ value: Double) throws { set(Scalar.number(value)) }
    mutating func encode(_ value: Float) throws { set(Scalar.number(Double(value))) }
    mutating func encode(_ value: Int) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: Int64) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: UInt64) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: Int8) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: Int16) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: Int32) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: UInt) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: UInt8) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: UInt16) throws { set(NSNumber(value: value)) }
    mutating func encode(_ value: UInt32) throws { set(NSNumber(value: value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try TreeEncoder(userInfo: encoder.userInfo, codingPath: codingPath).box(value))
    }
}

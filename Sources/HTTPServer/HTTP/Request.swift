import Foundation

/// One HTTP request as a handler sees it: everything read, the body complete and within its cap.
public struct Request: Sendable {
    public var method: HTTPMethod
    /// The path, percent-decoded, without the query.
    public var path: String
    /// Query arguments, percent-decoded, in order; `query["lang"]` gives the first of a name.
    public var query: QueryArguments
    public internal(set) var headers: HTTPHeaders
    public internal(set) var cookies: Cookies
    /// Which headers and cookies were read, through `headers` and `cookies`.
    public let reads = RequestReads()
    public var body: Data
    /// Values of the `{name}` segments of the route that matched.
    public var parameters: [String: String]
    /// The route the router found for this request, carried through its middleware to the dispatch.
    var match: Router.Match = .none

    public init(
        method: HTTPMethod,
        path: String,
        query: QueryArguments = QueryArguments(),
        headers: HTTPHeaders = [:],
        cookies: [String: String] = [:],
        body: Data = Data(),
        parameters: [String: String] = [:]
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.headers.reads = reads
        self.cookies = Cookies(cookies)
        self.cookies.reads = reads
        self.body = body
        self.parameters = parameters
    }

    /// The media type of the body without its parameters, lowercased (`application/json`); `nil`
    /// when the header is absent or names no type (`Content-Type:`, `Content-Type: ;`).
    public var contentType: String? {
        guard let value = headers["Content-Type"] else { return nil }
        let type = value.prefix { $0 != ";" }.withoutOptionalWhitespace.lowercased()
        return type.isEmpty ? nil : type
    }

    /// Whether the request carries a body: one with none needs no `Content-Type`.
    public var hasBody: Bool { !body.isEmpty || contentType != nil }

    /// The fields of an `application/x-www-form-urlencoded` body.
    public var formFields: QueryArguments {
        QueryArguments(urlEncoded: String(decoding: body, as: UTF8.self))
    }
}

/// Decoded `name=value` pairs of a query string or a form body.
public struct QueryArguments: Sendable, Sequence {
    private var pairs: [(name: String, value: String)]

    public init(_ pairs: [(String, String)] = []) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// Parses `a=1&b=two+words` as the URL Standard's application/x-www-form-urlencoded parser
    /// does, for any bytes a client sends: `+` is a space, `%XX` a byte, a `%` not followed by two
    /// hex digits and any other character stay as they are, bytes that are not UTF-8 become U+FFFD.
    public init(urlEncoded: String) {
        let pairs = urlEncoded.utf8.split(separator: UInt8(ascii: "&")).map { piece in
            let name = piece.prefix { $0 != UInt8(ascii: "=") }
            let value = piece[name.endIndex...].dropFirst()
            return (Self.decoded(name), Self.decoded(value))
        }
        self.init(pairs)
    }

    private static func decoded(_ bytes: Substring.UTF8View) -> String {
        percentDecoded(bytes, plusIsSpace: true)
    }

    /// `bytes` with each `%XX` decoded (a `%` without two hex digits stays), and `+` a space when
    /// `plusIsSpace` (a form or a query; libmicrohttpd keeps it in a path); not UTF-8 is U+FFFD.
    public static func percentDecoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> String {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "+"), plusIsSpace {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let high = bytes[index...].first.flatMap(hex),
                      let low = bytes[index...].dropFirst().first.flatMap(hex) {
                output.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 2)
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    public var isEmpty: Bool { pairs.isEmpty }

    /// The first value given for `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// These arguments without any of `names`.
    public func removing(_ names: Set<String>) -> QueryArguments {
        QueryArguments(pairs.filter { !names.contains($0.name) }.map { ($0.name, $0.value) })
    }

    /// These arguments without any of `names`, percent-encoded and followed by `&` when any is
    /// left: the start of a link's query that adds an argument of its own (`?{{query}}lang=en`).
    public func linkPrefix(removing names: Set<String>) -> String {
        let kept = removing(names).urlEncoded
        return kept.isEmpty ? "" : kept + "&"
    }

    /// `a=1&b=two%20words`: the arguments percent-encoded (everything but RFC 3986's unreserved
    /// characters), for a link or a `Location`.
    public var urlEncoded: String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        func encode(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text }
        return pairs.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        pairs.makeIterator()
    }
}

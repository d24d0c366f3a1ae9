/// A request method, as sent on the request line: methods are case-sensitive (RFC 9110 §9.1), so
/// `get` is not `GET`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Methods that must not change state; everything else is a write.
    public var isSafe: Bool { self == .get || self == .head || self == .options }

    /// Whether this is a method HTTP defines (RFC 9110 §9 and PATCH); the server answers any other
    /// with 501, as §15.6.2 asks of a method it does not recognize.
    public var isStandard: Bool { Self.standard.contains(self) }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    private static let standard: Set<HTTPMethod> = [
        .get, .head, .post, .put, .delete, .patch, .options, HTTPMethod(rawValue: "CONNECT"), HTTPMethod(rawValue: "TRACE"),
    ]
}

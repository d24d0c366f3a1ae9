import Locking

/// The headers and cookies of one request that its middleware and handler read, by name: all its
/// answer can depend on besides its method, target and query (`ReadyAnswers` lends a kept answer
/// to a request only when it has the same values of these). Walking every header, or taking every
/// cookie, reads them all: such an answer is not kept. A cookie the answer holds as it is, for
/// each client its own (`Cookies.echoed`), is read for its kind alone: whether it came, and
/// whether it can be written into a shared answer.
public final class RequestReads: Sendable {
    struct Names: Sendable {
        /// Lowercased: header names are compared ignoring case.
        var headers: Set<String> = []
        var cookies: Set<String> = []
        var echoedCookies: Set<String> = []
        var everything = false
    }

    private let names = Locked(Names())

    public init() {}

    var read: Names { names.withLock { $0 } }

    func header(_ name: String) {
        names.withLock { _ = $0.headers.insert(name.lowercased()) }
    }

    func everything() {
        names.withLock { $0.everything = true }
    }

    func cookie(_ name: String) {
        names.withLock { _ = $0.cookies.insert(name) }
    }

    func echoedCookie(_ name: String) {
        names.withLock { _ = $0.echoedCookies.insert(name) }
    }
}

/// A request's cookies by name, as libmicrohttpd parsed them (the first of a name wins); each one
/// read is noted in the request's `RequestReads`.
public struct Cookies: Sendable, ExpressibleByDictionaryLiteral {
    private var values: [String: String]
    var reads: RequestReads?

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { first, _ in first }))
    }

    public subscript(name: String) -> String? {
        get {
            reads?.cookie(name)
            return values[name]
        }
        set { values[name] = newValue }
    }

    /// Every cookie by name.
    public var all: [String: String] {
        reads?.everything()
        return values
    }

    /// The value of `name` without noting a read: for the server's own bookkeeping.
    func unnoted(_ name: String) -> String? { values[name] }

    /// The value of `name`, for an answer that holds it as it is (`PerClientValue(echoing:)`):
    /// noted for its kind alone, so an answer kept for one echoable value is lent to every request
    /// with one, its own written in.
    public func echoed(_ name: String) -> String? {
        reads?.echoedCookie(name)
        return values[name]
    }

    /// Whether a cookie's value may be written into an answer other clients are lent, each their
    /// own: 32 lowercase hex digits, as `KernelRandom.hex(bytes: 16)` makes, random and long
    /// enough to be found in an answer only where it was written.
    public static func isEchoable(_ value: some Collection<UInt8>) -> Bool {
        value.count == echoableLength && value.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static let echoableLength = 32
}

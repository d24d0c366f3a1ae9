import CMicroHTTPD
import Foundation

/// Reads what libmicrohttpd has parsed of a request: headers, cookies and query arguments,
/// already percent-decoded by the library.
enum ConnectionValues {
    /// The request libmicrohttpd has parsed so far, with `body`.
    static func request(connection: ConnectionHandle, method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?, body: Data) -> Request {
        Request(
            method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? "GET"),
            path: url.map { String(cString: $0) } ?? "/",
            query: QueryArguments(values(of: MHD_ValueKind.GET_ARGUMENT_KIND, connection)),
            headers: HTTPHeaders(values(of: MHD_ValueKind.HEADER_KIND, connection)),
            cookies: Dictionary(values(of: MHD_ValueKind.COOKIE_KIND, connection), uniquingKeysWith: { first, _ in first }),
            body: body
        )
    }

    /// Calls `body` with each value of `kind` as libmicrohttpd keeps it, in the order they came:
    /// the name and value are the library's own, valid during the call, not copied.
    static func forEach(_ kind: MHD_ValueKind, of connection: ConnectionHandle,
                        _ body: (_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) -> Void) {
        withoutActuallyEscaping(body) { body in
            var visitor = Visitor(visit: body)
            withUnsafeMutablePointer(to: &visitor) { pointer in
                _ = MHD_get_connection_values(connection.pointer, kind, { cls, _, key, value in
                    guard let key else { return MHD_Result.YES }
                    cls!.assumingMemoryBound(to: Visitor.self).pointee.visit(key, value)
                    return MHD_Result.YES
                }, pointer)
            }
        }
    }

    /// The closure `forEach` calls, in a struct: a bare closure handed through a pointer is stored
    /// at its most general abstraction, and each call went through two reabstraction thunks (1.2%
    /// of `/healthz`'s time, perf).
    private struct Visitor {
        let visit: (UnsafePointer<CChar>, UnsafePointer<CChar>?) -> Void
    }

    private static func values(of kind: MHD_ValueKind, _ connection: ConnectionHandle) -> [(String, String)] {
        var pairs: [(String, String)] = []
        forEach(kind, of: connection) { name, value in pairs.append((String(cString: name), value.map { String(cString: $0) } ?? "")) }
        return pairs
    }
}

/// Header names as C strings made once, matched against the library's own without copying them:
/// a short `String` passed as a C string is copied to the heap each time.
struct HeaderNames: Sendable {
    private let names: [[CChar]]

    init(_ names: [String]) {
        self.names = names.map { Array($0.utf8CString) }
    }

    /// Which of these `name` is, case ignored, by its place in the list.
    func index(of name: UnsafePointer<CChar>) -> Int? {
        names.firstIndex { $0.withUnsafeBufferPointer { strcasecmp(name, $0.baseAddress!) == 0 } }
    }
}

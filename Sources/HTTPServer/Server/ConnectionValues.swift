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

    private static func values(of kind: MHD_ValueKind, _ connection: ConnectionHandle) -> [(String, String)] {
        var pairs: [(String, String)] = []
        // A pointer to the array itself: `&pairs` alone would point at its elements.
        withUnsafeMutablePointer(to: &pairs) { pairs in
            _ = MHD_get_connection_values(connection.pointer, kind, { pairs, _, name, value in
                if let name {
                    pairs!.assumingMemoryBound(to: [(String, String)].self).pointee.append((String(cString: name), value.map { String(cString: $0) } ?? ""))
                }
                return MHD_Result.YES
            }, pairs)
        }
        return pairs
    }
}

/// Header names as C strings made once, matched against the library's own without copying them:
/// a short `String` passed as a C string is copied to the heap each time.
struct HeaderNames: Sendable {
    private let names: [[CChar]]
    /// Each name's length, compared before its bytes: most names a request has are none of these.
    private let lengths: [Int]

    init(_ names: [String]) {
        self.names = names.map { Array($0.utf8CString) }
        lengths = names.map(\.utf8.count)
    }

    /// Which of these `name` is, case ignored, by its place in the list.
    func index(of name: UnsafePointer<CChar>) -> Int? {
        let length = strlen(name)
        return names.indices.first { lengths[$0] == length && names[$0].withUnsafeBufferPointer { strcasecmp(name, $0.baseAddress!) == 0 } }
    }
}

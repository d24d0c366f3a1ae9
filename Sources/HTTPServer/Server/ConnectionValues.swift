import CMicroHTTPD
import Foundation

/// Reads what libmicrohttpd has parsed of a request: headers, cookies and query arguments,
/// already percent-decoded by the library.
enum ConnectionValues {
    /// The first header called `name`, case ignored. The name goes to the library as `withCString`
    /// lends it, from the stack when short: a `String` passed as a C string is copied to the heap.
    static func header(_ name: String, of connection: ConnectionHandle) -> String? {
        name.withCString { name in
            MHD_lookup_connection_value(connection.pointer, MHD_ValueKind.HEADER_KIND, name).map { String(cString: $0) }
        }
    }

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

    /// The headers called one of `names` as they came, duplicates included, in order. The others
    /// are compared where the library keeps them and not copied: this runs for every request.
    static func headers(named names: HeaderNames, of connection: ConnectionHandle) -> [(name: String, value: String)] {
        var search = (names: names, found: [(name: String, value: String)]())
        withUnsafeMutablePointer(to: &search) { pointer in
            _ = MHD_get_connection_values(connection.pointer, MHD_ValueKind.HEADER_KIND, { cls, _, key, value in
                guard let key else { return MHD_Result.YES }
                let search = cls!.assumingMemoryBound(to: (names: HeaderNames, found: [(name: String, value: String)]).self)
                if search.pointee.names.contains(key) {
                    search.pointee.found.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                }
                return MHD_Result.YES
            }, pointer)
        }
        return search.found
    }

    /// Bytes of the query arguments and of the headers as parsed, counted without copying them.
    static func size(of kind: MHD_ValueKind, _ connection: ConnectionHandle) -> Int {
        var total = 0
        withUnsafeMutablePointer(to: &total) { pointer in
            _ = MHD_get_connection_values(connection.pointer, kind, { cls, _, key, value in
                let total = cls!.assumingMemoryBound(to: Int.self)
                total.pointee += (key.map { strlen($0) } ?? 0) + (value.map { strlen($0) } ?? 0) + 4
                return MHD_Result.YES
            }, pointer)
        }
        return total
    }

    private static func values(of kind: MHD_ValueKind, _ connection: ConnectionHandle) -> [(String, String)] {
        var pairs: [(String, String)] = []
        withUnsafeMutablePointer(to: &pairs) { pointer in
            _ = MHD_get_connection_values(connection.pointer, kind, { cls, _, key, value in
                guard let key else { return MHD_Result.YES }
                let pairs = cls!.assumingMemoryBound(to: [(String, String)].self)
                pairs.pointee.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return MHD_Result.YES
            }, pointer)
        }
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

    /// Whether `name` is one of these, case ignored.
    func contains(_ name: UnsafePointer<CChar>) -> Bool {
        names.contains { $0.withUnsafeBufferPointer { strcasecmp(name, $0.baseAddress!) == 0 } }
    }
}

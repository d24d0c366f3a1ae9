import CMicroHTTPD

/// libmicrohttpd responses as this server makes them, for answers made per request
/// (`HTTPServer`) and those made once and lent (`PreparedResponses`).
enum LibraryResponse {
    /// A response that points at `bytes` and holds them until libmicrohttpd destroys it.
    static func pointing(at bytes: SharedBytes) -> OpaquePointer? {
        MHD_create_response_from_buffer_with_free_callback_cls(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.buffer.baseAddress),
            { cls in Unmanaged<SharedBytes>.fromOpaque(cls!).release() },
            Unmanaged.passRetained(bytes).toOpaque()
        )
    }

    /// Adds a header; libmicrohttpd copies both strings. They go to it as `withCString` lends them,
    /// from the stack when short: a `String` passed as a C string is copied to the heap first.
    static func add(_ name: String, _ value: String, to response: OpaquePointer) {
        name.withCString { name in value.withCString { value in _ = MHD_add_response_header(response, name, value) } }
    }

    /// Removes the header `name` whose value is libmicrohttpd's own `value`.
    static func remove(_ name: String, _ value: UnsafePointer<CChar>, from response: OpaquePointer) {
        name.withCString { name in _ = MHD_del_response_header(response, name, value) }
    }

    /// libmicrohttpd's own copies of the values of `fields`, each matched to a header of its name
    /// and value that no field before it took; nil when one is not there. libmicrohttpd keeps each
    /// value in memory of its own, made when the header was added, and reads it when it sends the
    /// head: what is written there is sent, for as long as the header stays and while no request
    /// is sending `response`.
    static func values(of fields: [(name: String, value: String)], in response: OpaquePointer) -> [UnsafeMutablePointer<CChar>]? {
        let match = FieldMatch(fields)
        _ = MHD_get_response_headers(response, { cls, _, name, value in
            guard let name, let value else { return MHD_Result.YES }
            Unmanaged<FieldMatch>.fromOpaque(cls!).takeUnretainedValue().visit(name, value)
            return MHD_Result.YES
        }, Unmanaged.passUnretained(match).toOpaque())
        return match.found.allSatisfy { $0 != nil } ? match.found.map { $0! } : nil
    }

    /// What `values(of:in:)` has matched so far, as libmicrohttpd walks the headers.
    private final class FieldMatch {
        let fields: [(name: String, value: String)]
        var found: [UnsafeMutablePointer<CChar>?]

        init(_ fields: [(name: String, value: String)]) {
            self.fields = fields
            found = Array(repeating: nil, count: fields.count)
        }

        func visit(_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>) {
            let (nameText, valueText) = (String(cString: name), String(cString: value))
            guard let index = fields.indices.first(where: {
                found[$0] == nil && HTTPHeaders.sameName(fields[$0].name, nameText) && fields[$0].value == valueText
            }) else { return }
            found[index] = UnsafeMutablePointer(mutating: value)
        }
    }
}

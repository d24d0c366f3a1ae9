import Bytes
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

    /// Replaces the header `name` whose value is `old` (none: adds one) with one of value `new`.
    /// Only while no request is sending `response`: libmicrohttpd reads its headers as it sends.
    static func replace(_ name: String, _ old: String?, with new: String, in response: OpaquePointer) {
        if let old { name.withCString { name in old.withCString { old in _ = MHD_del_response_header(response, name, old) } } }
        add(name, new, to: response)
    }
}

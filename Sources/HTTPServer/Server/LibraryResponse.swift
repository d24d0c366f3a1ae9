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

    /// Removes the header `name` whose value is `value`.
    static func remove(_ name: String, _ value: String, from response: OpaquePointer) {
        name.withCString { name in value.withCString { value in _ = MHD_del_response_header(response, name, value) } }
    }

    /// Removes the header `name` whose value is libmicrohttpd's own `value`.
    static func remove(_ name: String, _ value: UnsafePointer<CChar>, from response: OpaquePointer) {
        name.withCString { name in _ = MHD_del_response_header(response, name, value) }
    }

    /// libmicrohttpd's own copy of the value of the first header `name`, which it reads when it
    /// sends the head: valid, and writable, until that header is removed or the response destroyed.
    static func value(of name: String, in response: OpaquePointer) -> UnsafeMutableBufferPointer<CChar>? {
        name.withCString { MHD_get_response_header(response, $0) }.map {
            UnsafeMutableBufferPointer(start: UnsafeMutablePointer(mutating: $0), count: strlen($0))
        }
    }

    /// Sets the header `name` whose value is `old` to `new`. When it is the first of its name and
    /// `new` has `old`'s length, `new` is written over libmicrohttpd's own copy (it keeps each value
    /// in memory of its own, made when the header was added, and reads it when it sends the head);
    /// otherwise a delete and an add, three frees and three allocations. Only while no request is
    /// sending `response`.
    static func replace(_ name: String, _ old: String, with new: String, in response: OpaquePointer) {
        var new = new
        let written = new.withUTF8 { new in
            guard old.utf8.count == new.count,
                  let value = name.withCString({ MHD_get_response_header(response, $0) }),
                  old.withCString({ strcmp(value, $0) }) == 0
            else { return false }
            UnsafeMutableRawPointer(mutating: value).copyMemory(from: new.baseAddress!, byteCount: new.count)
            return true
        }
        guard !written else { return }
        remove(name, old, from: response)
        add(name, new, to: response)
    }
}

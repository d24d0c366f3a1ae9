import CMicroHTTPD

/// A libmicrohttpd connection pointer carried between threads.
///
/// libmicrohttpd allows `MHD_resume_connection` from any thread, and the pointer stays valid
/// until the request-completed callback, which only runs after the connection is resumed.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Tells connections apart while they are open.
    var id: Int { Int(bitPattern: UnsafeMutableRawPointer(pointer)) }

    func suspend() { MHD_suspend_connection(pointer) }
    func resume() { MHD_resume_connection(pointer) }
}

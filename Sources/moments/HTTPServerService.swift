import HTTPServer
import ServiceLifecycle

/// The HTTP server as a service of the process's `ServiceGroup`. It is started before the group
/// runs (a port in use is a start-up error, and the URL line follows the start) and is the first
/// service stopped at a graceful shutdown: it stops accepting and lets the requests in flight
/// finish, so that the work they started is done before the services behind it stop.
struct HTTPServerService: Service {
    let server: HTTPServer
    /// Ends the waits that would hold requests up (`RemoteConfigStore.endWaiting`).
    let stopping: @Sendable () -> Void

    func run() async {
        // Cancelled (another service failed) or shut down gracefully: stopped the same way.
        try? await gracefulShutdown()
        stopping()
        await server.shutdown()
    }
}

import ArgumentParser
import Foundation
import HTTPServer
import Logging
import ServiceLifecycle

/// Runs a server the way both commands do: start, print the one line with the URL to open,
/// serve until SIGINT or SIGTERM, then stop gracefully. The server and the background work of the
/// process are the services of one `ServiceGroup`, stopped in the reverse of their order: the
/// server first (the requests in flight finish), then `background` from last to first.
enum ServerRunner {
    /// - Parameter background: the process's work besides the server; each runs until the
    ///   graceful shutdown and does there what it must before the process ends.
    /// - Parameter stopping: called once a signal came, before the server waits for the requests
    ///   in flight: it ends the waits that would hold those up (`RemoteConfigStore.endWaiting`).
    static func run(_ router: Router, host: String, port: Int, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                    announcing name: String, path: String = "/",
                    background: [any Service] = [], stopping: @escaping @Sendable () -> Void = {}) async throws {
        let termination = SignalWaiter()
        let server = HTTPServer(configuration: .init(host: host, port: port, threadCount: threads), router: router)
        do {
            try server.start()
        } catch {
            throw ServeError(message: error.description)
        }
        let urlHost = host.contains(":") ? "[\(host)]" : host
        // Written unbuffered: scripts that start the server read this line to find the port.
        FileHandle.standardOutput.write(Data("\(name) is running at http://\(urlHost):\(server.port)\(path)\n".utf8))
        // The signals are ServiceLifecycle's to trap too, but it arms them when the group runs,
        // after the URL line: the waiter armed before the start stops the group instead.
        let services = [ServiceGroupConfiguration.ServiceConfiguration(service: termination, successTerminationBehavior: .gracefullyShutdownGroup)]
            + (background + [BackgroundWork { await ProcessMemory.returnFreeMemoryBetweenLoads(of: server) }])
                .map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) }
            + [ServiceGroupConfiguration.ServiceConfiguration(service: HTTPServerService(server: server, stopping: stopping))]
        try await ServiceGroup(configuration: ServiceGroupConfiguration(services: services, logger: Logger(label: "moments.lifecycle"))).run()
    }
}

/// A start-up failure reported as one line, with a non-zero exit.
struct ServeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

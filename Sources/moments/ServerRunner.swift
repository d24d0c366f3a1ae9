import ArgumentParser
import Foundation
import HTTPServer
import Logging

/// Runs a server the way both commands do: start, print the one line with the URL to open,
/// serve until SIGINT or SIGTERM, then stop gracefully.
enum ServerRunner {
    /// - Parameter stopping: called once a signal came, before the server waits for the requests
    ///   in flight: it ends the waits that would hold those up (`RemoteConfigStore.endWaiting`).
    static func run(_ router: Router, host: String, port: Int, announcing name: String, path: String = "/",
                    stopping: () -> Void = {}) async throws {
        let termination = SignalWaiter()
        let server = HTTPServer(configuration: .init(host: host, port: port), router: router)
        do {
            try server.start()
        } catch {
            throw ServeError(message: error.description)
        }
        let urlHost = host.contains(":") ? "[\(host)]" : host
        // Written unbuffered: scripts that start the server read this line to find the port.
        FileHandle.standardOutput.write(Data("\(name) is running at http://\(urlHost):\(server.port)\(path)\n".utf8))
        await termination.wait()
        stopping()
        await server.shutdown()
    }
}

/// A start-up failure reported as one line, with a non-zero exit.
struct ServeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

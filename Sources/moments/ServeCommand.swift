import ArgumentParser
import Foundation
import HTTPServer
import Logging
import Moments

/// `moments serve`: starts the dashboard and runs until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the dashboard (with the embedded BFF unless --bff-url is given)."
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: "Folder for the dashboard's data (default: $XDG_DATA_HOME/moments or ~/.local/share/moments).")
    var dataDir: String?

    @Option(help: "Folder of static files (css, js, images).")
    var publicDir = "Public"

    @Option(help: "Folder of Mustache templates.")
    var templatesDir = "templates"

    @Option(help: "GraphQL endpoint of an external BFF; without it the embedded BFF is used.")
    var bffURL: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port).")
        }
        guard FileManager.default.fileExists(atPath: publicDir) else {
            throw ValidationError("--public-dir \(publicDir) does not exist; run from the project folder or pass the path.")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
        var router = Router()
        try HealthRoutes().register(on: &router)
        router.fallback = StaticFiles(root: publicDir).handler

        let server = HTTPServer(configuration: .init(host: host, port: port), router: router)
        do {
            try server.start()
        } catch {
            throw ServeError(message: error.description)
        }
        // Written unbuffered: scripts that start the server read this line to find the port.
        FileHandle.standardOutput.write(Data("Moments Web is running at http://\(urlHost):\(server.port)/\n".utf8))

        await SignalWaiter.waitForTermination()
        await server.shutdown()
    }

    private var urlHost: String {
        host.contains(":") ? "[\(host)]" : host
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// A start-up failure reported as one line, with a non-zero exit.
struct ServeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

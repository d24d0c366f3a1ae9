import ArgumentParser
import BFF
import Foundation
import Foundations
import HTTPServer
import Logging
import Moments
import ServiceLifecycle

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

    @Option(help: "Worker threads answering HTTP, each with its share of the connections (default: one a core).")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Folder for the dashboard's data (default: $XDG_DATA_HOME/moments or ~/.local/share/moments).")
    var dataDir: String?

    @Option(help: "Folder of static files (css, js, images) (default: <prefix>/share/moments/Public beside the installed binary, else the checkout's).")
    var publicDir: String?

    @Option(help: "Folder of Mustache templates (default: <prefix>/share/moments/templates beside the installed binary, else the checkout's).")
    var templatesDir: String?

    @Option(help: "GraphQL endpoint of an external BFF; without it the embedded BFF is used.")
    var bffURL: String?

    @Option(help: "Remote config of an external BFF (default: remote-config beside --bff-url).")
    var remoteConfigURL: String?

    @OptionGroup var bffHeaderOptions: BFFHeaderOptions

    @Option(help: "Seconds between reads of the remote config of a BFF at --bff-url (the embedded BFF, and a BFF that waits for changes, say at once when it changes).")
    var remoteConfigInterval: Double = 30

    @Option(help: "Seconds between reads of the BFF's schema for Area 51's contract page (default: 5 for the embedded BFF, 30 for one at --bff-url).")
    var contractInterval: Double?

    @Option(help: "The user pages act as; in debug and internal builds Area 51 can switch, in production builds only this one.")
    var userID = "0"

    @Option(name: .customLong("allow-host"), help: "Another host name to answer for, for deliberate LAN use (repeatable).")
    var allowedHosts: [String] = []

    @Option(help: "How many exchanges with the BFF Area 51's network inspector keeps (bodies over 256 KiB are cut); 0 records none.")
    var networkLogSize: Int = NetworkLog.defaultCapacity

    @OptionGroup var log: LogOptions

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, not \(port).")
        }
        guard (1...256).contains(threads) else {
            throw ValidationError("--threads must be between 1 and 256, not \(threads).")
        }
        guard (0...100_000).contains(networkLogSize) else {
            throw ValidationError("--network-log-size must be between 0 and 100000, not \(networkLogSize).")
        }
        _ = try ResourceFolders.resolve(publicDir: publicDir, templatesDir: templatesDir)
        try BFFConnection.validate(bffURL, flag: "--bff-url")
        try BFFConnection.validate(remoteConfigURL, flag: "--remote-config-url")
        guard remoteConfigInterval >= 0.1 else {
            throw ValidationError("--remote-config-interval must be at least 0.1 seconds, not \(remoteConfigInterval).")
        }
        if let contractInterval, contractInterval < 0.1 {
            throw ValidationError("--contract-interval must be at least 0.1 seconds, not \(contractInterval).")
        }
        guard !userID.isEmpty else { throw ValidationError("--user-id must not be empty.") }
        try bffHeaderOptions.validate(bffURL: bffURL)
    }

    func run() async throws {
        log.bootstrap()
        let metrics = MetricsRoutes.bootstrap()
        ProcessMemory.tuneForServing()
        let dataDirectory = try DataDirectory.resolve(dataDir)
        let bffHeaders = try bffHeaderOptions.headers(bffURL: bffURL)
        let resources = try ResourceFolders.resolve(publicDir: publicDir, templatesDir: templatesDir)
        let backend = try BFFConnection(bffURL: bffURL, remoteConfigURL: remoteConfigURL, headers: bffHeaders,
                                        dataDirectory: dataDirectory)
        let application = try await MomentsApplication(configuration: .init(
            dataDirectory: dataDirectory,
            templatesDirectory: resources.templatesDirectory,
            publicDirectory: resources.publicDirectory,
            transport: backend.transport,
            remoteConfigurationSource: backend.remoteConfigurationSource,
            bffHeaders: bffHeaders,
            allowedHosts: ["127.0.0.1", "localhost", "::1", host] + allowedHosts,
            bffRoutes: backend.embedded,
            userID: userID,
            listUsers: backend.listUsers,
            networkLogSize: networkLogSize
        ))
        let refreshInterval = Duration.milliseconds(Int(remoteConfigInterval * 1000))
        let embeddedRemoteConfig = backend.embedded?.remoteConfig
        let schemaReadInterval = Duration.milliseconds(Int((contractInterval ?? (bffURL == nil ? 5 : 30)) * 1000))

        var router = try application.makeRouter()
        try router.register(metrics)
        // A production build has no watch: a service that returns at once would stop the process.
        let schemaWatch: [any Service] = application.contractWatch.map { watch in
            [BackgroundWork { await watch.watch(every: schemaReadInterval) }]
        } ?? []
        // Stopped last to first after the server: the schema's watch, the refresh, then the saver's flush.
        try await ServerRunner.run(router, host: host, port: port, threads: threads, announcing: "Moments Web",
                                   background: [FlushAtShutdown { await application.flush() },
                                                BackgroundWork { await application.refreshRemoteConfig(every: refreshInterval) }]
                                       + schemaWatch,
                                   stopping: {
                                       application.releaseHeldCalls()
                                       embeddedRemoteConfig?.endWaiting()
                                       application.likesSubscription?.stop()
                                   })
    }
}

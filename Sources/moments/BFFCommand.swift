import ArgumentParser
import BFF
import Foundation
import HTTPServer
import Logging
import Moments

/// `moments bff`: the embedded BFF on its own, and the tools around its data.
struct BFFCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bff",
        abstract: "Run the embedded BFF alone, reset or generate its data, or change its remote config.",
        subcommands: [Run.self, ResetDemoData.self, Generate.self, Config.self, Bench.self],
        defaultSubcommand: Run.self
    )

    /// Where every `moments bff` command finds the BFF's data: SQLite in `--data-dir`, or the
    /// PostgreSQL database of `--database-url` that several BFF processes share.
    struct DataOptions: ParsableArguments {
        @Option(help: "Folder of the BFF's data (default: $XDG_DATA_HOME/moments or ~/.local/share/moments).")
        var dataDir: String?

        @Option(help: ArgumentHelp(
            "PostgreSQL database of the BFF, shared by every BFF process given it (default: SQLite in --data-dir).",
            discussion: "Also read from MOMENTS_BFF_DATABASE_URL.", valueName: "postgres://user:password@host:5432/name"))
        var databaseURL: String?

        @Option(help: "Most connections to PostgreSQL this process opens.")
        var databasePoolSize = 10

        func validate() throws {
            guard databasePoolSize >= 1 else {
                throw ValidationError("--database-pool-size must be 1 or more, not \(databasePoolSize).")
            }
        }

        func directory() throws -> URL {
            try DataDirectory.resolve(dataDir)
        }

        /// `--database-url`, else `MOMENTS_BFF_DATABASE_URL`; nil for SQLite.
        var postgresURL: String? {
            databaseURL ?? ProcessInfo.processInfo.environment["MOMENTS_BFF_DATABASE_URL"]
        }

        /// Where `postgresURL` came from, for the remedy of a database that cannot be reached.
        private var postgresURLOption: String {
            databaseURL == nil ? "MOMENTS_BFF_DATABASE_URL" : "--database-url"
        }

        /// The BFF on the chosen store, migrated and seeded with demo data when empty.
        func openBFF() async throws -> EmbeddedBFF {
            if let postgresURL {
                return try await EmbeddedBFF.postgres(databaseURL: postgresURL, poolSize: databasePoolSize,
                                                      option: postgresURLOption)
            }
            return try EmbeddedBFF(dataDirectory: directory())
        }

        func remoteConfig() async throws -> RemoteConfigStore {
            if postgresURL != nil { return try await openBFF().remoteConfig }
            return RemoteConfigStore(fileURL: EmbeddedBFF.remoteConfigURL(in: try directory()))
        }

        /// Where the data is, for messages: the SQLite file, or "the PostgreSQL database".
        func storeDescription() throws -> String {
            postgresURL == nil ? try EmbeddedBFF.databaseURL(in: directory()).path : "the PostgreSQL database"
        }
    }

    /// `moments bff [run]`: serves `/graphql` and `/remote-config` until SIGINT or SIGTERM.
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Serve the BFF alone at /graphql.")

        @Option(help: "Address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "Port to listen on; 0 picks a free one.")
        var port = 8081

        @OptionGroup var data: DataOptions

        @Flag(help: "Put the demo data back before serving.")
        var resetDemoData = false

        @OptionGroup var log: LogOptions

        func validate() throws {
            guard (0...65535).contains(port) else {
                throw ValidationError("--port must be between 0 and 65535, not \(port).")
            }
        }

        func run() async throws {
            log.bootstrap()
            let metrics = MetricsRoutes.bootstrap()
            ProcessMemory.tuneForServing()
            let bff = try await data.openBFF()
            if resetDemoData {
                try await bff.resetDemoData()
            }
            var router = Router()
            try router.register(bff)
            try router.register(metrics)
            // Changes through other BFF processes (or `config set`) wake the dashboards waiting on
            // `GET /remote-config`, as changes through this one do.
            let remoteConfig = bff.remoteConfig
            try await ServerRunner.run(router, host: host, port: port, announcing: "Moments BFF", path: "/graphql",
                                       background: [BackgroundWork { await remoteConfig.watchStorage() }],
                                       stopping: { remoteConfig.endWaiting() })
        }
    }

    /// `moments bff reset-demo-data`: deletes every user, moment and like and seeds the demo data.
    struct ResetDemoData: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put the demo data back, dated from now.")

        @OptionGroup var data: DataOptions

        func run() async throws {
            try await data.openBFF().resetDemoData()
            print("Demo data reset in \(try data.storeDescription()).")
        }
    }

    /// `moments bff config show|set`: the remote config the dashboard's remote toggles read.
    struct Config: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change the remote config (isRoundedAvatar, likeButtonStyle).",
            subcommands: [Show.self, Set.self],
            defaultSubcommand: Show.self
        )

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print the remote config as JSON.")

            @OptionGroup var data: DataOptions

            func run() async throws {
                try await printJSON(data.remoteConfig().current())
            }
        }

        struct Set: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Change one key: `config set likeButtonStyle star`, `config set isRoundedAvatar true`."
            )

            @Argument(help: "The key to change.")
            var key: String

            @Argument(help: "Its new value, as JSON (true, false) or as a plain string (star).")
            var value: String

            @OptionGroup var data: DataOptions

            func run() async throws {
                // The same validation as `PUT /remote-config`: the value is sent as a JSON patch.
                let parsed = (try? JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)) ?? value
                let patch = try JSONSerialization.data(withJSONObject: [key: parsed])
                try await printJSON(data.remoteConfig().update(json: patch))
            }
        }
    }
}

extension BFFCommand {
    /// `moments bff bench` (hidden): times the timeline query for user "0" run in-process through
    /// `EmbeddedBFF.execute(body:)`, the dashboard's own transport. Used by `scripts/bench-bff`.
    /// With `--first N` it times the first page of N moments instead of the whole timeline.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time the timeline query in-process.",
                                                        shouldDisplay: false)

        @Option(help: "Timed runs per variant, after a tenth as many untimed ones.")
        var runs = 2000

        @Option(help: "Ask for the first page of this many moments instead of every moment.")
        var first: Int?

        @OptionGroup var data: DataOptions

        func validate() throws {
            guard runs > 0 else { throw ValidationError("--runs must be positive.") }
        }

        func run() async throws {
            let bff = try await data.openBFF()
            for withLikes in [true, false] {
                var variables: [String: Any] = ["userID": "0", "withLikes": withLikes]
                variables["first"] = first
                let body = try JSONSerialization.data(withJSONObject: [
                    "query": GetMomentsByUserIDSession.query, "variables": variables,
                ])
                var durations: [Duration] = []
                for run in 0..<(runs + runs / 10) {
                    let start = ContinuousClock.now
                    let (status, _) = await bff.execute(body: body)
                    let elapsed = ContinuousClock.now - start
                    guard status == .ok else { throw ServeError(message: "The timeline query answered \(status).") }
                    if run >= runs / 10 { durations.append(elapsed) }
                }
                durations.sort()
                let microseconds = { (index: Int) in durations[index] / .microseconds(1) }
                print(String(format: "in-process  withLikes=%@  %@runs %d  median %.0f µs  p90 %.0f µs",
                             "\(withLikes)".padding(toLength: 5, withPad: " ", startingAt: 0),
                             first.map { "first=\($0)  " } ?? "", runs,
                             microseconds(durations.count / 2), microseconds(durations.count * 9 / 10)))
            }
        }
    }
}

private func printJSON(_ config: RemoteConfig) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    print(String(decoding: try encoder.encode(config), as: UTF8.self))
}

import ArgumentParser
import Foundation
import Foundations
import Moments

/// `moments session`: what can be done with a QA session file outside the dashboard.
struct SessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Work with QA session files exported from Area 51.",
        subcommands: [Replay.self]
    )

    /// `moments session replay FILE`: a bug report run as a test. Exits 0 when every answer is
    /// the recorded one, 1 when one differs, 2 when the file cannot be read.
    struct Replay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the BFF operations a QA session recorded again and compare each answer with the recorded one.",
            discussion: """
                Every GraphQL operation of the file's exchanges is sent again with its variables (the acting \
                user among them) to the BFF at --bff-url, or to the embedded BFF on --data-dir, as `moments serve` \
                picks it. Mutations are skipped unless --with-mutations is given. Answers are compared by JSON \
                path: fields added, removed, changed, and lists reordered. Exit status: 0 when every answer \
                matches, 1 when one differs, 2 when the file cannot be read.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Argument(help: "A QA session file (JSON), as Area 51's Export session writes it.")
        var file: String

        @Option(help: "GraphQL endpoint of an external BFF; without it the embedded BFF on --data-dir is used.")
        var bffURL: String?

        @OptionGroup var bffHeaderOptions: BFFHeaderOptions

        @Option(help: "Folder of the embedded BFF's data (default: $XDG_DATA_HOME/moments or ~/.local/share/moments).")
        var dataDir: String?

        @Flag(help: "Run the recorded mutations too (likes): they change the BFF's data.")
        var withMutations = false

        @Option(name: .customLong("ignore"),
                help: ArgumentHelp("A path whose value is expected to move, not compared (repeatable; * stands for any one key or list position). Given once or more, it replaces the defaults: \(QASessionReplay.defaultIgnoredPaths.joined(separator: ", ")).",
                                   valueName: "path"))
        var ignoredPaths: [String] = []

        @Option(help: "Output: text (one line per difference, for people) or json (for scripts).")
        var format: Format = .text

        @OptionGroup var log: LogOptions

        func validate() throws {
            try BFFConnection.validate(bffURL, flag: "--bff-url")
            try bffHeaderOptions.validate(bffURL: bffURL)
            if bffURL != nil, dataDir != nil {
                throw ValidationError("--data-dir is the embedded BFF's data; a BFF at --bff-url keeps its own.")
            }
        }

        func run() async throws {
            log.bootstrap()
            let recording: QASessionRecording
            do {
                recording = try QASessionReplay.read(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch let error as QASessionReplay.FileError {
                throw unreadable(error.description)
            } catch {
                throw unreadable("it cannot be read (\(error.localizedDescription))")
            }
            // Opened once the file is known good: a bad file leaves the data folder as it was.
            let backend: BFFConnection
            do {
                backend = try BFFConnection(bffURL: bffURL, remoteConfigURL: nil, dataDirectory: try DataDirectory.resolve(dataDir))
            } catch {
                throw cannotRun(String(describing: error))
            }
            // Answers kept whole and not held: each is compared, then dropped.
            let apiSession = APISession(transport: backend.transport, networkLog: NetworkLog(capacity: 0, bodyCap: .max),
                                        headers: try bffHeaderOptions.headers(bffURL: bffURL))
            let replay = QASessionReplay(apiSession: apiSession, includesMutations: withMutations,
                                         ignoredPaths: ignoredPaths.isEmpty ? QASessionReplay.defaultIgnoredPaths : ignoredPaths)
            let result = await replay.run(recording)
            switch format {
            case .text: print(ReplayReport(result: result, bff: backend.transport.endpointDescription).text)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(result), as: UTF8.self))
            }
            if !result.isSame { throw ExitCode(1) }
        }

        /// Says on one line why the file cannot be replayed, and exits 2.
        private func unreadable(_ reason: String) -> ExitCode {
            cannotRun("\(file): \(reason)")
        }

        /// Says on one line why nothing could be replayed, and exits 2: 1 says an answer differs.
        private func cannotRun(_ reason: String) -> ExitCode {
            FileHandle.standardError.write(Data("moments session replay: \(reason)\n".utf8))
            return ExitCode(2)
        }
    }
}

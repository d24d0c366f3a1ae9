import ArgumentParser
import Logging
import Telemetry

/// `--log-level` and `--log-format`, the same on `serve` and `bff`.
struct LogOptions: ParsableArguments {
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "Log format: text (for people) or json (one object a line, for log shippers).")
    var logFormat: LogFormat = .text

    /// Every logger of the process writes to standard error through `LineLogHandler`, with the
    /// id and trace of the request being served on each line.
    func bootstrap() {
        LoggingSystem.bootstrap({ label, provider in
            LineLogHandler(label: label, format: logFormat, level: logLevel, metadataProvider: provider)
        }, metadataProvider: RequestTrace.metadataProvider)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension LogFormat: ExpressibleByArgument {}

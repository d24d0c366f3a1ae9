import Foundation
import Locking
import Logging

/// The log handler of both commands: one event, one line, in `text` or `json` (`LogFormat`),
/// with every outside character escaped (`LogEscaping`) and the metadata of the request being
/// served (its id and trace id, `RequestTrace.metadataProvider`) on every line logged for it.
public struct LineLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let format: LogFormat
    private let output: LogOutput

    public init(label: String, format: LogFormat, level: Logger.Level,
                metadataProvider: Logger.MetadataProvider? = RequestTrace.metadataProvider,
                output: LogOutput = .standardError) {
        self.label = label
        self.format = format
        logLevel = level
        self.metadataProvider = metadataProvider
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, provided in provided } }
        if let own = event.metadata { merged.merge(own) { _, own in own } }
        let fields = merged.map { (key: LogEscaping.escaped($0.key), value: LogEscaping.escaped("\($0.value)")) }
            .sorted { $0.key < $1.key }
        let message = LogEscaping.escaped(event.message.description)
        let source = LogEscaping.escaped(event.source)
        let now = Date()
        switch format {
        case .text:
            let pairs = fields.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            output.write("\(Self.localTimestamp(now)) \(event.level) \(label):\(pairs.isEmpty ? "" : " " + pairs) [\(source)] \(message)\n")
        case .json:
            let line = JSONLine(time: now, level: event.level.rawValue, label: label, message: message,
                                metadata: Dictionary(fields.map { ($0.key, $0.value) }) { first, _ in first }, source: source)
            guard let encoded = try? Self.encoder.encode(line) else { return }
            output.write(String(decoding: encoded, as: UTF8.self) + "\n")
        }
    }

    private struct JSONLine: Encodable {
        let time: Date
        let level: String
        let label: String
        let message: String
        let metadata: [String: String]
        let source: String
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return encoder
    }()

    /// `2026-11-25T23:26:02+0000`, in the machine's time zone: the text format's first field.
    private static func localTimestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Where log lines go: standard error, or (in tests) a closure. A line is written whole, under
/// one lock, so lines from different threads never interleave.
public struct LogOutput: Sendable {
    private let write: @Sendable (String) -> Void

    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    func write(_ line: String) {
        write(line)
    }

    public static let standardError = LogOutput { line in
        standardErrorLock.withLock { _ in
            var bytes = Array(line.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
                if written < 0 { if errno == EINTR { continue } else { return } }
                bytes = bytes.dropFirst(written)
            }
        }
    }

    private static let standardErrorLock = Locked(())
}

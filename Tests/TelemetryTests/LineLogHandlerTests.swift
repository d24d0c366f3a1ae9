import Foundation
import Locking
import Logging
import Testing
@testable import Telemetry

/// What a log line looks like once outside text is in it: one event, one line, in both formats.
@Suite struct LineLogHandlerTests {
    /// The lines a handler wrote, for reading back.
    final class Lines: Sendable {
        private let lines = Locked<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var output: LogOutput { LogOutput { line in self.lines.withLock { $0.append(line) } } }
    }

    private func logger(_ format: LogFormat, _ lines: Lines, provider: Logger.MetadataProvider? = nil) -> Logger {
        Logger(label: "moments.test") { label in
            LineLogHandler(label: label, format: format, level: .info, metadataProvider: provider, output: lines.output)
        }
    }

    @Test(arguments: [
        ("CR and LF", "x\r\n2026-11-25T00:00:00+0000 critical moments.http: FORGED", "x\\r\\n2026-11-25T00:00:00+0000 critical moments.http: FORGED"),
        ("ESC", "\u{1B}[2J\u{1B}[31mred", "\\u{1B}[2J\\u{1B}[31mred"),
        ("NUL", "a\u{0}b", "a\\u{0}b"),
        ("C1 and line separators", "a\u{85}b\u{9B}c\u{2028}d", "a\\u{85}b\\u{9B}c\\u{2028}d"),
        ("DEL and tab", "a\u{7F}b\tc", "a\\u{7F}b\\tc"),
    ])
    func controlCharacters_inMessageAndMetadata_areEscaped_andTheEventIsOneTextLine(class: String, outside: String, escaped: String) {
        let lines = Lines()
        logger(.text, lines).warning("got \(outside)", metadata: ["path": "\(outside)", "key\n": "v"])
        #expect(lines.all.count == 1)
        let line = lines.all[0]
        #expect(line.hasSuffix("\n"))
        #expect(line.dropLast().unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != "\u{2028}" }, "\(line)")
        #expect(line.contains("path=\(escaped)"), "\(line)")
        #expect(line.contains("key\\n=v"), "\(line)")
        #expect(line.hasSuffix("[LineLogHandlerTests] got \(escaped)\n") || line.contains("] got \(escaped)\n"), "\(line)")
    }

    @Test(arguments: ["x\r\ny", "\u{1B}[31m", "a\u{0}b", "a\u{85}b"])
    func jsonLines_areOneObjectPerLine_withTheEscapedText(outside: String) throws {
        let lines = Lines()
        logger(.json, lines).error("m \(outside)", metadata: ["id": "\(outside)"])
        #expect(lines.all.count == 1)
        let line = lines.all[0]
        #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["time", "level", "label", "message", "metadata", "source"])
        #expect(object["level"] as? String == "error")
        #expect(object["label"] as? String == "moments.test")
        #expect(object["message"] as? String == "m " + LogEscaping.escaped(outside))
        #expect((object["metadata"] as? [String: String])?["id"] == LogEscaping.escaped(outside))
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        #expect(!LogEscaping.escaped(outside).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func plainText_isWrittenAsItIs() {
        let lines = Lines()
        logger(.text, lines).info("request", metadata: ["path": "/moments/5", "status": "200"])
        #expect(lines.all.first?.contains("info moments.test: path=/moments/5 status=200 [") == true, "\(lines.all)")
        #expect(lines.all.first?.hasSuffix("] request\n") == true)
    }

    @Test func theProvidersMetadata_isOnEveryLine_andTheEventsOwnWins() {
        let lines = Lines()
        let provider = Logger.MetadataProvider { ["request_id": "r1", "path": "provided"] }
        logger(.text, lines, provider: provider).info("one", metadata: ["path": "own"])
        #expect(lines.all.first?.contains("path=own request_id=r1") == true, "\(lines.all)")
    }
}

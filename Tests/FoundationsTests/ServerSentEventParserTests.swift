@testable import Foundations
import Testing

/// Events as the HTML standard's event stream interpretation reads them, whatever the pieces the
/// body arrives in.
@Suite struct ServerSentEventParserTests {
    typealias Event = ServerSentEventParser.Event

    static let stream = ": keep-alive\r\n\r\nevent: next\r\ndata: {\"data\":\r\ndata:  {}}\r\n\r\nretry: 10\nid: 7\n\nevent: complete\ndata:\n\rdata\n\n"

    @Test(arguments: [1, 2, 3, 7, 1000])
    func events_areTheSame_inPiecesOfAnySize(size: Int) {
        var parser = ServerSentEventParser()
        let bytes = Array(Self.stream.utf8)
        let events = stride(from: 0, to: bytes.count, by: size).flatMap { start in
            parser.consume(bytes[start..<min(start + size, bytes.count)])
        }
        #expect(events == [
            Event(name: "next", data: "{\"data\":\n {}}"),
            Event(name: "complete", data: ""),
            Event(name: "message", data: ""),
        ])
    }

    @Test func aCommentOrAnIDAlone_isNoEvent_andAnEventWaitsForItsBlankLine() {
        var parser = ServerSentEventParser()
        #expect(parser.consume(Array(": hello\n\nid: 3\n\nevent: next\ndata: 1\n".utf8)).isEmpty)
        #expect(parser.consume(Array("\n".utf8)) == [Event(name: "next", data: "1")])
    }
}

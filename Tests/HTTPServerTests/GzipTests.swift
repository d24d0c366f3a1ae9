import Bytes
import CZlib
import Foundation
@testable import HTTPServer
import Testing

/// Gzip bodies joined from pieces deflated once, read back by zlib's own gzip reader (which checks
/// the header, the CRC-32 and the size), and the `Accept-Encoding` field that asks for them.
@Suite struct GzipTests {
    /// `body` inflated by zlib as a gzip stream (window bits 31), or `nil` when zlib refuses it or
    /// it does not end where the stream does.
    private static func gunzip(_ body: SharedBytes) -> String? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 31, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 20)
        let (status, written, left) = output.withUnsafeMutableBytes { output in
            stream.next_in = UnsafeMutablePointer(mutating: body.buffer.baseAddress!.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(body.count)
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(output.count)
            let status = inflate(&stream, Z_FINISH)
            return (status, output.count - Int(stream.avail_out), Int(stream.avail_in))
        }
        guard status == Z_STREAM_END, left == 0 else { return nil }
        return String(decoding: output.prefix(written), as: UTF8.self)
    }

    @Test(arguments: [
        (["<p>only one piece</p>"], "unused"),
        (["<b>x</b>\u{0}<b>x</b>", "<b>x</b>"], "<b>x</b>"), // a NUL in a piece: no dictionary
        (["<form>", "</form><p>", "</p>"], "0123456789abcdef0123456789abcdef"),
        (["", "between two empty pieces", ""], ""),
        (["a", "b"], String(repeating: "long value ", count: 9_000)), // past one stored block (65,535 bytes)
    ])
    func joined_inflatesToThePiecesWithTheValueBetween(pieces: [String], value: String) {
        let gzip = GzipPieces(pieces.map { SharedBytes($0) }, valueLength: value.utf8.count)
        #expect(Self.gunzip(gzip.joined(separator: value)) == pieces.joined(separator: value))
    }

    @Test func joined_ofPiecesThatRepeatEachOther_refersBackAcrossTheValues() {
        // Thirty moments of a timeline's markup, a token in each: a piece alone is too short to deflate well.
        let moment = #"""
            <article class="moment"><img class="dk-avatar moment__avatar" src="/images/avatars/03.png" alt="">
            <div class="moment__body"><h2 class="moment__name">Emma Wilson</h2><footer class="moment__footer">
            <form class="moment__like-form" method="post" action="/moments/1/like"><input type="hidden" name="_csrf" value="Name">
            <button class="dk-favorite-button" type="submit" aria-pressed="false" title="Like"></button></form></footer></div></article>
            """#
        let page = String(repeating: moment, count: 30)
        let pieces = page.components(separatedBy: "Name").map { SharedBytes($0) }
        let body = GzipPieces(pieces, valueLength: 9).joined(separator: "Alex Chen")
        let filled = page.replacingOccurrences(of: "Name", with: "Alex Chen")
        #expect(Self.gunzip(body) == filled)
        #expect(body.count * 8 < filled.utf8.count, "\(body.count) bytes for \(filled.utf8.count)")
    }

    @Test(arguments: [
        ("gzip, deflate, br, zstd", true), // what Chromium sends
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", true),
        ("GZIP", true),
        (" gzip ; Q=0.5 ", true),
        ("gzip;q=0.001", true),
        ("x-gzip", true),
        ("*", true),
        ("gzip;q=0", false),
        ("gzip; q=0.000, *", false),
        ("*;q=0", false),
        ("identity", false),
        ("br, zstd", false),
        ("", false),
    ])
    func acceptsGzip_followsTheFieldsWeights(field: String, accepts: Bool) {
        #expect(Request(method: .get, path: "/", headers: ["Accept-Encoding": field]).acceptsGzip == accepts)
    }

    @Test func acceptsGzip_withoutTheField_isNo_andReadsEveryLineOfIt() {
        #expect(!Request(method: .get, path: "/").acceptsGzip)
        let twoLines = HTTPHeaders([("Accept-Encoding", "br"), ("accept-encoding", "gzip")])
        #expect(Request(method: .get, path: "/", headers: twoLines).acceptsGzip)
    }
}

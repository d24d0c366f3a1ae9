import Foundation
import HTTPServer

/// How a head frames its body (`MessageFraming`), from the `Content-Length` and
/// `Transfer-Encoding` values a client sent. The input is header lines as they would come, one a
/// line; the others are ignored. Whatever the values, the reading is one of RFC 9112's: a head
/// that gives two lengths that differ, both framings, or a coding other than `chunked` alone is
/// refused with its status and code, never read, and a head that is read has one length or none.
enum FramingHarness {
    static func run(_ data: Data) {
        var lengths: [String] = []
        var codings: [String] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = String(line[line.index(after: colon)...])
            switch line[..<colon].lowercased() {
            case "content-length": lengths.append(value)
            case "transfer-encoding": codings.append(value)
            default: continue
            }
        }
        let trimmed = lengths.map { $0.trimmingCharacters(in: [" ", "\t"]) }
        let codingList = codings.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: [" ", "\t"]).lowercased() }
        switch MessageFraming.read(contentLengths: lengths, transferEncodings: codings) {
        case .success(let framing):
            require(Set(trimmed).count <= 1, "read a head with lengths \(trimmed)")
            require(framing.isChunked == !codingList.isEmpty, "chunked \(framing.isChunked) for codings \(codingList)")
            if framing.isChunked {
                require(codingList == ["chunked"] && lengths.isEmpty, "read codings \(codingList) with lengths \(trimmed)")
            } else {
                require(framing.contentLength == trimmed.first.flatMap { Int($0) }, "length \(String(describing: framing.contentLength)) for \(trimmed)")
            }
        case .failure(let error):
            require([400, 501].contains(error.status.code), "refused with \(error.status.code)")
            require(Set(trimmed).count > 1 || !codingList.isEmpty, "refused \(error.code) a head with lengths \(trimmed) and no coding")
        }
    }
}

extension Request {
    /// Whether the client takes a gzip body: `Accept-Encoding` (RFC 9110, 12.5.3) names `gzip`
    /// (or `x-gzip`), or `*` without naming it, with a weight above zero. Without the field, no.
    /// Read as bytes: every page request asks.
    public var acceptsGzip: Bool {
        var gzip: Bool?
        var any: Bool?
        for field in headers.values(of: "Accept-Encoding") {
            for member in field.utf8.split(separator: UInt8(ascii: ",")) {
                let parts = member.split(separator: UInt8(ascii: ";")).map(\.withoutOptionalWhitespace)
                guard let coding = parts.first, !coding.isEmpty else { continue }
                let accepted = !parts.dropFirst().contains(where: Self.isZeroWeight)
                if Self.isCoding(coding, "gzip") || Self.isCoding(coding, "x-gzip") {
                    gzip = accepted
                } else if Self.isCoding(coding, "*") {
                    any = accepted
                }
            }
        }
        return gzip ?? any ?? false
    }

    /// `coding` is `name`, ignoring ASCII case.
    private static func isCoding(_ coding: Substring.UTF8View, _ name: StaticString) -> Bool {
        coding.count == name.utf8CodeUnitCount
            && zip(coding, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy { $0 | 0x20 == $1 | 0x20 }
    }

    /// `q=0`, `q=0.`, `q=0.000`: a weight of zero, which refuses the coding.
    private static func isZeroWeight(_ parameter: Substring.UTF8View) -> Bool {
        let bytes = Array(parameter)
        guard bytes.count >= 3, bytes[0] | 0x20 == UInt8(ascii: "q"), bytes[1] == UInt8(ascii: "="), bytes[2] == UInt8(ascii: "0") else {
            return false
        }
        return bytes.dropFirst(3).allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
    }
}

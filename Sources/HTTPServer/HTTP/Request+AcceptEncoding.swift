import Foundation

extension Request {
    /// Whether the client takes a gzip body: `Accept-Encoding` (RFC 9110, 12.5.3) names `gzip`
    /// (or `x-gzip`), or `*` without naming it, with a weight above zero. Without the field, no.
    public var acceptsGzip: Bool {
        var gzip: Bool?
        var any: Bool?
        let members = headers.values(of: "Accept-Encoding").flatMap { $0.split(separator: ",") }
        for member in members {
            let parts = member.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            switch coding {
            case "gzip", "x-gzip": gzip = weight > 0
            case "*": any = weight > 0
            default: continue
            }
        }
        return gzip ?? any ?? false
    }
}

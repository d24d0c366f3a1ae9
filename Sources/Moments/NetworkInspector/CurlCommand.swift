import Foundation
import Foundations

/// A `curl` command line that sends a recorded exchange again. Header values are the recorded
/// ones, so credentials stay masked; `revealing` puts the configured values back (only when a
/// person asks for it with `?reveal=1`: the log itself never holds them).
enum CurlCommand {
    /// - Parameters:
    ///   - origin: `http://host:port` of this dashboard, standing in for an embedded BFF, whose
    ///     `/graphql` and `/remote-config` this server also answers.
    ///   - revealing: the BFF's real headers, to replace their masked values.
    static func make(_ exchange: NetworkExchange, origin: String, revealing: [String: String] = [:]) -> String {
        var parts = ["curl", "-sS"]
        if exchange.method != "GET" { parts += ["-X", exchange.method] }
        parts.append(quoted(url(of: exchange, origin: origin)))
        var headers = exchange.requestHeaders.map { header in
            let real = revealing.first { $0.key.caseInsensitiveCompare(header.name) == .orderedSame }?.value
            return "\(header.name): \(real ?? header.value)"
        }
        if exchange.kind == .graphQL { headers.insert("Content-Type: application/json", at: 0) }
        for header in headers { parts += ["-H", quoted(header)] }
        if exchange.requestBody.size > 0 { parts += ["--data-raw", quoted(exchange.requestBody.text)] }
        return parts.joined(separator: " ")
    }

    /// Where the exchange went; an in-process BFF is this server's own route for it.
    private static func url(of exchange: NetworkExchange, origin: String) -> String {
        if exchange.url.hasPrefix("http://") || exchange.url.hasPrefix("https://") { return exchange.url }
        return origin + (exchange.kind == .remoteConfig ? "/remote-config" : "/graphql")
    }

    /// `text` as one POSIX shell word: single quotes, each `'` written as `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

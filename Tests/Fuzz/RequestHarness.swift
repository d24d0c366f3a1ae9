import BFF
import Foundation
import Foundations
import HTTPServer
import Moments

/// Whole requests through the dashboard's router, as `moments serve` wires it with the embedded
/// BFF: routing, the host, origin, content-type and CSRF checks, cookies, `Accept-Language`,
/// `Accept-Encoding`, `If-None-Match`, forms and every JSON body. The input is a request in
/// HTTP/1.1's layout (libmicrohttpd's own parsing is fuzzed upstream): a request line, header
/// lines, a blank line, the body. Nothing may answer 500, which only a handler's unexpected
/// failure gives.
final class RequestHarness: Sendable {
    static let shared = RequestHarness()
    private let router: Router

    private init() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moments-fuzz-request-\(getpid())")
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        router = runBlocking {
            let bff = try! EmbeddedBFF(dataDirectory: folder)
            let configuration = MomentsApplication.Configuration(
                dataDirectory: folder,
                templatesDirectory: checkout.appendingPathComponent("templates").path,
                publicDirectory: checkout.appendingPathComponent("Public").path,
                transport: InProcessGraphQLTransport { body in
                    let (status, answer) = await bff.execute(body: body)
                    return (status.code, answer)
                },
                remoteConfigurationSource: RemoteConfigurationSource(description: "embedded BFF", load: {
                    try JSONEncoder().encode(await bff.remoteConfig.current())
                }),
                bffRoutes: bff
            )
            return try! await MomentsApplication(configuration: configuration).makeRouter()
        }
    }

    func run(_ data: Data) {
        // Area 51's Crash App stops the process on purpose, which is no finding.
        guard let request = Self.request(from: data), !request.path.contains("crash-app") else { return }
        let router = router
        let response = runBlocking { await router.respond(to: request) }
        require(response.status != .internalServerError, "500 for \(request.method) \(request.path)")
    }

    /// `METHOD target` on the first line, `Name: value` lines, a blank line, the body; `nil` for
    /// input without a request line.
    static func request(from data: Data) -> Request? {
        let end = data.range(of: Data("\r\n\r\n".utf8))
        let head = String(decoding: data[..<(end?.lowerBound ?? data.endIndex)], as: UTF8.self)
        let body = end.map { Data(data[$0.upperBound...]) } ?? Data()
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", maxSplits: 1)
        guard requestLine.count == 2 else { return nil }
        let target = requestLine[1]
        let path = target.prefix { $0 != "?" }
        guard path.hasPrefix("/") else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            let field = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            headers.add(String(field[0]), field.count > 1 ? String(field[1].drop { $0 == " " }) : "")
        }
        if headers["Host"] == nil { headers.add("Host", "127.0.0.1:8080") }
        var cookies: [String: String] = [:]
        for cookie in headers.values(of: "Cookie").flatMap({ $0.split(separator: ";") }) {
            let pair = cookie.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            cookies[pair[0].trimmingCharacters(in: .whitespaces)] = pair.count > 1 ? String(pair[1]) : ""
        }
        return Request(method: HTTPMethod(rawValue: String(requestLine[0])), path: String(path),
                       query: QueryArguments(urlEncoded: String(target.dropFirst(path.count + 1))),
                       headers: headers, cookies: cookies, body: body)
    }
}

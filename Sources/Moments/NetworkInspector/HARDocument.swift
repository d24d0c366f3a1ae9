import Foundation
import Foundations

/// Exchanges as a HAR 1.2 log (`/api/area51/network.har`), the format HAR viewers and browser
/// developer tools open. Only what the log kept goes in: masked headers, bodies up to the cap
/// (a cut body says so in its `comment`).
struct HARDocument: Encodable {
    struct Log: Encodable {
        let version = "1.2"
        let creator = Creator(name: "Moments Web", version: AppInfo.version)
        let pages: [Entry] = []
        let entries: [Entry]
    }

    struct Creator: Encodable {
        let name: String
        let version: String
    }

    struct NameValue: Encodable {
        let name: String
        let value: String
    }

    struct PostData: Encodable {
        let mimeType: String
        let text: String
    }

    struct Request: Encodable {
        let method: String
        let url: String
        let httpVersion = "HTTP/1.1"
        let cookies: [NameValue] = []
        let headers: [NameValue]
        let queryString: [NameValue]
        let postData: PostData?
        let headersSize = -1
        let bodySize: Int
    }

    struct Content: Encodable {
        let size: Int
        let mimeType: String
        let text: String
        let comment: String?
    }

    struct Response: Encodable {
        let status: Int
        let statusText: String
        let httpVersion = "HTTP/1.1"
        let cookies: [NameValue] = []
        let headers: [NameValue]
        let content: Content
        let redirectURL = ""
        let headersSize = -1
        let bodySize: Int
    }

    struct Timings: Encodable {
        let send = 0.0
        let wait: Double
        let receive = 0.0
    }

    struct Cache: Encodable {}

    struct Entry: Encodable {
        let startedDateTime: String
        let time: Double
        let request: Request
        let response: Response
        let cache = Cache()
        let timings: Timings
        let comment: String
        /// Where Area 51's breakpoints held it and how each hold ended: HAR's room for fields of
        /// one's own is a name starting with `_`.
        let _breakpointHolds: [BreakpointHold]?
        /// `true` when a mock set in Area 51 answered, not the BFF; absent otherwise.
        let _mocked: Bool?
    }

    let log: Log

    /// - Parameter origin: `http://host:port` of this dashboard, for exchanges with the embedded BFF.
    init(exchanges: [NetworkExchange], origin: String) {
        log = Log(entries: exchanges.map { Self.entry($0, origin: origin) })
    }

    private static func entry(_ exchange: NetworkExchange, origin: String) -> Entry {
        let url = URL(string: exchange.url).flatMap { $0.scheme == nil ? nil : $0.absoluteString }
            ?? origin + (exchange.kind == .remoteConfig ? "/remote-config" : "/graphql")
        let query = URLComponents(string: url)?.queryItems?.map { NameValue(name: $0.name, value: $0.value ?? "") } ?? []
        let body = exchange.responseBody
        var comment = ["\(exchange.operationName) (\(exchange.operationType)), \(exchange.outcome.rawValue), caused by \(exchange.cause)"]
        if let fault = exchange.fault { comment.append("injected fault: \(fault.summary(in: L10n(language: .english)))") }
        if exchange.isMocked { comment.append("mocked answer, set in Area 51") }
        comment += exchange.holds.map { "breakpoint: \($0.summary)" }
        if let failure = exchange.failure { comment.append(failure) }
        return Entry(
            startedDateTime: exchange.startedAt.ISO8601Format(.iso8601WithTimeZone(includingFractionalSeconds: true)),
            time: exchange.durationMilliseconds,
            request: Request(method: exchange.method, url: url, headers: exchange.requestHeaders.map { NameValue(name: $0.name, value: $0.value) },
                             queryString: query,
                             postData: exchange.requestBody.size > 0 ? PostData(mimeType: "application/json", text: exchange.requestBody.text) : nil,
                             bodySize: exchange.requestBody.size),
            // HAR has no "no answer": status 0, as browsers export a request that failed.
            response: Response(status: exchange.status ?? 0, statusText: "",
                               headers: body.mimeType.isEmpty ? [] : [NameValue(name: "Content-Type", value: body.mimeType)],
                               content: Content(size: body.size, mimeType: body.mimeType.isEmpty ? "x-unknown" : body.mimeType, text: body.text,
                                                comment: body.isTruncated ? "cut at \(body.text.utf8.count) of \(body.size) bytes" : nil),
                               bodySize: exchange.status == nil ? -1 : body.size),
            timings: Timings(wait: exchange.durationMilliseconds),
            comment: comment.joined(separator: "; "),
            _breakpointHolds: exchange.holds.isEmpty ? nil : exchange.holds,
            _mocked: exchange.isMocked ? true : nil)
    }
}

import Foundation
import HTTPServer
import Locking

/// A router's client in process, as HummingbirdTesting's router mode or Vapor's
/// `app.test(.router, …)`: each request is built as libmicrohttpd would parse it and handed to
/// `Router.respond(to:)`, with no socket, no `HTTPServer` and no thread of libmicrohttpd's.
///
/// Its `send` and `raw` answer as `TestServer`'s do, so a test reads the same shapes either way.
/// What the `HTTPServer` does around the router is not here: kept answers reused without the
/// handler (`ReadyAnswers`), `X-Request-Id` and the request's trace, the server's body cap and
/// refusals at the head, streams (server-sent events), gzip on the wire. Tests of those use the socket.
public struct RouterClient: Sendable {
    public let router: Router

    public init(router: Router) {
        self.router = router
    }

    /// The host the requests name: the server's address, without a port, as there is none.
    public static let host = "127.0.0.1"

    /// How many redirects `send` follows, as URLSession gives up after a few.
    public static let maximumRedirects = 10

    /// What `send` and `raw` cannot do in process.
    public struct Unsupported: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sends a request as `TestServer.send` does with URLSession: URLSession's own headers
    /// (`Accept: */*`, `Accept-Language: en`, a `User-Agent`) unless `headers` names them,
    /// redirects followed, header names lowercased and repeated headers joined with ", ".
    /// Unlike URLSession it sends no `Accept-Encoding`: bodies come plain unless `headers` asks
    /// for gzip, and then they come gzipped (URLSession would have decoded them).
    public func send(
        _ method: String = "GET",
        _ path: String,
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var method = method
        var target = try Self.target(of: path, relativeTo: "/")
        var body = body
        let fields = Self.urlSessionHeaders(with: headers)
        for _ in 0...Self.maximumRedirects {
            var sent = fields
            if let body { sent.append(("Content-Length", "\(body.count)")) }
            let response = await respond(to: Self.request(method: method, target: target, headers: sent, body: body ?? Data()))
            guard Self.redirectStatuses.contains(response.status.code), let location = response.headers["Location"],
                  let next = try? Self.target(of: location, relativeTo: target) else {
                return (response.status.code, Self.lowercasedHeaders(of: response), try Self.bodyData(of: response, method: method))
            }
            // As URLSession follows: a 303 (and a 301 or 302 of a POST) turns into a GET without
            // the body; the request's own headers go along, `Content-Type` and `Cookie` too. A 307
            // or 308 keeps the method and the body (URLSession on Linux drops the body).
            let code = response.status.code
            if (code == 303 && method != "HEAD") || ((code == 301 || code == 302) && method == "POST") {
                method = "GET"
                body = nil
            }
            target = next
        }
        throw Unsupported(description: "\(path) redirected more than \(Self.maximumRedirects) times")
    }

    /// Answers a request written as it goes on the wire (request line, headers, blank line,
    /// body) with the answer written as it would come back: status line, every header line in
    /// order (`Set-Cookie` more than once), blank line, body. No redirect is followed and no
    /// header added; the framing is not checked (a socket test sends malformed bytes).
    public func raw(_ request: String) async throws -> String {
        let (head, body) = request.range(of: "\r\n\r\n").map { (String(request[..<$0.lowerBound]), String(request[$0.upperBound...])) }
            ?? (request, "")
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count >= 2 else { throw Unsupported(description: "no request line in \(lines[0].debugDescription)") }
        let method = String(requestLine[0])
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var bytes = Data(body.utf8)
        if let length = headers.first(where: { $0.0.lowercased() == "content-length" }).flatMap({ Int($0.1) }), length < bytes.count {
            bytes = bytes.prefix(length)
        }
        let response = await respond(to: Self.request(method: method, target: String(requestLine[1]), headers: headers, body: bytes))
        var text = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        text += String(decoding: try Self.bodyData(of: response, method: method), as: UTF8.self)
        return text
    }

    /// The router's answer, each write waiting its turn at its route's gate as the server has it wait.
    private func respond(to request: Request) async -> Response {
        guard !request.method.isSafe, let gate = router.limits(for: request)?.concurrency else {
            return await router.respond(to: request)
        }
        await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in gate.enter { entered.resume() } }
        defer { gate.leave() }
        return await router.respond(to: request)
    }

    private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The headers URLSession sends besides `headers` (which win, by name, ignoring case), in
    /// the order it sends them.
    private static func urlSessionHeaders(with headers: [String: String]) -> [(String, String)] {
        let given = Set(headers.keys.map { $0.lowercased() })
        var fields: [(String, String)] = []
        if !given.contains("host") { fields.append(("Host", host)) }
        if !given.contains("accept") { fields.append(("Accept", "*/*")) }
        fields += headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if !given.contains("user-agent") { fields.append(("User-Agent", "moments-tests (in process)")) }
        if !given.contains("accept-language") { fields.append(("Accept-Language", "en")) }
        return fields
    }

    /// `location` resolved against `base` as a browser would, without its fragment: the path
    /// (dot segments removed) and the query as they are sent, percent-encoded.
    private static func target(of location: String, relativeTo base: String) throws -> String {
        guard let baseURL = URL(string: "http://\(host)\(base)"), let url = URL(string: location, relativeTo: baseURL)?.absoluteURL,
              url.host == nil || url.host == host, var components = URLComponents(url: url.standardized, resolvingAgainstBaseURL: true) else {
            throw Unsupported(description: "\(location) is not a path of this server")
        }
        components.fragment = nil
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// The request libmicrohttpd would hand the router for `target` and `headers`: the path
    /// percent-decoded, the query arguments decoded (`+` a space) in order, the cookies of the
    /// first `Cookie` header.
    static func request(method: String, target: String, headers: [(String, String)], body: Data) -> Request {
        let path = target.prefix { $0 != "?" }
        let query = target.dropFirst(path.count + 1)
        let headers = HTTPHeaders(headers)
        return Request(method: HTTPMethod(rawValue: method), path: percentDecoded(path), query: QueryArguments(urlEncoded: String(query)),
                       headers: headers, cookies: cookies(headers["Cookie"] ?? ""), body: body)
    }

    /// `%XX` decoded as libmicrohttpd unescapes a path: `+` stays, a `%` without two hex digits too.
    private static func percentDecoded(_ text: Substring) -> String {
        QueryArguments.percentDecoded(text.utf8, plusIsSpace: false)
    }

    /// A `Cookie` header's pairs as libmicrohttpd 0.9.75 parses them (`parse_cookie_header`):
    /// split on `;` and `,` outside quotes, spaces before a name skipped, a name without `=` given
    /// an empty value, a value in double quotes taken without them; the first of a name kept.
    static func cookies(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        var rest = Substring(header)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " }
            let name = rest.prefix { $0 != "=" && $0 != ";" && $0 != "," }
            rest = rest.dropFirst(name.count)
            let key = String(name.reversed().drop { $0 == " " }.reversed())
            guard rest.first == "=" else {
                if cookies[key] == nil { cookies[key] = "" }
                rest = rest.dropFirst()
                continue
            }
            rest = rest.dropFirst()
            var inQuotes = false
            let value = rest.prefix { character in
                if character == "\"" { inQuotes.toggle() }
                return inQuotes || (character != ";" && character != ",")
            }
            rest = rest.dropFirst(value.count + 1)
            let unquoted = value.count >= 2 && value.first == "\"" && value.last == "\"" ? value.dropFirst().dropLast() : value
            if cookies[key] == nil { cookies[key] = String(unquoted) }
        }
        return cookies
    }

    /// The header fields by lowercased name, as `TestServer.send` gives them (HTTPURLResponse
    /// joins repeated fields with ", ").
    private static func lowercasedHeaders(of response: Response) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response.headers {
            fields[name.lowercased()] = fields[name.lowercased()].map { $0 + ", " + value } ?? value
        }
        return fields
    }

    /// The body a client reads: none for a HEAD, as the server sends none.
    private static func bodyData(of response: Response, method: String) throws -> Data {
        guard let data = response.bodyData else {
            throw Unsupported(description: "the answer is a stream (server-sent events): it needs a server on a socket")
        }
        return method == "HEAD" ? Data() : data
    }
}

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer

/// A real server on a free port of 127.0.0.1, and the clients the tests talk to it with.
public struct TestServer: Sendable {
    public let server: HTTPServer

    public init(router: Router, configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        try self.init(server: HTTPServer(configuration: configuration, router: router))
    }

    /// Wraps a server built elsewhere (the app's composition root) and starts it.
    public init(server: HTTPServer) throws {
        self.server = server
        try server.start()
    }

    public var port: Int { server.port }

    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Sends a request with URLSession, which normalizes paths as browsers do.
    public func send(
        _ method: String = "GET",
        _ path: String,
        headers: [String: String] = [:],
        body: Data? = nil
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: url(path))
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (data, response) = try await TestServer.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields[String(describing: name).lowercased()] = String(describing: value)
        }
        return (http.statusCode, fields, data)
    }

    /// Sends bytes as they are on a new TCP connection and returns all it answers until it closes,
    /// for requests no well-behaved client would send (`/../`, oversized chunked bodies).
    /// Runs on its own thread: a blocking read on the test's cooperative pool (two threads on
    /// two cores) would starve the server's handler tasks.
    public func raw(_ request: String) async throws -> String {
        let port = port
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try RawConnection(port: port).exchange(Data(request.utf8)) })
            }
        }
    }

    public func stop() async {
        await server.shutdown(gracePeriod: .seconds(2))
    }

    public static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 64
        // Each test says which cookies it sends; a shared jar would leak one test's CSRF
        // cookie into another's requests (cookies ignore ports).
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.timeoutIntervalForRequest = 10
        return URLSession(configuration: configuration)
    }()
}

import AsyncHTTPClient
import Connections
import Foundation
import NIOCore
import NIOHTTP1

/// The one HTTP client of every request the dashboard sends: GraphQL documents and subscriptions to
/// a BFF, its remote config, and the pictures it points at.
///
/// AsyncHTTPClient on NIO's event loops (two threads per core, started by the first request: a
/// dashboard on its embedded BFF starts none). A connection that cannot be made fails its request
/// at once, with the error that says why, rather than being tried again until a deadline. Redirects
/// are not followed: a BFF that answers one is misconfigured, and its credentials must not travel to
/// where it points; the picture fetcher follows them itself, checking each address. Reads time out
/// after 45 s of silence, three of the embedded BFF's 15-second keep-alives of a subscription; each
/// request has its own deadline besides.
public enum OutboundHTTP {
    public static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: {
            var configuration = HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(connect: .seconds(5), read: .seconds(45)))
            configuration.connectionPool.retryConnectionEstablishment = false
            return configuration
        }())

    /// The largest answer body kept from a BFF: bigger ones fail as a transport error.
    public static let maxBodyBytes = 32 << 20

    /// A request of `method` to `url` with `headers`, then `extra` (the BFF's own headers and the
    /// trace context), each replacing an earlier header of the same name, and `body`.
    public static func request(_ method: HTTPMethod, _ url: URL, headers: [(String, String)], extra: [String: String] = [:],
                               body: Data? = nil) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = method
        for (name, value) in headers + extra.map({ ($0.key, $0.value) }) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        return request
    }

    /// Sends `request` and collects its answer within `timeout`: the status, the headers and the
    /// whole body. Throws the client's error, which `ConnectionCause(httpClientError:url:)` classifies.
    public static func send(_ request: HTTPClientRequest, timeout: Duration)
        async throws -> (status: Int, headers: HTTPHeaders, body: Data) {
        let response = try await client.execute(request, timeout: TimeAmount(timeout))
        let body = try await response.body.collect(upTo: maxBodyBytes)
        return (Int(response.status.code), response.headers, Data(body.readableBytesView))
    }
}

extension ConnectionCause {
    /// The cause an error of `OutboundHTTP` met on the way to `url` stands for, told by the
    /// client's error (a timeout) or the NIO error under it (a DNS failure, an errno, a TLS error),
    /// never by its words.
    public init(httpClientError error: any Error, url: URL) {
        let host = url.host ?? url.absoluteString
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        switch error {
        case let error as HTTPClientError where [.connectTimeout, .readTimeout, .deadlineExceeded].contains(error):
            self = .timeout
        default:
            self.init(nioError: error, host: host, port: port)
        }
    }
}

import Connections
import Foundation

/// Carries a GraphQL-over-HTTP JSON body to a BFF and brings back the status and body.
public protocol GraphQLTransport: Sendable {
    /// Where the documents go, for logs and Area 51.
    var endpointDescription: String { get }
    func send(_ body: Data, headers: [String: String]) async throws -> (status: Int, body: Data)
    /// The BFF's URL when it is reached over the network: relative picture URLs of its answers
    /// are resolved against its origin. `nil` for a BFF in this process.
    var remoteURL: URL? { get }
}

extension GraphQLTransport {
    public var remoteURL: URL? { nil }
}

/// A BFF at a URL, reached with `OutboundHTTP`.
public struct HTTPGraphQLTransport: GraphQLTransport {
    public let url: URL
    /// The option that named `url`, for the remedy of a failure to reach it.
    public let option: String

    public init(url: URL, option: String = "--bff-url") {
        self.url = url
        self.option = option
    }

    /// GraphQL over HTTP's answer type first, where a request's refusal is a 4xx with a GraphQL
    /// body; `application/json` for BFFs written before it.
    public static let accept = "application/graphql-response+json, application/json;q=0.9"

    public var endpointDescription: String { url.absoluteString }

    public var remoteURL: URL? { url }

    public func send(_ body: Data, headers: [String: String]) async throws -> (status: Int, body: Data) {
        let request = OutboundHTTP.request(.POST, url, headers: [("Content-Type", "application/json"), ("Accept", Self.accept)],
                                           extra: headers, body: body)
        do {
            // The API session's timeout ends the exchange first, by cancelling it: this one only
            // bounds an exchange nobody waits on.
            let answer = try await OutboundHTTP.send(request, timeout: .seconds(60))
            return (answer.status, answer.body)
        } catch {
            throw APISessionError.transport(ConnectionFailure(bffURL: url, option: option, httpClientError: error))
        }
    }
}

/// A BFF in this process: the same JSON body handed to a function instead of a socket, so the
/// embedded BFF costs no network round trip and a request never waits on its own server.
///
/// At most one document per core runs at a time; the rest wait their turn, which bounds the
/// memory a burst of likes can take.
public struct InProcessGraphQLTransport: GraphQLTransport {
    private let execute: @Sendable (Data) async -> (status: Int, body: Data)
    private let limiter: AsyncLimiter

    public init(
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        execute: @escaping @Sendable (Data) async -> (status: Int, body: Data)
    ) {
        self.execute = execute
        limiter = AsyncLimiter(limit: concurrency)
    }

    public var endpointDescription: String { "embedded BFF (in process)" }

    public func send(_ body: Data, headers: [String: String]) async throws -> (status: Int, body: Data) {
        await limiter.run { await execute(body) }
    }
}

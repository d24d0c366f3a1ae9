import Foundation

/// Asks the BFF the smallest question GraphQL allows, to tell whether it answers, and puts
/// that together with what the request log saw into a `BFFStatus`.
public struct BFFHealthCheck: Sendable {
    private let apiSession: APISession
    private let networkLog: NetworkLog?

    /// - Parameters:
    ///   - apiSession: a session with the dashboard's transport and headers, and a short timeout.
    ///   - networkLog: the log of the dashboard's own calls, for the latest failure.
    public init(apiSession: APISession, networkLog: NetworkLog? = nil) {
        self.apiSession = apiSession
        self.networkLog = networkLog
    }

    private struct Payload: Decodable {
        let __typename: String
    }

    private struct NoVariables: Encodable, Sendable {}

    /// `nil` when the BFF answers, else why not.
    public func problem() async -> APISessionError? {
        await probe().problem
    }

    /// Probes the BFF once and reports what is known of it.
    public func status() async -> BFFStatus {
        let (problem, latency) = await probe()
        var lastFailure = networkLog?.lastFailure
        if let problem {
            lastFailure = BFFFailureRecord(error: problem, operationName: "bffHealth", failedAt: Date())
        }
        return BFFStatus(endpoint: apiSession.transport.endpointDescription, isReachable: problem == nil, problem: problem,
                         latencyMilliseconds: latency, maskedHeaders: BFFHeaders.maskedLines(apiSession.extraHeaders), lastFailure: lastFailure)
    }

    private func probe() async -> (problem: APISessionError?, latencyMilliseconds: Double) {
        let started = ContinuousClock.now
        var problem: APISessionError?
        do {
            _ = try await apiSession.post(query: "query bffHealth { __typename }", variables: NoVariables(),
                                          operationName: "bffHealth", as: Payload.self)
        } catch {
            problem = error
        }
        let elapsed = ContinuousClock.now - started
        return (problem, Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
}

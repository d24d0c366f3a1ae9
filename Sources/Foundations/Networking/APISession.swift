import Foundation
import Logging

/// Sends GraphQL documents to the BFF and decodes their `data`, as the seed's `APISession`:
/// default headers naming the client, a timeout, and typed errors.
public struct APISession: Sendable {
    public let transport: any GraphQLTransport
    public let timeout: Duration
    private let requestLog: GraphQLRequestLog?
    private let logger = Logger(label: "moments.graphql")

    /// Headers the seed app sends with every request, so the BFF can tell clients apart.
    public static let defaultHeaders: [String: String] = [
        "x-app-platform": "web",
        "x-app-version": AppInfo.version,
        "x-os-version": ProcessInfo.processInfo.operatingSystemVersionString,
    ]

    public init(transport: any GraphQLTransport, timeout: Duration = .seconds(5), requestLog: GraphQLRequestLog? = nil) {
        self.transport = transport
        self.timeout = timeout
        self.requestLog = requestLog
    }

    /// Posts `query` with `variables` and decodes the answer's `data` as `Payload`.
    public func post<Variables: Encodable & Sendable, Payload: Decodable>(
        query: String,
        variables: Variables,
        operationName: String,
        as payload: Payload.Type = Payload.self
    ) async throws(APISessionError) -> Payload {
        let started = ContinuousClock.now
        do {
            let payload = try await send(query: query, variables: variables, operationName: operationName, as: payload)
            log(operationName, variables, status: "ok", since: started)
            return payload
        } catch {
            log(operationName, variables, status: error.description, since: started)
            logger.warning("GraphQL call failed", metadata: ["operation": "\(operationName)", "error": "\(error)"])
            throw error
        }
    }

    private func log<Variables: Encodable>(_ operationName: String, _ variables: Variables, status: String, since started: ContinuousClock.Instant) {
        guard let requestLog else { return }
        let elapsed = ContinuousClock.now - started
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        requestLog.record(GraphQLRequestRecord(
            operationName: operationName,
            variables: (try? encoder.encode(variables)).map { String(decoding: $0, as: UTF8.self) } ?? "{}",
            status: status,
            durationMilliseconds: Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15,
            sentAt: Date()
        ))
    }

    private func send<Variables: Encodable & Sendable, Payload: Decodable>(
        query: String,
        variables: Variables,
        operationName: String,
        as payload: Payload.Type
    ) async throws(APISessionError) -> Payload {
        let body: Data
        do {
            body = try JSONEncoder().encode(GraphQLRequestBody(query: query, variables: variables, operationName: operationName))
        } catch {
            throw .invalidJSON("cannot encode variables: \(error)")
        }
        let (status, data) = try await sendWithTimeout(body)
        guard status == 200 || status == 400 else { throw .httpStatus(status) }
        let envelope: GraphQLResponseBody<Payload>
        do {
            envelope = try JSONDecoder().decode(GraphQLResponseBody<Payload>.self, from: data)
        } catch {
            throw status == 200 ? .invalidJSON(String(describing: error)) : .httpStatus(status)
        }
        if let errors = envelope.errors, !errors.isEmpty {
            throw .graphQL(errors, hasData: envelope.data != nil)
        }
        guard let payload = envelope.data else { throw .invalidJSON("the answer has neither data nor errors") }
        return payload
    }

    private func sendWithTimeout(_ body: Data) async throws(APISessionError) -> (Int, Data) {
        let transport = transport
        let timeout = timeout
        do {
            return try await withThrowingTaskGroup(of: (Int, Data).self) { group in
                group.addTask { try await transport.send(body, headers: APISession.defaultHeaders) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw APISessionError.timeout(seconds: Double(timeout.components.seconds))
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as APISessionError {
            throw error
        } catch {
            throw .transport(String(describing: error))
        }
    }
}

private struct GraphQLRequestBody<Variables: Encodable>: Encodable {
    let query: String
    let variables: Variables
    let operationName: String
}

private struct GraphQLResponseBody<Payload: Decodable>: Decodable {
    let data: Payload?
    let errors: [GraphQLErrorDetail]?
}

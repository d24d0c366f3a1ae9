import Connections
import CoreMetrics
import Foundation
import Logging
import Telemetry

/// Sends GraphQL documents to the BFF and decodes their `data`, as the seed's `APISession`:
/// default headers naming the client, a timeout, and typed errors.
public struct APISession: Sendable {
    public let transport: any GraphQLTransport
    public let timeout: Duration
    /// Headers of the BFF's own (credentials from `--bff-header`), sent after the defaults and
    /// winning over them; their values are never logged.
    public let extraHeaders: [String: String]
    private let logger = Logger(label: "moments.graphql")

    /// Headers the seed app sends with every request, so the BFF can tell clients apart.
    public static let defaultHeaders: [String: String] = [
        "x-app-platform": "web",
        "x-app-version": AppInfo.version,
        "x-os-version": ProcessInfo.processInfo.operatingSystemVersionString,
    ]

    private let networkLog: NetworkLog?
    private let faults: FaultInjector?
    private let mocks: MockStore?
    let breakpoints: BreakpointStore?

    /// When the request being answered wants its exchanges with the BFF over: every exchange made
    /// on its behalf waits at most until then (and at most `timeout`), so a request that needs
    /// several (the schema's capabilities, a read, the like itself) waits about one timeout in
    /// all, not one each. `nil` outside a request: background reads have their timeout alone.
    @TaskLocal public static var deadline: ContinuousClock.Instant?

    public init(transport: any GraphQLTransport, timeout: Duration = .seconds(5), networkLog: NetworkLog? = nil,
                faults: FaultInjector? = nil, mocks: MockStore? = nil, breakpoints: BreakpointStore? = nil,
                headers: [String: String] = [:]) {
        self.transport = transport
        self.timeout = timeout
        self.networkLog = networkLog
        self.faults = faults
        self.mocks = mocks
        self.breakpoints = breakpoints
        extraHeaders = headers
    }

    /// Posts `query` with `variables` and decodes the answer's `data` as `Payload`, with the
    /// field errors of a partial answer. The exchange goes into the network log when
    /// `isWorthRecording` says so of its result (always, unless a caller that polls says otherwise).
    public func post<Variables: Encodable & Sendable, Payload: Decodable>(
        query: String,
        variables: Variables,
        operationName: String,
        as payload: Payload.Type = Payload.self,
        isWorthRecording: (Result<GraphQLAnswer<Payload>, APISessionError>) -> Bool = { _ in true }
    ) async throws(APISessionError) -> GraphQLAnswer<Payload> {
        let body = try Self.body(query: query, variables: variables, operationName: operationName)
        return try await exchange(body: body, operationName: operationName, document: query, as: payload,
                                  isWorthRecording: isWorthRecording).result.get()
    }

    /// Subscribes with `query` and `variables` over `stream` (GraphQL over SSE), handing each
    /// event's answer, classified as any answer is, to `onEvent`, until the BFF completes the
    /// operation or the stream ends. Throws when the BFF cannot be reached, or answers something
    /// else than an event stream (a refusal, classified by its status and body).
    public func subscribe<Variables: Encodable & Sendable, Payload: Decodable>(
        query: String,
        variables: Variables,
        operationName: String,
        as payload: Payload.Type = Payload.self,
        over stream: HTTPGraphQLTransport,
        onEvent: (Result<GraphQLAnswer<Payload>, APISessionError>) async -> Void
    ) async throws(APISessionError) {
        let body = try Self.body(query: query, variables: variables, operationName: operationName)
        let refusal = try await stream.subscribe(body, headers: headers) { data in
            await onEvent(Result { () throws(APISessionError) in try Self.classify(status: 200, body: data, as: payload) })
        }
        guard let refusal else { return }
        _ = try Self.classify(status: refusal.status, body: refusal.body, as: payload)
        throw .notGraphQL("an answer that is no event stream")
    }

    private static func body<Variables: Encodable>(query: String, variables: Variables, operationName: String)
        throws(APISessionError) -> Data {
        do {
            return try JSONEncoder().encode(GraphQLRequestBody(query: query, variables: variables, operationName: operationName))
        } catch {
            // Never sent: nothing the BFF said, but no GraphQL exchange either.
            throw .notGraphQL("cannot encode the variables: \(error)")
        }
    }

    /// Sends the body of a recorded GraphQL exchange again, as it was (Area 51's Replay), and
    /// answers the new exchange as recorded; `nil` when there is no log to record it in.
    public func replay(_ original: NetworkExchange) async -> NetworkExchange? {
        await replay(body: Data(original.requestBody.text.utf8), operationName: original.operationName, document: original.document ?? "")
    }

    /// Sends a GraphQL request body as it was recorded elsewhere (a QA session's exchange), and
    /// answers the exchange as recorded; `nil` when there is no log to record it in.
    public func replay(body: Data, operationName: String, document: String) async -> NetworkExchange? {
        await exchange(body: body, operationName: operationName, document: document, as: AnyData.self).recorded
    }

    /// One exchange: the fault in force for the operation, the mock that answers it or else the
    /// transport, within the timeout, held where a breakpoint says; the answer classified, and
    /// the whole recorded in the network log.
    private func exchange<Payload: Decodable>(body: Data, operationName: String, document: String, as payload: Payload.Type,
                                              isWorthRecording: (Result<GraphQLAnswer<Payload>, APISessionError>) -> Bool = { _ in true })
        async -> (result: Result<GraphQLAnswer<Payload>, APISessionError>, recorded: NetworkExchange?) {
        let started = ContinuousClock.now
        let startedAt = Date()
        let headers = headers
        let fault = await faults?.take(operationName)
        let mock = await mocks?.take(operationName, body: body)
        var answer: (status: Int, body: Data)?
        var sent = (body: body, headers: headers)
        var holds = Holds()
        let result: Result<GraphQLAnswer<Payload>, APISessionError>
        do {
            let received: (status: Int, body: Data)
            switch try await passRequest(operationName, body: body, headers: headers, holds: &holds) {
            case .send(let body, let headers):
                sent = (body, headers)
                let bffAnswer = try await sendWithTimeout(body, headers: headers, fault: fault, mock: mock, heldFor: holds.duration)
                received = try await passResponse(operationName, body: body, answer: bffAnswer, holds: &holds)
            case .answer(let status, let body):
                // QA's own answer: there is no BFF's answer to hold.
                received = (status, body)
            }
            answer = received
            result = .success(try Self.classify(status: received.status, body: received.body, as: payload))
        } catch let error as APISessionError {
            result = .failure(error)
        } catch {
            result = .failure(Self.transportFailure(error, reaching: transport.endpointDescription))
        }
        var failure: APISessionError?
        var errors: [GraphQLErrorDetail] = []
        switch result {
        case .failure(let error):
            failure = error
            if case .graphQL(let graphQLErrors, _) = error { errors = graphQLErrors }
            logger.warning("GraphQL call failed", metadata: ["operation": "\(operationName)", "error": "\(error)"])
        case .success(let answer):
            errors = answer.errors
            if answer.isPartial {
                logger.notice("GraphQL answer is partial", metadata: ["operation": "\(operationName)", "errors": "\(errors)"])
            }
        }
        let outcome = NetworkExchange.Outcome(error: failure, fault: fault, isPartial: !errors.isEmpty && failure == nil)
        let elapsed = ContinuousClock.now - started
        Counter(label: "moments_bff_calls_total", dimensions: [("operation", operationName), ("outcome", outcome.rawValue)]).increment()
        Timer(label: "moments_bff_call_duration_seconds", dimensions: [("operation", operationName)], preferredDisplayUnit: .seconds)
            .record(elapsed)
        let recorded = networkLog.flatMap { log in isWorthRecording(result) ? log : nil }.map { log in
            let requestBody = log.body(sent.body)
            return log.record(NetworkExchange(
                kind: .graphQL, operationName: operationName, operationType: Self.operationType(of: document), method: "POST",
                url: transport.endpointDescription, requestHeaders: NetworkExchange.headers(sent.headers, credentialNames: extraHeaders.keys),
                document: document, variables: RequestVariables(body: sent.body, kept: requestBody), requestBody: requestBody,
                status: answer?.status, responseBody: answer.map { log.body($0.body) } ?? .none,
                errors: errors,
                failure: failure?.description, outcome: outcome, fault: fault, isMocked: mock != nil, holds: holds.list,
                startedAt: startedAt, duration: elapsed), failure: failure)
        }
        return (result, recorded)
    }

    /// Every header of one exchange: the app's defaults, then the BFF's own (credentials) winning
    /// over them, then the trace context of the request being served (a new span id each call).
    private var headers: [String: String] {
        APISession.defaultHeaders.merging(extraHeaders) { _, extra in extra }
            .merging(TraceContextPropagation.outgoingHeaders()) { _, trace in trace }
    }

    /// `mutation` or `query`, from the document's first word (an anonymous `{ … }` is a query).
    public static func operationType(of document: String) -> String {
        document.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("mutation") ? "mutation" : "query"
    }

    /// The answer's `data` as `Payload` with its field errors, or the class of failure the
    /// exchange shows: credentials refused by the status, then by the body's shape (a GraphQL
    /// body is read whatever the status), then by the status. A BFF's words are never looked at.
    static func classify<Payload: Decodable>(status: Int, body: Data, as payload: Payload.Type)
        throws(APISessionError) -> GraphQLAnswer<Payload> {
        if status == 401 || status == 403 { throw .credentialsRefused(status: status) }
        let isSuccess = (200..<300).contains(status)
        let envelope: GraphQLResponseBody<Payload>
        do {
            envelope = try JSONDecoder().decode(GraphQLResponseBody<Payload>.self, from: body)
        } catch {
            guard isSuccess else { throw .httpStatus(status) }
            throw classify(decodingFailure: error, body: body)
        }
        // An answer with `errors` is a GraphQL answer whatever its status: GraphQL over HTTP
        // refuses a document with a 4xx, and a BFF may say why it cannot answer with a 5xx.
        if let errors = envelope.errors, !errors.isEmpty {
            // A field error nulls that field and the rest stands: `data` that is what the
            // document asked for is the answer, partial. No data, null data (a root field that
            // failed) or data of another shape is the errors' failure.
            guard isSuccess, let data = envelope.data else { throw .graphQL(errors, hasData: envelope.hasData) }
            return GraphQLAnswer(data: data, errors: errors)
        }
        guard isSuccess else { throw .httpStatus(status) }
        if let dataFailure = envelope.dataFailure { throw classify(decodingFailure: dataFailure, body: body) }
        guard let payload = envelope.data else {
            throw .notGraphQL(envelope.hasDataKey ? "data is null and there are no errors" : "neither data nor errors")
        }
        return GraphQLAnswer(data: payload, errors: [])
    }

    /// Not JSON at all; or JSON whose `data` lacks what the document asked for; or else JSON of
    /// another shape than a GraphQL answer.
    private static func classify(decodingFailure error: any Error, body: Data) -> APISessionError {
        guard (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) != nil else {
            return .notJSON(body.isEmpty ? "an empty body" : "\(body.count) bytes that do not parse as JSON")
        }
        guard let decodingError = error as? DecodingError else { return .notGraphQL(String(describing: error)) }
        let path: [any CodingKey]
        let context: DecodingError.Context
        switch decodingError {
        case .keyNotFound(let key, let keyContext): (path, context) = (keyContext.codingPath + [key], keyContext)
        case .valueNotFound(_, let valueContext), .typeMismatch(_, let valueContext), .dataCorrupted(let valueContext):
            (path, context) = (valueContext.codingPath, valueContext)
        @unknown default: return .notGraphQL(String(describing: error))
        }
        let names = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        guard names.count > 1, names.first == "data" else {
            return .notGraphQL(names.isEmpty ? context.debugDescription : "\(names.joined(separator: ".")) is not what GraphQL sends")
        }
        return .missingData(names.joined(separator: "."))
    }

    /// - Parameter heldFor: how long breakpoints held the call: QA's time, not the BFF's, so the
    ///   request's deadline moves by as much.
    private func sendWithTimeout(_ body: Data, headers: [String: String], fault: Fault?,
                                 mock: Mock?, heldFor: Duration) async throws(APISessionError) -> (status: Int, body: Data) {
        let transport = transport
        let timeout = timeout
        let endpoint = transport.endpointDescription
        // A mock stands in for the BFF; a fault shapes its answer as it would the BFF's.
        let send: @Sendable () async throws -> (status: Int, body: Data)
        if let mock {
            send = { try await mock.answer(reaching: endpoint, timeout: timeout) }
        } else {
            send = { try await transport.send(body, headers: headers) }
        }
        // What is left of the request's deadline, when it is sooner than this exchange's timeout.
        let wait = Self.deadline.map { min(timeout, max(.zero, $0 + heldFor - .now)) } ?? timeout
        do {
            return try await withThrowingTaskGroup(of: (status: Int, body: Data).self) { group in
                group.addTask {
                    guard let fault else { return try await send() }
                    return try await fault.answer(reaching: endpoint, timeout: timeout, send: send)
                }
                group.addTask {
                    try await Task.sleep(for: wait)
                    throw APISessionError.timeout(seconds: Double(timeout.components.seconds))
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
        } catch let error as APISessionError {
            throw error
        } catch {
            throw Self.transportFailure(error, reaching: endpoint)
        }
    }

    /// Sleeps and JSON encoding in a fault, or a transport of a test's: nothing a URLSession classified.
    private static func transportFailure(_ error: any Error, reaching endpoint: String) -> APISessionError {
        .transport(ConnectionFailure(url: endpoint, option: "--bff-url", cause: .other(String(describing: error))))
    }
}

private struct GraphQLRequestBody<Variables: Encodable>: Encodable {
    let query: String
    let variables: Variables
    let operationName: String
}

/// A GraphQL answer as the spec shapes it: `errors` (a list of objects with a `message`), and
/// `data`. `data` that does not decode is kept aside rather than thrown when `errors` explain it.
private struct GraphQLResponseBody<Payload: Decodable>: Decodable {
    let data: Payload?
    let errors: [GraphQLErrorDetail]?
    /// Whether the answer has a `data` key at all.
    let hasDataKey: Bool
    /// Whether `data` is there and not null.
    let hasData: Bool
    /// Why `data` did not decode, when it did not.
    let dataFailure: (any Error)?

    private enum CodingKeys: String, CodingKey {
        case data, errors
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        errors = try container.decodeIfPresent([GraphQLErrorDetail].self, forKey: .errors)
        hasDataKey = container.contains(.data)
        hasData = hasDataKey ? !(try container.decodeNil(forKey: .data)) : false
        guard errors != nil || hasDataKey else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "neither data nor errors"))
        }
        if hasData {
            // `data` must be an object; anything else is not a GraphQL answer.
            _ = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .data)
        }
        do {
            data = try container.decodeIfPresent(Payload.self, forKey: .data)
            dataFailure = nil
        } catch {
            data = nil
            dataFailure = error
        }
    }
}

/// Any `data` at all: what a replay asks for, to classify the answer without knowing its shape.
private struct AnyData: Decodable {
    init(from decoder: any Decoder) throws {}
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.intValue = intValue; stringValue = String(intValue) }
}

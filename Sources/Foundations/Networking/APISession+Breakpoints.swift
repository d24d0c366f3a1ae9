import Foundation

extension APISession {
    /// The holds of one call, in order, and how long they took: kept in its record, and not
    /// counted against its timeout.
    struct Holds {
        var list: [BreakpointHold] = []
        var duration: Duration = .zero
    }

    /// What a call does once past its request's breakpoint: send (what QA edited, or what it
    /// was), or answer as QA chose instead of asking the BFF.
    enum RequestPass {
        case send(body: Data, headers: [String: String])
        case answer(status: Int, body: Data)
    }

    /// Holds the request of `operation` when a breakpoint says so, and applies what QA chose.
    func passRequest(_ operation: String, body: Data, headers: [String: String], holds: inout Holds) async throws -> RequestPass {
        guard let breakpoints, breakpoints.mayHold(operation, at: .request) else { return .send(body: body, headers: headers) }
        let started = ContinuousClock.now
        let sent = JSONValue(data: body)
        let shown = Dictionary(uniqueKeysWithValues: NetworkExchange.headers(headers, credentialNames: extraHeaders.keys).map { ($0.name, $0.value) })
        guard let (release, hold) = await breakpoints.hold(operation, at: .request, variables: sent?["variables"], headers: shown)
        else { return .send(body: body, headers: headers) }
        holds.list.append(hold)
        holds.duration += ContinuousClock.now - started
        switch release {
        case .continued, .timedOut, .removed, .shutdown:
            return .send(body: body, headers: headers)
        case .edited(let edit):
            return .send(body: Self.body(body, variables: edit.variables), headers: edited(headers, with: edit.headers))
        case .aborted(let abort):
            return .answer(status: abort.answer.status, body: abort.answer.body)
        case .mocked(let mock):
            let answer = try await mock.answer(reaching: transport.endpointDescription, timeout: timeout)
            return .answer(status: answer.status, body: answer.body)
        }
    }

    /// Holds the BFF's answer to `operation` when a breakpoint says so, and answers it as QA chose.
    func passResponse(_ operation: String, body: Data, answer: (status: Int, body: Data), holds: inout Holds) async throws
        -> (status: Int, body: Data) {
        guard let breakpoints, breakpoints.mayHold(operation, at: .response) else { return answer }
        let started = ContinuousClock.now
        guard let (release, hold) = await breakpoints.hold(operation, at: .response, variables: JSONValue(data: body)?["variables"],
                                                           status: answer.status, response: JSONValue(data: answer.body)) else {
            return answer
        }
        holds.list.append(hold)
        holds.duration += ContinuousClock.now - started
        switch release {
        case .continued, .timedOut, .removed, .shutdown:
            return answer
        case .edited(let edit):
            return (edit.status ?? answer.status, edit.response.map { Data($0.compactText.utf8) } ?? answer.body)
        case .aborted(let abort):
            return abort.answer
        case .mocked(let mock):
            return try await mock.answer(reaching: transport.endpointDescription, timeout: timeout)
        }
    }

    /// `body` with its `variables` replaced; as it was when none are given.
    private static func body(_ body: Data, variables: [String: JSONValue]?) -> Data {
        guard let variables, case .object(var members) = JSONValue(data: body) else { return body }
        members["variables"] = .object(variables)
        return Data(JSONValue.object(members).compactText.utf8)
    }

    /// The headers QA wrote in place of `headers`, the credentials kept as configured: the
    /// editor shows them masked, and a mask is no credential.
    private func edited(_ headers: [String: String], with written: [String: String]?) -> [String: String] {
        guard let written else { return headers }
        let credentials = Set(extraHeaders.keys.map { $0.lowercased() })
        return written.filter { !credentials.contains($0.key.lowercased()) }
            .merging(headers.filter { credentials.contains($0.key.lowercased()) }) { _, configured in configured }
    }
}

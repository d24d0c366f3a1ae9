import Foundation
import Foundations
import HTTPServer

/// Mocks: `GET /api/area51/mocks`, `PUT` and `DELETE /api/area51/mocks/{operation}`, and the
/// forms of the inspector page and of an exchange's page ("answer with this exchange's
/// response"), each form and its JSON twin one handler. Mounted with Area 51, so absent from production builds.
struct MockRoutes: RouteCollection {
    /// What the JSON routes answer: the mocks in force and the latest sets and clears.
    struct MockList: Codable {
        let mocks: [MockStore.Active]
        let audit: [MockChange]
    }

    /// A GraphQL answer may be a whole timeline: far more than a toggle's form.
    static let maxBodySize = 1024 * 1024

    let mocks: MockStore

    func boot(routes: inout some RouteBuilder) {
        routes.get("/api/area51/mocks") { _ in try await list() }
        routes.resource(.post("/area51/mocks/{operation}"), json: .put("/api/area51/mocks/{operation}"), maxBodySize: Self.maxBodySize) { request in
            let operation = request.parameters["operation"] ?? ""
            // An unknown operation is answered as such whatever the body says.
            try MockStore.check(operation)
            let mock = request.representation == .json ? try request.decode(Mock.self) : try request.decode(MockForm.self).mock()
            try await mocks.set(mock, for: operation, source: request.changeSource)
            guard request.representation == .page else { return try await list() }
            return PageVisit.redirectAfterAction(to: "/area51/network#mocks")
        }
        routes.resource(.post("/area51/mocks/{operation}/clear"), json: .delete("/api/area51/mocks/{operation}")) { request in
            try await mocks.clear(request.parameters["operation"] ?? "", source: request.changeSource)
            guard request.representation == .page else { return try await list() }
            return try PageVisit.redirectBack(request, else: "/area51/network#mocks")
        }
    }

    private func list() async throws -> Response {
        try .json(MockList(mocks: mocks.active, audit: try await mocks.audit()))
    }
}

/// A mock from the inspector's form: `body` and `variables` as JSON text (empty variables:
/// every call), or an empty body and a `failure`; `skipCalls` empty for "none",
/// `remainingCalls` empty for "until cleared".
struct MockForm: Decodable {
    let body: String?
    let failure: TransportFailure?
    let variables: String?
    let skipCalls: Int?
    let remainingCalls: Int?

    func mock() throws(MockError) -> Mock {
        let text = body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var body: JSONValue?
        if !text.isEmpty || failure == nil {
            guard let written = JSONValue(data: Data(text.utf8)) else { throw .invalidField("body", expected: .graphQLAnswerJSON) }
            body = written
        }
        var members: [String: JSONValue]?
        if let variables, !variables.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            guard case .object(let object) = JSONValue(data: Data(variables.utf8)) else {
                throw .invalidField("variables", expected: .variablesObject)
            }
            members = object
        }
        return Mock(body: body, failure: failure, variables: members, skipCalls: skipCalls, remainingCalls: remainingCalls)
    }
}

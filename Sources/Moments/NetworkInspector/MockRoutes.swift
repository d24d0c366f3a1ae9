import Foundation
import Foundations
import HTTPServer

/// Mocks: `GET /api/area51/mocks`, `PUT` and `DELETE /api/area51/mocks/{operation}`, and the
/// forms of the inspector page and of an exchange's page ("answer with this exchange's
/// response"). Mounted with Area 51, so absent from production builds.
struct MockRoutes: RouteCollection {
    /// What the JSON routes answer: the mocks in force and the latest sets and clears.
    struct MockList: Encodable {
        let mocks: [MockStore.Active]
        let audit: [MockChange]
    }

    /// A GraphQL answer may be a whole timeline: far more than a toggle's form.
    static let maxBodySize = 1024 * 1024

    let mocks: MockStore

    func boot(routes: inout some RouteBuilder) {
        routes.get("/api/area51/mocks") { _ in try await list() }
        routes.put("/api/area51/mocks/{operation}", maxBodySize: Self.maxBodySize) { request in
            let operation = request.parameters["operation"] ?? ""
            // An unknown operation is answered as such whatever the body says.
            try MockStore.check(operation)
            try await mocks.set(try request.decode(Mock.self), for: operation, source: .api)
            return try await list()
        }
        routes.delete("/api/area51/mocks/{operation}") { request in
            try await mocks.clear(request.parameters["operation"] ?? "", source: .api)
            return try await list()
        }
        routes.post("/area51/mocks/{operation}", maxBodySize: Self.maxBodySize) { request in
            let operation = request.parameters["operation"] ?? ""
            try MockStore.check(operation)
            try await mocks.set(try Self.mock(from: request.formFields), for: operation, source: .page)
            return PageVisit.redirectAfterAction(to: "/area51/network#mocks")
        }
        routes.post("/area51/mocks/{operation}/clear", maxBodySize: InternalMenuRoutes.maxBodySize) { request in
            try await mocks.clear(request.parameters["operation"] ?? "", source: .page)
            return PageVisit.redirectAfterAction(to: PageVisit.localPath(request.formFields["back"]) ?? "/area51/network#mocks")
        }
    }

    private func list() async throws -> Response {
        try .json(MockList(mocks: mocks.active, audit: try await mocks.audit()))
    }

    /// A mock from a form: `body` and `variables` as JSON text (empty variables: every call),
    /// `remainingCalls` empty for "until cleared".
    static func mock(from fields: QueryArguments) throws(MockError) -> Mock {
        guard let body = fields["body"].flatMap({ JSONValue(data: Data($0.utf8)) }) else {
            throw .invalidField("body", expected: "a GraphQL answer written as JSON")
        }
        var variables: [String: JSONValue]?
        if let text = fields["variables"], !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            guard case .object(let members) = JSONValue(data: Data(text.utf8)) else {
                throw .invalidField("variables", expected: "a JSON object, or empty for every call")
            }
            variables = members
        }
        var remainingCalls: Int?
        if let text = fields["remainingCalls"], !text.isEmpty {
            guard let count = Int(text) else { throw .invalidField("remainingCalls", expected: "a whole number of at least 1") }
            remainingCalls = count
        }
        return Mock(body: body, variables: variables, remainingCalls: remainingCalls)
    }
}

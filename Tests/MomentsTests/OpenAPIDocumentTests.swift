import BFF
import Foundation
import HTTPServer
import Moments
import Testing
import TestSupport

/// `/api/openapi.json` stays true: every JSON route is documented with its methods, and the
/// document names no route the server does not have, nor leaves out a kind of Area 51 row.
@Suite struct OpenAPIDocumentTests {
    /// Routes that answer HTML, a stream or pictures, which the document leaves out.
    static let pageRoutes: Set<String> = ["/", "/events", "/moments/{id}", "/moments/{id}/like", "/area51", "/area51/designkit",
                                          "/area51/toggles/{name}", "/area51/actions/{id}", "/area51/user", "/css/designkit.css", "/media",
                                          "/InternalMenu", "/DesignKit",
                                          "/area51/network", "/area51/network/{id}", "/area51/network/{id}/replay",
                                          "/area51/faults/{operation}", "/area51/faults/{operation}/clear", "/area51/clear-faults",
                                          "/area51/mocks/{operation}", "/area51/mocks/{operation}/clear", "/area51/sessions/export",
                                          "/area51/sessions/replay",
                                          "/area51/breakpoints/{operation}", "/area51/breakpoints/{operation}/clear",
                                          "/area51/breakpoints/held/{id}/continue", "/area51/breakpoints/held/{id}/abort",
                                          "/area51/breakpoints/held/{id}/mock",
                                          "/area51/contract", "/area51/contract/check"]

    @Test func document_listsExactlyTheJSONRoutesAndMethods() async throws {
        try await withDashboard { dashboard, bff in
            var router = try dashboard.application.makeRouter()
            let bffDirectory = Dashboard.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: bffDirectory) }
            try router.register(EmbeddedBFF(dataDirectory: bffDirectory))
            let routes = Set(router.routeList.filter { !Self.pageRoutes.contains($0.pattern) }.map { "\($0.method) \($0.pattern)" })

            let document = try await dashboard.json("/api/openapi.json").object
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })

            #expect(document["openapi"] as? String == "3.1.0")
            #expect(routes.subtracting(documented).isEmpty, "routes missing from the document: \(routes.subtracting(documented).sorted())")
            #expect(documented.subtracting(routes).isEmpty, "documented but not served: \(documented.subtracting(routes).sorted())")
        }
    }

    @Test func document_namesEveryKindOfArea51Row() async throws {
        try await withDashboard { dashboard, bff in
            let document = try await dashboard.json("/api/openapi.json").object
            let schema = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["InternalMenu"] as? [String: Any]
            let sections = (schema?["properties"] as? [String: Any])?["sections"] as? [String: Any]
            let section = (sections?["items"] as? [String: Any])?["properties"] as? [String: Any]
            let item = ((section?["items"] as? [String: Any])?["items"] as? [String: Any])?["properties"] as? [String: Any]
            let kinds = try #require((item?["type"] as? [String: Any])?["enum"] as? [String])
            #expect(Set(kinds) == Set(InternalMenuItemType.allCases.map(\.rawValue)))
        }
    }
}

import DesignKit
import Foundation
import HTTPServer

/// `GET /css/designkit.css`: the DesignKit tokens and components, generated once from the
/// DesignKit target so pages and the demo share one source.
public struct DesignKitStylesheetRoute: Sendable {
    public init() {}

    public func register(on router: inout Router) {
        let stylesheet = FixedResponse(data: Data(DesignKitStylesheet.css.utf8), contentType: "text/css; charset=utf-8")
        router.get("/css/designkit.css") { request in stylesheet.respond(to: request) }
    }
}

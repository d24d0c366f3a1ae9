import DesignKit
import Foundation
import HTTPServer

/// `GET /css/designkit.css`: the DesignKit tokens and components, generated once from the
/// DesignKit target so pages and the demo share one source.
public struct DesignKitStylesheetRoute: RouteCollection {
    public init() {}

    public func boot(routes: inout some RouteBuilder) {
        let stylesheet = FixedResponse.text(Data(DesignKitStylesheet.css.utf8), contentType: "text/css; charset=utf-8")
        routes.get("/css/designkit.css") { request in stylesheet.respond(to: request) }
    }
}

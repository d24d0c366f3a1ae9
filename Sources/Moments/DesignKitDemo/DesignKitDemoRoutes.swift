import Foundations
import HTTPServer

/// `GET /area51/designkit?productName=DesignKit&version=1.0.1`: the DesignKit demo, opened
/// from Area 51 (and so mounted with it, absent from production builds).
public struct DesignKitDemoRoutes: RouteCollection {
    private let pages: PageRenderer

    public init(pages: PageRenderer) {
        self.pages = pages
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.get("/area51/designkit") { request in
            // Its content is the query and the language: nothing but what every page is drawn from.
            let drawnFrom = pages.drawnFrom(request, content: [])
            let viewModel = DesignKitDemoViewModel(
                productName: request.query["productName"] ?? "DesignKit",
                requestedVersion: request.query["version"],
                l10n: request.l10n
            )
            let response = try pages.cachedPage("designkit", drawnFrom: drawnFrom, content: { viewModel }, for: request,
                                                options: .init(title: "\(viewModel.productName) \(viewModel.version)", bodyClass: "designkit"))
            return pages.reusable(response, drawnFrom: drawnFrom)
        }
    }
}

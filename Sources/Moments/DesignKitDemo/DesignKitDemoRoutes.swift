import Foundations
import HTTPServer

/// `GET /area51/designkit?productName=DesignKit&version=1.0.1`: the DesignKit demo, opened
/// from Area 51 (and so absent from production builds with it).
struct DesignKitDemoRoutes: Sendable {
    let dependencies: AppDependencies

    func register(on router: inout Router) {
        let pages = PageRenderer(dependencies: dependencies)
        router.get("/area51/designkit") { request in
            let viewModel = DesignKitDemoViewModel(
                productName: request.query["productName"] ?? "DesignKit",
                version: request.query["version"] ?? AppInfo.version
            )
            return try pages.page("designkit", content: TemplateRenderer.context(viewModel), for: request,
                                  options: .init(title: "\(viewModel.productName) \(viewModel.version)", bodyClass: "designkit"))
        }
    }
}

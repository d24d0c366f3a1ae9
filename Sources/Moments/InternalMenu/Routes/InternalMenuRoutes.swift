import Foundation
import Foundations
import HTTPServer

/// Area 51 as a page (`GET /area51`) and JSON (`GET /api/area51`), its toggle forms and its
/// tools. Registered only in debug and internal builds: in production every path here is an
/// unknown path, answered 404 like any other.
public struct InternalMenuRoutes: Sendable {
    /// Toggle writes and tool runs carry a few bytes at most.
    static let maxBodySize = 1024

    private let dependencies: AppDependencies
    private let pages: PageRenderer

    public init(dependencies: AppDependencies) {
        self.dependencies = dependencies
        pages = PageRenderer(dependencies: dependencies)
    }

    public func register(on router: inout Router) {
        guard AppInfo.buildTarget != .production else { return }
        ToggleRoutes(dependencies: dependencies).register(on: &router)
        DesignKitDemoRoutes(dependencies: dependencies).register(on: &router)

        router.get("/area51") { request in
            let l10n = request.l10n
            dependencies.trackingRepo.trackAction(ShakeTrackingEvent(source: request.query["source"] ?? "url"))
            var context = try TemplateRenderer.context(try await viewModel(l10n)) as? [String: Any] ?? [:]
            context["done"] = request.query["done"].map { l10n["action.\($0).done"] }
            return try pages.page("area51", content: context, for: request, options: .init(title: l10n["area51"], bodyClass: "area51"))
        }
        router.get("/api/area51") { request in try .json(try await viewModel(request.l10n)) }
        router.post("/area51/toggles/{name}", maxBodySize: Self.maxBodySize) { request in
            let name = request.parameters["name"] ?? ""
            guard let isOn = request.formFields["isOn"].flatMap(Bool.init) else {
                throw HTTPError(.badRequest, code: "invalid_form", message: "The form needs isOn=true or isOn=false.")
            }
            try ToggleRoutes.item(named: name, dependencies: dependencies, l10n: request.l10n).toggle(isOn: isOn, source: .page)
            return .seeOther("/area51#toggle-\(name)")
        }
        router.post("/area51/actions/{id}", maxBodySize: Self.maxBodySize) { request in
            let result = try await perform(request)
            if result.terminatesProcess {
                let heading = request.l10n["action.crash-app"]
                return try pages.page("crashing", content: ["heading": heading, "message": result.message], for: request,
                                      options: .init(title: heading, status: .accepted))
            }
            return .seeOther("/area51?done=\(result.action)")
        }
        router.post("/api/area51/actions/{id}", maxBodySize: Self.maxBodySize) { request in
            let result = try await perform(request)
            return try .json(result, status: result.terminatesProcess ? .accepted : .ok)
        }
    }

    private func viewModel(_ l10n: L10n) async throws -> InternalMenuViewModel {
        try InternalMenuViewModel(dependencies: dependencies, l10n: l10n, bffProblem: await dependencies.bffHealthCheck.problem())
    }

    private func perform(_ request: Request) async throws -> InternalMenuActionResult {
        let id = request.parameters["id"] ?? ""
        guard let action = InternalMenuActions.all(dependencies, request.l10n).first(where: { $0.id == id }) else {
            throw HTTPError(.notFound, code: "unknown_action", message: "There is no Area 51 action named \(id).")
        }
        let result = try await action.perform()
        if result.terminatesProcess {
            ProcessTermination.abortSoon()
        }
        return result
    }
}

/// Ends the process the way a crash does, after the answer that announces it has gone out.
enum ProcessTermination {
    static func abortSoon(after delay: Duration = .milliseconds(300)) {
        Task.detached {
            try? await Task.sleep(for: delay)
            abort()
        }
    }
}

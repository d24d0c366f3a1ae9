import Foundation
import Foundations
import HTTPServer

/// Area 51 as a page (`GET /area51`) and JSON (`GET /api/area51`) and its tools. The composition
/// root mounts it, with `ToggleRoutes` and the DesignKit demo, only in debug and internal builds.
public struct InternalMenuRoutes: RouteCollection {
    /// `?source=` of the URL the keyboard shortcut opens (`Public/js/app.js`): the one way a
    /// `shake` is recorded.
    static let shortcutSource = "shortcut"

    private let pages: PageRenderer
    private let state: InternalMenuStateReader
    private let trackingRepo: any TrackingRepoType

    public init(pages: PageRenderer, state: InternalMenuStateReader, trackingRepo: any TrackingRepoType) {
        self.pages = pages
        self.state = state
        self.trackingRepo = trackingRepo
    }

    /// What Area 51 shows to `request`, which acts as a user of its own.
    private func state(for request: Request) async throws -> InternalMenuState {
        try await state.read(actingUserID: state.actingUser.userID(for: request), l10n: request.l10n, probingBFF: request.visit == .opened)
    }

    public func boot(routes: inout some RouteBuilder) {
        routes.resource(.get("/area51"), json: .get("/api/area51")) { request in
            let l10n = request.l10n
            guard request.representation == .page else {
                return try .json(InternalMenuViewModel(state: try await state(for: request), l10n: l10n))
            }
            if request.query["source"] == Self.shortcutSource {
                // The shortcut's door is counted once, then leads to the menu's own URL, so a
                // reload is not a second shake.
                if request.visit == .opened { trackingRepo.trackAction(ShakeTrackingEvent(source: Self.shortcutSource)) }
                let query = request.query.removing(["source"]).urlEncoded
                return PageVisit.redirectAfterAction(to: query.isEmpty ? "/area51" : "/area51?\(query)")
            }
            let opened = request.visit == .opened
            if opened { trackAreaOpened() }
            let drawnFrom = pages.drawnFrom(request, content: [])
            let done = try request.query["done"].map { l10n[try action(id: $0).strings.done] }
            let viewModel = InternalMenuViewModel(state: try await state(for: request), l10n: l10n, done: done)
            let response = try pages.page("area51", content: viewModel, for: request, options: .init(title: l10n[.area51], bodyClass: "area51"))
            // What QA sets (toggles, faults, mocks, breakpoints, the acting user) shows at once;
            // the activity (events, exchanges, the BFF's health) as of at most `activityAge` ago,
            // so that a crowd opening the menu is not a probe and a drawing each. The page after
            // an action, and a tab's live redraw, are drawn afresh.
            guard opened else { return response }
            return pages.reusable(response, drawnFrom: drawnFrom, until: .now + Self.activityAge, effects: [{ _ in trackAreaOpened() }])
        }
        routes.resource(.post("/area51/actions/{id}"), json: .post("/api/area51/actions/{id}")) { request in
            let action = try action(id: request.parameters["id"] ?? "")
            let form = request.body.isEmpty ? ActionForm(confirm: nil) : try request.decode(ActionForm.self)
            if request.representation == .page && action.needsConfirmation && form.confirm != "1" {
                // The first press shows what will happen, with the button that does it.
                let l10n = request.l10n
                let heading = String(format: l10n[.actionConfirmTitle], l10n[action.strings.title])
                return try pages.page("confirmAction", content: ConfirmActionPage(heading: heading, detail: l10n[action.strings.detail],
                                                                                  actionID: action.id, confirmTitle: l10n[action.strings.title]),
                                      for: request, options: .init(title: heading, bodyClass: "area51"))
            }
            guard !action.needsConfirmation || request.query["confirm"] == "1" || form.confirm == "1" else {
                throw InternalMenuError.confirmationRequired(action.id)
            }
            try await action.perform()
            if action.terminatesProcess {
                ProcessTermination.abortSoon()
            }
            let result = InternalMenuActionResult(action: action.id, message: request.l10n[action.strings.done],
                                                  terminatesProcess: action.terminatesProcess)
            if request.representation == .json {
                return try .json(result, status: result.terminatesProcess ? .accepted : .ok)
            }
            if result.terminatesProcess {
                let heading = request.l10n[.actionCrashApp]
                return try pages.page("crashing", content: ["heading": heading, "message": result.message], for: request,
                                      options: .init(title: heading, status: .accepted))
            }
            return PageVisit.redirectAfterAction(to: "/area51?done=\(result.action)")
        }
    }

    /// How old the activity an opened Area 51 shows may be.
    static let activityAge: Duration = .seconds(1)

    private func trackAreaOpened() {
        trackingRepo.trackAction(Area51OpenedTrackingEvent(source: "url"))
    }

    private func action(id: String) throws(InternalMenuError) -> any InternalMenuAction {
        guard let action = state.actions.first(where: { $0.id == id }) else { throw .unknownAction(id) }
        return action
    }
}

/// `confirm=1`: the second press of an action that needs one, from its confirmation page.
struct ActionForm: Decodable {
    let confirm: String?
}

/// The confirmation page of an action that needs one (Crash App).
struct ConfirmActionPage: Encodable {
    let heading: String
    let detail: String
    let actionID: String
    let confirmTitle: String
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

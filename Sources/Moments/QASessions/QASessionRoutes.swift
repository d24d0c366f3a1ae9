import Foundation
import Foundations
import HTTPServer

/// QA sessions: `POST /api/area51/sessions/export` (and Area 51's form at
/// `/area51/sessions/export`) answers the session file, as JSON or as a page for people;
/// `POST /api/area51/sessions/import/preview` lists what a file changes and
/// `POST /api/area51/sessions/import` applies it; `POST /api/area51/sessions/replay` runs its
/// operations again against this dashboard's BFF and compares the answers, as does Area 51's form
/// at `POST /area51/sessions/replay`, which answers a page or a report. Mounted with Area 51,
/// so absent from production builds.
struct QASessionRoutes: RouteCollection {
    /// What the export takes: the reporter's text and the format (`json` unless said).
    struct ExportBody: Decodable {
        enum Format: String, Decodable {
            case json, html
        }

        let note: String
        let format: Format?
    }

    /// What the import and its preview answer: the changes, and the acting user and language
    /// the browser is given.
    struct ImportResult: Encodable {
        let changes: [QASessionImport.Change]
        let actingUserID: String
        let language: Language
        let isApplied: Bool
    }

    /// Area 51's replay form: the file's text (pasted, or read by the page's script from a chosen
    /// file), the paths left out, one a line (the defaults when the form has no such field: Area 51's
    /// first form; the result page's *Replay again* shows them to edit), whether mutations go too,
    /// and whether the result is the page (`page`, unless said) or a report of its own (`html`).
    struct ReplayForm: Decodable {
        enum Format: String, Decodable {
            case page, html
        }

        let session: String
        let ignore: String?
        let withMutations: String?
        let format: Format?

        var ignoredPaths: [String] {
            guard let ignore else { return QASessionReplay.defaultIgnoredPaths }
            return ignore.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// A session file holds up to `QASessionFile.exchangeLimit` exchanges, bodies included.
    static let maxImportSize = 16 * 1024 * 1024
    /// An export carries the reporter's note: the cap every body has unless its route needs more.
    static let maxNoteSize = 64 * 1024

    let pages: PageRenderer
    let exporter: QASessionExporter
    let importer: QASessionImport
    /// The dashboard's own session: a replay goes through the same client as any call, and its
    /// exchanges show in the network inspector.
    let apiSession: APISession

    func boot(routes: inout some RouteBuilder) {
        routes.resource(.post("/area51/sessions/export"), json: .post("/api/area51/sessions/export"), maxBodySize: Self.maxNoteSize) { request in
            try await export(try request.decode(ExportBody.self), for: request)
        }
        routes.post("/api/area51/sessions/import/preview", maxBodySize: Self.maxImportSize) { request in
            let plan = try plan(request)
            return try .json(ImportResult(changes: plan.changes, actingUserID: plan.actingUserID, language: plan.language, isApplied: false))
        }
        routes.post("/api/area51/sessions/import", maxBodySize: Self.maxImportSize) { request in
            let plan = try plan(request)
            try await importer.apply(plan, setBy: exporter.actingUser.userID(for: request))
            var response = try Response.json(ImportResult(changes: plan.changes, actingUserID: plan.actingUserID,
                                                          language: plan.language, isApplied: true))
            // The person who opens the session acts as its user and reads its language, as the reporter did.
            response.headers.add("Set-Cookie", "\(ActingUser.cookieName)=\(plan.actingUserID); Path=/; HttpOnly; SameSite=Lax")
            response.headers.add("Set-Cookie", "\(LanguageChoiceMiddleware.cookieName)=\(plan.language.rawValue); Path=/; "
                                 + "Max-Age=\(LanguageChoiceMiddleware.maxAge); SameSite=Lax")
            return response
        }
        // Mutations change the BFF's data: only when asked for (`?withMutations=1`).
        routes.post("/api/area51/sessions/replay", maxBodySize: Self.maxImportSize) { request in
            try checkVersion(request)
            let recording = try request.decode(QASessionRecording.self)
            return try .json(await replay(recording, includesMutations: request.query["withMutations"] == "1"))
        }
        routes.post("/area51/sessions/replay", maxBodySize: Self.maxImportSize) { request in
            let form = try request.decode(ReplayForm.self)
            let recording = try QASessionReplay.read(Data(form.session.utf8))
            let includesMutations = form.withMutations == "1"
            let result = await replay(recording, includesMutations: includesMutations, ignoring: form.ignoredPaths)
            switch form.format ?? .page {
            case .page:
                let again = QASessionReplayViewModel.Again(session: form.session, ignore: result.ignoredPaths.joined(separator: "\n"),
                                                           withMutations: includesMutations)
                let viewModel = QASessionReplayViewModel(result: result, l10n: request.l10n, again: again)
                return try pages.page("qaSessionReplay", content: viewModel, for: request,
                                      options: .init(title: viewModel.title, bodyClass: "area51"))
            case .html:
                let viewModel = QASessionReplayViewModel(result: result, l10n: request.l10n)
                var response = try pages.fragment("qaSessionReplayReport", content: viewModel, for: request, set: .classic)
                response.headers.add("Content-Disposition", "attachment; filename=\"moments-replay-\(Self.stamp(Date())).html\"")
                return response
            }
        }
    }

    /// Runs `recording` through the dashboard's own client, shown in the inspector as a session replay.
    private func replay(_ recording: QASessionRecording, includesMutations: Bool,
                        ignoring ignoredPaths: [String] = QASessionReplay.defaultIgnoredPaths) async -> QASessionReplay.Result {
        let replay = QASessionReplay(apiSession: apiSession, includesMutations: includesMutations, ignoredPaths: ignoredPaths)
        return await NetworkCause.$current.withValue("session replay") { await replay.run(recording) }
    }

    private func export(_ body: ExportBody, for request: Request) async throws -> Response {
        let file = try await exporter.file(note: body.note, userID: exporter.actingUser.userID(for: request), l10n: request.l10n,
                                           origin: NetworkInspectorRoutes.origin(of: request))
        var response: Response
        switch body.format ?? .json {
        case .json:
            response = try .json(file)
        case .html:
            response = try pages.fragment("qaSessionReport", content: QASessionReportViewModel(file: file, l10n: request.l10n),
                                          for: request, set: .classic)
        }
        let name = "moments-session-\(Self.stamp(file.exportedAt)).\(body.format?.rawValue ?? "json")"
        response.headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
        return response
    }

    /// A time in a file's name: ISO 8601 without separators.
    private static func stamp(_ date: Date) -> String {
        date.ISO8601Format(.iso8601.dateSeparator(.omitted).timeSeparator(.omitted))
    }

    /// The file's version first, alone, then the settings it applies, checked against this dashboard.
    private func plan(_ request: Request) throws -> QASessionImport.Plan {
        try checkVersion(request)
        return try importer.plan(try request.decode(QASessionSettings.self), actingUserID: exporter.actingUser.userID(for: request),
                                 language: request.l10n.language)
    }

    /// A file of another version is refused before its shape is looked at.
    private func checkVersion(_ request: Request) throws {
        let header = try request.decode(QASessionSettings.Header.self)
        guard header.version == QASessionFile.currentVersion else { throw QASessionError.unsupportedVersion(header.version) }
    }
}

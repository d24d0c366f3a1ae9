import Foundation
import Foundations
import HTTPServer

/// QA sessions: `POST /api/area51/sessions/export` (and Area 51's form at
/// `/area51/sessions/export`) answers the session file, as JSON or as a page for people;
/// `POST /api/area51/sessions/import/preview` lists what a file changes and
/// `POST /api/area51/sessions/import` applies it; `POST /api/area51/sessions/replay` runs its
/// operations again against this dashboard's BFF and compares the answers. Mounted with Area 51,
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
            let replay = QASessionReplay(apiSession: apiSession, includesMutations: request.query["withMutations"] == "1")
            return try .json(await NetworkCause.$current.withValue("session replay") { await replay.run(recording) })
        }
    }

    private func export(_ body: ExportBody, for request: Request) async throws -> Response {
        let file = try await exporter.file(note: body.note, userID: exporter.actingUser.userID(for: request), l10n: request.l10n,
                                           origin: NetworkInspectorRoutes.origin(of: request))
        let stamp = file.exportedAt.ISO8601Format(.iso8601.dateSeparator(.omitted).timeSeparator(.omitted))
        var response: Response
        switch body.format ?? .json {
        case .json:
            response = try .json(file)
        case .html:
            response = try pages.fragment("qaSessionReport", content: QASessionReportViewModel(file: file, l10n: request.l10n),
                                          for: request, set: .classic)
        }
        let name = "moments-session-\(stamp).\(body.format?.rawValue ?? "json")"
        response.headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
        return response
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

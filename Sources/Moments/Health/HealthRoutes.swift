import DesignKit
import Foundations
import HTTPServer

/// `GET /healthz`: tells scripts and people that the server answers, and which build it is.
public struct HealthRoutes: RouteCollection {
    struct Health: Encodable {
        let status: String
        let version: String
        /// The commit and build date the build was given; absent when it did not know them.
        let commit: String?
        let buildDate: String?
        let buildTarget: BuildTarget
        /// The version of the design tokens the pages are drawn with.
        let designKitVersion: String
    }

    public init() {}

    /// The answer never changes while the process runs, so it is encoded once and reused for as
    /// long (`ReadyAnswers`); the benchmark uses it as the server's fixed small answer.
    public func boot(routes: inout some RouteBuilder) throws {
        var response = try Response.json(Health(status: "ok", version: AppInfo.version, commit: AppInfo.commit, buildDate: AppInfo.buildDate, buildTarget: AppInfo.buildTarget, designKitVersion: DesignKitInfo.version))
        response.reuse = Reuse(validity: AnswerValidity([]))
        routes.get("/healthz") { [response] _ in response }
    }
}

import Foundation
import Foundations
import HTTPServer

/// Assembles the dashboard: its stores on the data dir, its GraphQL client on the given BFF
/// transport, and every feature's routes. The executable and the tests build it the same way.
public struct MomentsApplication: Sendable {
    /// Where the dashboard keeps its data and finds its BFF, templates and files.
    public struct Configuration: Sendable {
        public var dataDirectory: URL
        public var templatesDirectory: String
        public var publicDirectory: String
        public var transport: any GraphQLTransport
        public var remoteConfigurationSource: RemoteConfigurationSource
        public var bffTimeout: Duration
        /// Host names this server answers for; anything else is refused (DNS rebinding).
        public var allowedHosts: [String]

        public init(
            dataDirectory: URL,
            templatesDirectory: String,
            publicDirectory: String,
            transport: any GraphQLTransport,
            remoteConfigurationSource: RemoteConfigurationSource,
            bffTimeout: Duration = .seconds(5),
            allowedHosts: [String] = ["127.0.0.1", "localhost", "::1"]
        ) {
            self.dataDirectory = dataDirectory
            self.templatesDirectory = templatesDirectory
            self.publicDirectory = publicDirectory
            self.transport = transport
            self.remoteConfigurationSource = remoteConfigurationSource
            self.bffTimeout = bffTimeout
            self.allowedHosts = allowedHosts
        }
    }

    public let configuration: Configuration
    public let dependencies: AppDependencies

    /// Opens the database, loads the templates and reads the remote config once.
    public init(configuration: Configuration) async throws {
        self.configuration = configuration
        let database = try AppDatabase(directory: configuration.dataDirectory)
        let internalToggles = try InternalTogglesDataStore(database: database)
        let remoteToggles = RemoteTogglesDataStore(source: configuration.remoteConfigurationSource)
        await remoteToggles.refresh()
        let requestLog = GraphQLRequestLog()
        let apiSession = APISession(transport: configuration.transport, timeout: configuration.bffTimeout, requestLog: requestLog)
        let pagination = BFFPagination()
        let momentsRepo = MomentsRepo(
            getMomentsSession: GetMomentsByUserIDSession(apiSession: apiSession, togglesDataStore: internalToggles,
                                                         pagination: pagination),
            updateMomentLikeSession: UpdateMomentLikeSession(apiSession: apiSession, pagination: pagination),
            persistentDataStore: PersistentDataStore(database: database),
            togglesDataStore: internalToggles
        )
        dependencies = AppDependencies(
            internalTogglesDataStore: internalToggles,
            remoteTogglesDataStore: remoteToggles,
            momentsRepo: momentsRepo,
            recordingTrackingProvider: RecordingTrackingProvider(),
            graphQLRequestLog: requestLog,
            bffHealthCheck: BFFHealthCheck(apiSession: APISession(transport: configuration.transport, timeout: .seconds(2))),
            renderer: try await TemplateRenderer(directory: configuration.templatesDirectory),
            bffDescription: configuration.transport.endpointDescription,
            dataDirectory: configuration.dataDirectory
        )
    }

    /// Every route of the dashboard, its error pages and its static files.
    public func makeRouter() throws -> Router {
        var router = Router()
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: HostCheckMiddleware(allowedHosts: configuration.allowedHosts))
        router.add(middleware: OriginCheckMiddleware(allowedHosts: configuration.allowedHosts))
        router.add(middleware: CSRFMiddleware())
        router.add(middleware: JSONContentTypeMiddleware(pathPrefix: "/api/"))
        try HealthRoutes().register(on: &router)
        DesignKitStylesheetRoute().register(on: &router)
        TimelineRoutes(dependencies: dependencies).register(on: &router)
        TrackingRoutes(dependencies: dependencies).register(on: &router)
        LiveEventsRoute(dependencies: dependencies).register(on: &router)
        InternalMenuRoutes(dependencies: dependencies).register(on: &router)
        router.fallback = StaticFiles(root: configuration.publicDirectory).handler
        router.errorRenderer = AppErrorRenderer.make(pages: PageRenderer(dependencies: dependencies))
        return router
    }
}

import Foundation
import Foundations
import HTTPServer

/// The composition root: builds every service of the dashboard once (its stores on the data
/// dir, its GraphQL client on the given BFF transport, one page renderer) and hands each
/// feature's routes exactly what they use. The executable and the tests build it the same way.
public struct MomentsApplication: Sendable {
    /// Where the dashboard keeps its data and finds its BFF, templates and files.
    public struct Configuration: Sendable {
        public var dataDirectory: URL
        public var templatesDirectory: String
        public var publicDirectory: String
        public var transport: any GraphQLTransport
        public var remoteConfigurationSource: RemoteConfigurationSource
        public var bffTimeout: Duration
        /// Headers sent with every request to the BFF and with picture requests to its origin
        /// (credentials: `--bff-header`, `MOMENTS_BFF_HEADERS`); shown only masked.
        public var bffHeaders: [String: String]
        /// Host names this server answers for; anything else is refused (DNS rebinding).
        public var allowedHosts: [String]
        /// Routes served beside the dashboard's: the embedded BFF's `/graphql` and `/remote-config`.
        public var bffRoutes: (any RouteCollection)?
        /// The user pages act as unless QA switches (never in production builds): `--user-id`.
        public var userID: String
        /// Every user of a BFF that can list them (the embedded one), for the user switcher;
        /// without it the switcher offers the users seen in the BFF's answers.
        public var listUsers: (@Sendable () async throws -> [KnownUser])?
        /// How many exchanges with the BFF the network inspector keeps (`--network-log-size`).
        public var networkLogSize: Int
        /// What the pages and moments the timeline keeps in memory may take, in estimated bytes.
        public var momentsCacheByteLimit: Int
        /// `false` draws every page and JSON twin afresh: what a kept one must equal.
        public var keepsDrawnPages: Bool

        public init(
            dataDirectory: URL,
            templatesDirectory: String,
            publicDirectory: String,
            transport: any GraphQLTransport,
            remoteConfigurationSource: RemoteConfigurationSource,
            bffTimeout: Duration = .seconds(5),
            bffHeaders: [String: String] = [:],
            allowedHosts: [String] = ["127.0.0.1", "localhost", "::1"],
            bffRoutes: (any RouteCollection)? = nil,
            userID: String = "0",
            listUsers: (@Sendable () async throws -> [KnownUser])? = nil,
            networkLogSize: Int = NetworkLog.defaultCapacity,
            momentsCacheByteLimit: Int = MomentsRepo.defaultCacheByteLimit,
            keepsDrawnPages: Bool = true
        ) {
            self.dataDirectory = dataDirectory
            self.templatesDirectory = templatesDirectory
            self.publicDirectory = publicDirectory
            self.transport = transport
            self.remoteConfigurationSource = remoteConfigurationSource
            self.bffTimeout = bffTimeout
            self.bffHeaders = bffHeaders
            self.allowedHosts = allowedHosts
            self.bffRoutes = bffRoutes
            self.userID = userID
            self.listUsers = listUsers
            self.networkLogSize = networkLogSize
            self.momentsCacheByteLimit = momentsCacheByteLimit
            self.keepsDrawnPages = keepsDrawnPages
        }
    }

    public let configuration: Configuration
    public let internalTogglesDataStore: InternalTogglesDataStore
    public let remoteTogglesDataStore: RemoteTogglesDataStore
    public let toggles: ToggleCatalog
    public let actingUser: ActingUser
    public let userDirectory: UserDirectory
    public let momentsRepo: any MomentsRepoType
    public let recordingTrackingProvider: RecordingTrackingProvider
    public let trackingRepo: any TrackingRepoType
    /// Every exchange with the BFF, for Area 51's network inspector and its latest failure.
    public let networkLog: NetworkLog
    /// Faults QA sets in Area 51; `nil` in production builds, where nothing can set one.
    public let faults: FaultInjector?
    /// Answers QA writes in Area 51; `nil` in production builds, where nothing can set one.
    public let mocks: MockStore?
    /// Breakpoints QA sets in Area 51 and the calls they hold; `nil` in production builds.
    public let breakpoints: BreakpointStore?
    /// The BFF's schema, watched for changes to what the dashboard sends; `nil` in production
    /// builds, which have no Area 51 to show it.
    public let contractWatch: ContractWatch?
    private let apiSession: APISession
    public let pages: PageRenderer
    public let mediaURLRegistry: MediaURLRegistry
    /// The BFF's live likes, when it is elsewhere (`--bff-url`); stopped with the server.
    public let likesSubscription: MomentLikesSubscription?
    public let mediaRepo: any MediaRepoType
    private let mediaLinks: MediaLinks
    private let internalMenuState: InternalMenuStateReader
    private let pagination: BFFPagination

    /// Opens the database, loads the templates and reads the remote config once.
    public init(configuration: Configuration) async throws {
        self.configuration = configuration
        let database = try AppDatabase(directory: configuration.dataDirectory)
        let networkLog = NetworkLog(capacity: configuration.networkLogSize)
        self.networkLog = networkLog
        let faults = InternalTools.arePresent ? FaultInjector(database: database) : nil
        self.faults = faults
        let mocks = InternalTools.arePresent ? MockStore(database: database) : nil
        self.mocks = mocks
        let breakpoints = InternalTools.arePresent ? BreakpointStore(database: database) : nil
        self.breakpoints = breakpoints
        let toggleStores = try ToggleCatalog.Stores(
            database: database, remoteSource: configuration.remoteConfigurationSource.instrumented(networkLog: networkLog, faults: faults))
        internalTogglesDataStore = toggleStores.internalTogglesDataStore
        let remoteTogglesDataStore = toggleStores.remoteTogglesDataStore
        await NetworkCause.$current.withValue("startup") { await remoteTogglesDataStore.refresh() }
        self.remoteTogglesDataStore = remoteTogglesDataStore
        toggles = ToggleCatalog(stores: toggleStores)
        actingUser = ActingUser(configuredUserID: configuration.userID)
        userDirectory = UserDirectory(listAll: configuration.listUsers)
        let apiSession = APISession(transport: configuration.transport, timeout: configuration.bffTimeout, networkLog: networkLog,
                                    faults: faults, mocks: mocks, breakpoints: breakpoints, headers: configuration.bffHeaders)
        self.apiSession = apiSession
        let pagination = BFFPagination(probe: BFFSchemaProbe(apiSession: apiSession))
        self.pagination = pagination
        contractWatch = InternalTools.arePresent
            ? ContractWatch(apiSession: apiSession, store: PersistentDataStore(database: database)) : nil
        mediaLinks = MediaLinks(bffOrigin: configuration.transport.remoteURL)
        mediaURLRegistry = MediaURLRegistry(links: mediaLinks)
        mediaRepo = MediaRepo(
            registry: mediaURLRegistry,
            cache: try MediaCache(dataDirectory: configuration.dataDirectory),
            fetcher: MediaFetcher(headers: configuration.bffHeaders, bffOrigin: mediaLinks.bffOrigin, networkLog: networkLog)
        )
        // A BFF elsewhere may offer live likes; every like of a BFF in this process is made here.
        let likesSubscription = (configuration.transport as? HTTPGraphQLTransport).map { transport in
            MomentLikesSubscription(apiSession: apiSession, stream: transport, pagination: pagination)
        }
        self.likesSubscription = likesSubscription
        let momentsRepo = MomentsRepo(
            getMomentsSession: UserRecordingGetMomentsSession(
                session: GetMomentsByUserIDSession(apiSession: apiSession, togglesDataStore: internalTogglesDataStore, pagination: pagination),
                directory: userDirectory),
            updateMomentLikeSession: UpdateMomentLikeSession(apiSession: apiSession, pagination: pagination),
            persistentDataStore: PersistentDataStore(database: database),
            togglesDataStore: internalTogglesDataStore,
            mediaURLRegistry: mediaURLRegistry,
            cacheByteLimit: configuration.momentsCacheByteLimit,
            likesSubscription: likesSubscription
        )
        await momentsRepo.recordSavedPictures(userID: configuration.userID)
        self.momentsRepo = momentsRepo
        recordingTrackingProvider = RecordingTrackingProvider()
        trackingRepo = TrackingRepo(providers: [recordingTrackingProvider])
        pages = PageRenderer(renderer: try await TemplateRenderer(directory: configuration.templatesDirectory), toggles: toggles,
                             actingUser: actingUser, faults: faults, mocks: mocks, breakpoints: breakpoints,
                             keepsDrawnPages: configuration.keepsDrawnPages)
        let crashRecorder = CrashRecorder(directory: configuration.dataDirectory)
        internalMenuState = InternalMenuStateReader(
            toggles: toggles,
            actions: [
                CrashAppAction(crashRecorder: crashRecorder),
                ClearCacheAction(momentsRepo: momentsRepo),
                ResetTogglesAction(togglesDataStore: internalTogglesDataStore),
                ClearOverridesAction(overridesDataStore: toggles.overridesDataStore),
                FetchRemoteConfigAction(remoteTogglesDataStore: remoteTogglesDataStore),
            ],
            recordingTrackingProvider: recordingTrackingProvider,
            networkLog: networkLog,
            faults: faults,
            bffHealthCheck: BFFHealthCheck(apiSession: APISession(transport: configuration.transport, timeout: .seconds(2),
                                                                  headers: configuration.bffHeaders),
                                           networkLog: networkLog),
            pagination: pagination,
            dataDirectory: configuration.dataDirectory,
            lastCrash: crashRecorder.lastCrash,
            actingUser: actingUser,
            userDirectory: userDirectory
        )
    }

    /// Every route of the dashboard, its error pages and its static files.
    public func makeRouter() throws -> Router {
        var router = Router()
        router.headersOnEveryAnswer = SecurityHeaders.all
        router.add(middleware: HostCheckMiddleware(allowedHosts: configuration.allowedHosts))
        router.add(middleware: OriginCheckMiddleware(allowedHosts: configuration.allowedHosts))
        router.add(middleware: CSRFMiddleware())
        router.add(middleware: LanguageChoiceMiddleware())
        router.add(middleware: PageVisitMiddleware())
        router.add(middleware: NetworkCauseMiddleware(bffTimeout: configuration.bffTimeout))
        for (prefix, policy) in Self.routeGroups {
            router.group(prefix, policy)
        }
        try router.register(HealthRoutes())
        try router.register(DesignKitStylesheetRoute())
        try router.register(TimelineRoutes(pages: pages, momentsRepo: momentsRepo, togglesDataStore: internalTogglesDataStore,
                                           trackingRepo: trackingRepo, mediaLinks: mediaLinks, actingUser: actingUser))
        try router.register(MediaRoutes(mediaRepo: mediaRepo))
        try router.register(TrackingRoutes(recordingTrackingProvider: recordingTrackingProvider))
        try router.register(LiveEventsRoute(toggles: toggles, likeChanges: momentsRepo.likeChanges,
                                            exchanges: faults == nil ? nil : networkLog.events, holds: breakpoints?.events,
                                            contract: contractWatch?.events))
        try router.register(area51Routes)
        if let bffRoutes = configuration.bffRoutes { try router.register(bffRoutes) }
        router.fallback = StaticFiles(root: configuration.publicDirectory).handler
        router.errorRenderer = AppErrorRenderer.make(pages: pages)
        return router
    }

    /// Each group of routes by path prefix and its policy, the one place a path decides one.
    /// The JSON API takes JSON or no body at all (DELETE, a tool's POST): a page on another site
    /// can send neither without an Origin `OriginCheckMiddleware` refuses, so forms alone need
    /// tokens. OpenFeature's POSTs are reads. Area 51's groups are `InternalTools`'. An answer is
    /// right only as long as the state it shows: one with an `ETag` says `no-cache` itself (a
    /// browser asks again with it), and the others are not to be kept at all.
    static let routeGroups: [(prefix: String, policy: RoutePolicy)] = [
        ("/", RoutePolicy(cacheControl: "no-store")),
        ("/api", RoutePolicy(representation: .json, isCSRFExempt: true, middleware: [JSONContentTypeMiddleware()])),
        ("/ofrep", RoutePolicy(representation: .json, isCSRFExempt: true)),
        ("/graphql", RoutePolicy(representation: .json)),
        ("/remote-config", RoutePolicy(representation: .json)),
    ] + InternalTools.routeGroups

    /// Refreshes the remote config every `interval` until cancelled.
    public func refreshRemoteConfig(every interval: Duration = .seconds(30)) async {
        await remoteTogglesDataStore.refresh(every: interval)
    }

    /// Lets every call held by a breakpoint go on unchanged and holds none from now on: at
    /// shutdown, before the server waits for the requests that wait on them.
    public func releaseHeldCalls() {
        breakpoints?.stop()
    }

    /// Finishes what background work still holds (likes on their way to the BFF, the timeline
    /// pages they changed), at shutdown once the requests have ended.
    public func flush() async {
        await momentsRepo.flush()
    }

    private var area51Routes: Area51Routes {
        var collections: [any RouteCollection] = [
            InternalMenuRoutes(pages: pages, state: internalMenuState, trackingRepo: trackingRepo),
            ToggleRoutes(toggles: toggles, actingUser: actingUser),
            DesignKitDemoRoutes(pages: pages),
            ActingUserRoutes(actingUser: actingUser, userDirectory: userDirectory, momentsRepo: momentsRepo),
            OFREPRoutes(toggles: toggles),
            UniversalLinkRoutes(),
        ]
        if let contractWatch {
            collections.append(ContractRoutes(pages: pages, watch: contractWatch, networkLog: networkLog))
        }
        if let faults, let mocks, let breakpoints {
            collections.append(NetworkInspectorRoutes(pages: pages, networkLog: networkLog, faults: faults, mocks: mocks, breakpoints: breakpoints,
                                                      apiSession: apiSession))
            collections.append(FaultRoutes(faults: faults))
            collections.append(MockRoutes(mocks: mocks))
            collections.append(BreakpointRoutes(breakpoints: breakpoints, mocks: mocks))
            collections.append(QASessionRoutes(
                pages: pages,
                exporter: QASessionExporter(toggles: toggles, faults: faults, mocks: mocks, breakpoints: breakpoints, actingUser: actingUser, networkLog: networkLog,
                                            recordingTrackingProvider: recordingTrackingProvider, pagination: pagination,
                                            contractWatch: contractWatch,
                                            bffEndpoint: configuration.transport.endpointDescription),
                importer: QASessionImport(toggles: toggles, faults: faults, mocks: mocks), apiSession: apiSession))
        }
        return Area51Routes(collections: collections)
    }
}

/// Area 51's route collections, mounted together or not at all (`InternalTools`).
private struct Area51Routes: RouteCollection {
    let collections: [any RouteCollection]

    func boot(routes: inout some RouteBuilder) throws {
        for collection in collections {
            try routes.register(collection)
        }
    }
}

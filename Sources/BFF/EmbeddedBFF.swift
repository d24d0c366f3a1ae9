import Foundation
import GraphQL
import HTTPServer
import Logging
import PostgresNIO
import SQLiteFiles

/// The embedded BFF: the GraphQL backend of the timeline with demo data, on SQLite in a data
/// folder or on a PostgreSQL database several BFF processes share, plus the remote config the
/// dashboard's remote toggles come from.
///
/// Mount it in a server with `router.register(bff)`, or call `execute(body:)` to run a GraphQL request
/// in-process, which spares a server a network round trip to itself.
public final class EmbeddedBFF: RouteCollection {
    /// The remote config the dashboard reads its remote toggles from.
    public let remoteConfig: RemoteConfigStore
    private let store: any MomentsStore
    private let endpoint: GraphQLEndpoint
    private let demoData: DemoData
    /// The running schema as SDL, printed by the library once: the schema never changes.
    private let schemaSDL: Data

    /// Opens the database at `databaseURL` (migrating it, and seeding demo data when it is empty)
    /// and keeps the remote config in the JSON file at `remoteConfigURL`.
    public convenience init(databaseURL: URL, remoteConfigURL: URL) throws {
        try self.init(databaseURL: databaseURL, remoteConfigURL: remoteConfigURL, demoData: .standard)
    }

    /// The BFF of a data folder, created if missing: `bff.sqlite` and `remote-config.json` in
    /// `dataDirectory`. Throws a `DataFolderError` or a `DatabaseOpenError` that says what went
    /// wrong and what to do.
    public convenience init(dataDirectory: URL) throws {
        try DataFolder.prepare(dataDirectory)
        try self.init(databaseURL: Self.databaseURL(in: dataDirectory),
                      remoteConfigURL: Self.remoteConfigURL(in: dataDirectory))
    }

    convenience init(databaseURL: URL, remoteConfigURL: URL, demoData: DemoData,
                     logger: Logger = Logger(label: "moments.bff")) throws {
        try self.init(store: SQLiteMomentsStore(url: databaseURL, demoData: demoData),
                      remoteConfig: RemoteConfigStore(fileURL: remoteConfigURL), demoData: demoData, logger: logger)
    }

    /// The BFF on the PostgreSQL database at `databaseURL` (`postgres://user:password@host:port/name`),
    /// which other BFF processes may share, through at most `poolSize` connections: migrated, and
    /// seeded with demo data when it has no users. Throws a `PostgresStoreError` that says what to do,
    /// at once when the first connection fails for a lasting cause; `option` names where the URL
    /// came from (`--database-url`, `MOMENTS_BFF_DATABASE_URL`) for its remedy.
    public static func postgres(databaseURL: String, poolSize: Int, option: String = "--database-url") async throws -> EmbeddedBFF {
        let url = try PostgresURL(databaseURL)
        let logger = Logger(label: "moments.bff")
        try await url.checkConnection(option: option, connectTimeout: PostgresMomentsStore.requestDeadlines.connectionWait,
                                      logger: logger)
        return try await postgres(configuration: url.clientConfiguration, poolSize: poolSize, demoData: .standard, logger: logger)
    }

    static func postgres(configuration: PostgresClient.Configuration, poolSize: Int, demoData: DemoData,
                         logger: Logger = Logger(label: "moments.bff")) async throws -> EmbeddedBFF {
        let store = try await PostgresMomentsStore(configuration: configuration, poolSize: poolSize, demoData: demoData,
                                                   logger: logger)
        return try EmbeddedBFF(store: store, remoteConfig: RemoteConfigStore(storage: store), demoData: demoData,
                               logger: logger)
    }

    /// The BFF on `store`, whichever database it keeps its data in, with the config `remoteConfig`.
    init(store: any MomentsStore, remoteConfig: RemoteConfigStore, demoData: DemoData,
         logger: Logger = Logger(label: "moments.bff")) throws {
        self.store = store
        self.remoteConfig = remoteConfig
        endpoint = GraphQLEndpoint(schema: try MomentsSchema.make(), resolver: MomentsResolver(store: store, logger: logger))
        self.demoData = demoData
        schemaSDL = Data((printSchema(schema: endpoint.schema.schema) + "\n").utf8)
    }

    /// The BFF's database in a data folder.
    public static func databaseURL(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("bff.sqlite")
    }

    /// The remote config file in a data folder.
    public static func remoteConfigURL(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("remote-config.json")
    }

    /// Mounts `POST /graphql`, `GET /graphql`, `GET /graphql/schema.graphql` (the schema as SDL),
    /// `GET /remote-config` and `PUT /remote-config`.
    public func boot(routes: inout some RouteBuilder) throws {
        routes.post("/graphql") { [self] request in await respondToGraphQL(request) }
        routes.get("/graphql") { [self] request in await respondToGraphQL(request) }
        routes.get("/graphql/schema.graphql") { [schemaSDL] _ in
            Response(status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8"], data: schemaSDL)
        }
        try routes.register(RemoteConfigRoutes(store: remoteConfig))
    }

    /// Answers GraphQL over HTTP: a JSON body with POST, query arguments with GET (queries only),
    /// in the media type `Accept` asks for (`GraphQLResponseMediaType`; 406 when it names none);
    /// as server-sent events (GraphQL over SSE, the one way to a subscription) when it asks for them.
    public func respondToGraphQL(_ request: Request) async -> Response {
        guard let mediaType = GraphQLResponseMediaType(accept: request.headers["Accept"]) else {
            return Self.response(GraphQLRequestError.notAcceptable.refusal, in: .json)
        }
        let allowsMutations = request.method == .post
        let graphQLRequest = Result { () throws(GraphQLRequestError) in
            guard request.method == .post else { return try GraphQLHTTPRequest.decode(query: request.query) }
            guard request.contentType == "application/json" else { throw .unsupportedMediaType(request.contentType) }
            return try GraphQLHTTPRequest.decode(body: request.body)
        }
        if mediaType == .eventStream {
            return GraphQLEventStream.response(encode: Self.encode) { [endpoint] send in
                switch graphQLRequest {
                case .success(let request): await endpoint.stream(request, allowsMutations: allowsMutations, to: send)
                case .failure(let error): _ = send(error.refusal.result)
                }
            }
        }
        let answer = await answer(graphQLRequest, allowsMutations: allowsMutations)
        var response = Self.response(answer, in: mediaType)
        if answer.status == .methodNotAllowed {
            response.headers.set("Allow", "POST")
        }
        return response
    }

    /// Runs a GraphQL-over-HTTP JSON body (`{"query", "variables", "operationName"}`) exactly as
    /// `POST /graphql` does, in-process, and answers the status and JSON body it would send.
    public func execute(body: Data) async -> (status: HTTPStatus, body: Data) {
        let request = Result { () throws(GraphQLRequestError) in try GraphQLHTTPRequest.decode(body: body) }
        let (status, result) = await answer(request, allowsMutations: true)
        return (status, Self.encode(result))
    }

    /// The endpoint's answer to `request`, or the refusal of a request that could not be read.
    private func answer(_ request: Result<GraphQLRequest, GraphQLRequestError>, allowsMutations: Bool) async
        -> (status: HTTPStatus, result: GraphQLResult) {
        switch request {
        case .success(let request): await endpoint.answer(request, allowsMutations: allowsMutations)
        case .failure(let error): error.refusal
        }
    }

    /// Every user the BFF has (ID, name, avatar), by ID: read from its store directly, for a
    /// dashboard in the same process that lets QA act as any of them.
    public func users() async throws -> [(id: String, name: String, avatar: String)] {
        try await store.users()
    }

    /// Deletes every user, moment and like and puts the demo data back, dated from now.
    public func resetDemoData() async throws {
        try await store.replaceAll(with: demoData)
    }

    /// Deletes every user, moment and like and writes a generated timeline in their place, dated
    /// from now: `users` users (at least 1: the demo's current user, `"0"`, is always there) and
    /// `moments` moments (at least 0). The same sizes and seed give the same data. Answers how many
    /// rows of each kind the database then holds.
    public func replaceWithGeneratedData(users: Int, moments: Int, seed: UInt64) async throws -> BFFDataCounts {
        try await store.replaceAll(with: .generated(users: users, moments: moments, seed: seed))
    }

    private static func response(_ answer: (status: HTTPStatus, result: GraphQLResult), in mediaType: GraphQLResponseMediaType)
        -> Response {
        Response(status: answer.status, headers: ["Content-Type": mediaType.contentType], data: encode(answer.result))
    }

    private static let encoder: GraphQLJSONEncoder = {
        let encoder = GraphQLJSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    private static func encode(_ result: GraphQLResult) -> Data {
        // Encoding maps and strings cannot fail; an empty body would be the sign that it did.
        (try? encoder.encode(result)) ?? Data()
    }
}

import Foundation
@testable import Foundations
import GRDB
import HTTPServer
@testable import Moments
import PostgresNIO
import Testing
import TestSupport
@testable import BFF

/// An embedded BFF on a real store: SQLite in a temporary folder, deleted when the fixture goes
/// away, or a new database of its own in the test PostgreSQL cluster.
final class BFFFixture {
    let store: StoreKind
    let directory: URL
    let demoData: DemoData
    /// The fixture's own PostgreSQL database, when `store` is `.postgres`.
    let postgres: PostgresClient.Configuration?
    private(set) var bff: EmbeddedBFF

    init(_ store: StoreKind, demoData: DemoData = .standard) async throws {
        self.store = store
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.demoData = demoData
        postgres = store == .postgres ? try await TestPostgres.newDatabase() : nil
        bff = try await Self.open(store, directory: directory, postgres: postgres, demoData: demoData)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Opens the same files or database again, as a restarted process would.
    func restart() async throws {
        bff = try await Self.open(store, directory: directory, postgres: postgres, demoData: demoData)
    }

    /// Another BFF on the same database, as a second process would open it (PostgreSQL only).
    func secondProcess() async throws -> EmbeddedBFF {
        try await Self.open(store, directory: directory, postgres: postgres, demoData: demoData)
    }

    /// The remote config as another process changes it: a second BFF on the same PostgreSQL
    /// database, or `moments bff config set` on the SQLite BFF's file.
    func remoteConfigElsewhere() async throws -> RemoteConfigStore {
        if postgres != nil { return try await secondProcess().remoteConfig }
        return RemoteConfigStore(fileURL: EmbeddedBFF.remoteConfigURL(in: directory))
    }

    /// Drops `table` under the running BFF, from another connection: every read of it then fails.
    func dropTable(_ table: String) async throws {
        if let postgres {
            try await TestPostgres.execute("DROP TABLE \(table) CASCADE", in: postgres)
        } else {
            let other = try DatabaseQueue(path: EmbeddedBFF.databaseURL(in: directory).path)
            try await other.write { try $0.drop(table: table) }
        }
    }

    private static func open(_ store: StoreKind, directory: URL, postgres: PostgresClient.Configuration?,
                             demoData: DemoData) async throws -> EmbeddedBFF {
        if let postgres {
            return try await EmbeddedBFF.postgres(configuration: postgres, poolSize: 10, demoData: demoData)
        }
        return try EmbeddedBFF(databaseURL: EmbeddedBFF.databaseURL(in: directory),
                               remoteConfigURL: EmbeddedBFF.remoteConfigURL(in: directory), demoData: demoData)
    }

    /// A real server on a free port with the BFF's routes, and nothing else.
    func startServer() throws -> TestServer {
        var router = Router()
        try router.register(bff)
        return try TestServer(router: router)
    }

    /// Runs a GraphQL request in-process and answers the status and the decoded JSON body.
    func graphQL(_ query: String, variables: [String: Any] = [:]) async throws -> (status: Int, json: [String: Any]) {
        let (status, answer) = try await execute(query, variables: variables)
        return (status, try JSON.object(answer))
    }

    /// The moments `userID` sees, through the timeline query with likes, as the dashboard's
    /// client reads them (`APISession.classify` into the timeline session's payload).
    func moments(forUserID userID: String) async throws -> [Moments.MomentsDetails.Moment] {
        try await answer(Documents.timeline, variables: ["userID": userID, "withLikes": true],
                         as: GetMomentsByUserIDSession.Payload.self).getMomentsDetailsByUserID.moments
    }

    /// Likes or unlikes a moment in-process and answers the moment as the mutation returns it,
    /// read as the dashboard's like session reads it.
    func setLike(momentID: String, userID: String, isLiked: Bool) async throws -> MomentLikes? {
        try await answer(Documents.updateLike, variables: ["momentID": momentID, "userID": userID, "isLiked": isLiked],
                         as: UpdateMomentLikeSession.Payload.self).updateMomentLike.moments.first { $0.id == momentID }
    }

    /// The `data` of the answer to `query`, as the dashboard's GraphQL client reads it: a failure
    /// the client would report throws.
    private func answer<Payload: Decodable>(_ query: String, variables: [String: Any], as payload: Payload.Type) async throws -> Payload {
        let (status, answer) = try await execute(query, variables: variables)
        return try APISession.classify(status: status, body: answer, as: payload).data
    }

    private func execute(_ query: String, variables: [String: Any]) async throws -> (status: Int, body: Data) {
        let (status, answer) = await bff.execute(body: try JSON.body(["query": query, "variables": variables]))
        return (status.code, answer)
    }
}

/// The documents the dashboard sends, as the seed app writes them.
enum Documents {
    static let timeline = """
        query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) {
          getMomentsDetailsByUserID(userID: $userID) {
            userDetails { id name avatar backgroundImage }
            moments {
              id
              userDetails { name avatar }
              type title url photos createdDate
              isLiked @include(if: $withLikes)
              likes @include(if: $withLikes) { id avatar }
            }
          }
        }
        """

    static let updateLike = """
        mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!) {
          updateMomentLike(momentID: $momentID, userID: $userID, isLiked: $isLiked) {
            userDetails { id }
            moments { id isLiked likes { id avatar } }
          }
        }
        """
}

/// Reading JSON answers without a model for each: tests look at keys, including absent ones.
enum JSON {
    static func object(_ data: Data) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: data)
        guard let dictionary = object as? [String: Any] else {
            throw CocoaError(.coderInvalidValue, userInfo: [NSDebugDescriptionErrorKey: "not a JSON object: \(object)"])
        }
        return dictionary
    }

    static func path(_ object: Any?, _ keys: String...) -> Any? {
        keys.reduce(object) { ($0 as? [String: Any])?[$1] }
    }

    /// The messages of an answer's `errors`.
    static func errorMessages(_ json: [String: Any]) -> [String] {
        (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
    }

    /// The `extensions.code` of each of an answer's `errors` (nil for one without).
    static func errorCodes(_ json: [String: Any]) -> [String?] {
        (json["errors"] as? [[String: Any]] ?? []).map { path($0, "extensions", "code") as? String }
    }

    static func body(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }
}

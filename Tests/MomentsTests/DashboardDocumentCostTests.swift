import Foundation
import Foundations
import GraphQL
import Testing
@testable import BFF
@testable import Moments

/// The documents the dashboard sends its BFF, as its sessions write them, cost a small part of
/// the embedded BFF's budget (`GraphQLDocumentLimits.maxCost`), counted as the BFF counts them
/// (`GraphQLDocumentCost`); the one whole-timeline read costs most of it, and stays within it.
@Suite struct DashboardDocumentCostTests {
    /// A document the dashboard sends, named for what it asks, with the largest variables it sends it with.
    struct SentDocument: Sendable, CustomTestStringConvertible {
        let name: String
        /// The document as the dashboard writes it.
        let document: @Sendable () async throws -> String
        let variables: [String: Map]

        init(_ name: String, _ document: String, _ variables: [String: Map]) {
            self.init(name, { document }, variables)
        }

        init(_ name: String, _ document: @escaping @Sendable () async throws -> String, _ variables: [String: Map]) {
            self.name = name
            self.document = document
            self.variables = variables
        }

        var testDescription: String { name }
    }

    private static let budget = GraphQLDocumentLimits().maxCost

    /// A page asks for one moment more than it shows, to learn whether more follow.
    private static let pageFirst = Map.number(Number(Moments.MomentsPage.size + 1))

    private static let like: [String: Map] = ["momentID": "4", "userID": "0", "isLiked": true]

    /// Likes go in batches of at most this many.
    private static let batch = LikeBatcher<MomentLikes>.maximumBatch

    private static let changes: [Map] = (0..<batch).map { index in
        ["momentID": .string("\(index)"), "userID": "0", "isLiked": true]
    }

    /// Each document the dashboard sends this BFF, but for the whole-timeline read (below).
    static let sent: [SentDocument] = [
        SentDocument("a timeline page", GetMomentsByUserIDSession.query, ["userID": "0", "first": pageFirst, "withLikes": true]),
        SentDocument("a timeline page without likes", GetMomentsByUserIDSession.query,
                     ["userID": "0", "first": pageFirst, "withLikes": false]),
        SentDocument("a moment by its ID", GetMomentsByUserIDSession.fromMomentQuery,
                     ["userID": "0", "first": 1, "from": "4", "withLikes": true]),
        SentDocument("a like, paging", UpdateMomentLikeSession.query, like.merging(["first": 1, "after": "3"]) { $1 }),
        SentDocument("a like from its moment", UpdateMomentLikeSession.fromMomentQuery, like.merging(["first": 1, "from": "4"]) { $1 }),
        SentDocument("a like reading its moment", UpdateMomentLikeSession.readingMomentQuery,
                     like.merging(["first": 1, "from": "4", "withLikes": true]) { $1 }),
        SentDocument("a batch of \(batch) likes", UpdateMomentLikeSession.batchQuery, ["changes": .array(changes)]),
        SentDocument("a batch of \(batch) likes reading their moments", UpdateMomentLikeSession.readingBatchQuery,
                     ["changes": .array(changes)]),
        SentDocument("the likes subscription", MomentLikesSubscription.document, ["userID": "0"]),
        SentDocument("the schema probe", BFFSchemaProbe.document, [:]),
        SentDocument("the health check", healthCheckDocument, [:]),
    ]

    /// The cost of `query`'s one operation with `variables`, as the BFF's endpoint counts it.
    private func cost(_ query: String, variables: [String: Map] = [:]) throws -> Int {
        let document = try parse(source: Source(body: query))
        let operation = try #require(document.definitions.compactMap { $0 as? OperationDefinition }.first)
        let documentCost = GraphQLDocumentCost(schema: try MomentsSchema.make().schema)
        return documentCost.cost(of: operation, in: document, variables: variables)
    }

    @Test(arguments: sent)
    func dashboardDocument_costsUnderATenthOfTheBudget(_ sent: SentDocument) async throws {
        let cost = try self.cost(try await sent.document(), variables: sent.variables)
        #expect(cost < Self.budget / 10)
    }

    @Test func wholeTimelineRead_costsTheLargestPage_withinTheBudget() throws {
        // `MomentsRepo` reads the whole timeline (`first: nil`) to find a moment again: every
        // moment, costed as the largest page: 1 + userDetails 5 + moments 1 + 1000 × 51.
        let whole = try cost(GetMomentsByUserIDSession.query, variables: ["userID": "0", "withLikes": true])
        #expect(whole == 51_007)
        #expect(whole <= Self.budget)
    }

    /// `BFFHealthCheck` writes its document where it sends it: the one it sends, as the network log holds it.
    @Sendable private static func healthCheckDocument() async throws -> String {
        let log = NetworkLog()
        let bff = InProcessGraphQLTransport { _ in (200, Data(#"{"data":{"__typename":"Query"}}"#.utf8)) }
        let problem = await BFFHealthCheck(apiSession: APISession(transport: bff, networkLog: log)).problem()
        try #require(problem == nil)
        return try #require(log.latest.first?.document)
    }
}

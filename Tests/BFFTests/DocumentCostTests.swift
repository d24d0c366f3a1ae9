import Foundation
import GraphQL
import Logging
import Testing
@testable import BFF

/// A request's cost (`GraphQLDocumentCost`) is counted before it runs, and one over the budget
/// (`GraphQLDocumentLimits.maxCost`) is refused with `DOCUMENT_TOO_COSTLY`, 400 and no `data`,
/// without the store being asked. (The dashboard's own documents are costed where they are
/// written: `DashboardDocumentCostTests` in `MomentsTests`.)
@Suite struct DocumentCostTests {
    private static let budget = GraphQLDocumentLimits().maxCost

    /// The cost of `query`'s one operation with `variables`, as the endpoint counts it.
    private func cost(_ query: String, variables: [String: Map] = [:]) throws -> Int {
        let document = try parse(source: Source(body: query))
        let operation = try #require(document.definitions.compactMap { $0 as? OperationDefinition }.first)
        let documentCost = GraphQLDocumentCost(schema: try MomentsSchema.make().schema)
        return documentCost.cost(of: operation, in: document, variables: variables)
    }

    /// A BFF on a store that counts what it is asked, and its answer to `query`.
    private func answer(_ query: String, variables: [String: Any] = [:]) async throws
        -> (status: Int, body: [String: Any], storeOperations: Int) {
        let store = try CountingMomentsStore()
        let remoteConfig = RemoteConfigStore(fileURL: EmbeddedBFF.remoteConfigURL(in: store.directory))
        let bff = try EmbeddedBFF(store: store, remoteConfig: remoteConfig, demoData: .standard)
        let (status, body) = await bff.execute(body: try JSON.body(["query": query, "variables": variables]))
        return (status.code, try JSON.object(body), store.operationCount)
    }

    @Test func hundredAliasedTimelines_areRefusedWithTheirCost_beforeTheStoreIsAsked() async throws {
        let (status, body, storeOperations) = try await answer(Self.hundredTimelines)
        #expect(status == 400)
        #expect(body.keys.contains("data") == false)
        #expect(JSON.errorCodes(body) == ["DOCUMENT_TOO_COSTLY"])
        let extensions = try #require((body["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])
        #expect(extensions["cost"] as? Int == 100 * Self.wholeTimelineCost)
        #expect(extensions["budget"] as? Int == Self.budget)
        #expect(storeOperations == 0)
    }

    @Test func documentCostingTheBudget_runs_andOneMoreMoment_isRefused() async throws {
        // Pages of `moments { id }` cost 2 + first each: full pages of 1000, then the rest.
        let fullPages = Self.budget / 1_002
        let last = Self.budget - fullPages * 1_002 - 2
        try #require(last >= 0)
        let pages = (0..<fullPages).map { #"p\#($0): getMomentsDetailsByUserID(userID: "0", first: 1000) { moments { id } }"# }
        let query = """
            query pages($last: Int) {
              \(pages.joined(separator: "\n  "))
              last: getMomentsDetailsByUserID(userID: "0", first: $last) { moments { id } }
            }
            """
        #expect(try cost(query, variables: ["last": .number(Number(last))]) == Self.budget)

        let atBudget = try await answer(query, variables: ["last": last])
        #expect(atBudget.status == 200, "\(JSON.errorMessages(atBudget.body))")
        #expect(JSON.path(atBudget.body, "data", "last", "moments") is [[String: Any]])
        #expect(atBudget.storeOperations == fullPages + 1)

        let over = try await answer(query, variables: ["last": last + 1])
        #expect(over.status == 400)
        #expect(JSON.errorCodes(over.body) == ["DOCUMENT_TOO_COSTLY"])
        #expect(over.storeOperations == 0)
    }

    @Test func wholeTimelineWithEveryField_isWithinTheBudget_andTwoAreNot() async throws {
        // A client that does not page sends no `first`: every moment, costed as the largest page.
        let whole = """
            getMomentsDetailsByUserID(userID: "0") {
              userDetails { id name avatar backgroundImage }
              moments { id userDetails { name avatar } type title url photos createdDate isLiked likes { id avatar } }
            }
            """
        #expect(try cost("{ \(whole) }") == Self.wholeTimelineCost)
        let one = try await answer("{ \(whole) }")
        #expect(one.status == 200, "\(JSON.errorMessages(one.body))")
        let moments = JSON.path(one.body, "data", "getMomentsDetailsByUserID", "moments") as? [Any]
        #expect(moments?.count == DemoData.standard.moments.count)
        let two = try await answer("{ a: \(whole) b: \(whole) }")
        #expect(two.status == 400)
        #expect(JSON.errorCodes(two.body) == ["DOCUMENT_TOO_COSTLY"])
    }

    @Test func first_fromAVariable_isCostedByItsValue() throws {
        let page = Self.page
        let withLikes: [String: Map] = ["userID": "0", "withLikes": true]
        // 1 for the field, 5 for userDetails, 1 for moments, and 51 a moment: 11 fields and 20 likes of 2.
        #expect(try cost(page, variables: withLikes.merging(["first": 0]) { $1 }) == 7)
        #expect(try cost(page, variables: withLikes.merging(["first": 11]) { $1 }) == 7 + 11 * 51)
        #expect(try cost(page, variables: withLikes.merging(["first": 1000]) { $1 }) == 7 + 1000 * 51)
        #expect(try cost(page, variables: withLikes.merging(["first": .null]) { $1 }) == 7 + 1000 * 51, "every moment")
        #expect(try cost(page, variables: withLikes) == 7 + 1000 * 51, "every moment")
        #expect(try cost(page, variables: withLikes.merging(["first": 5000]) { $1 }) == 7 + 1000 * 51, "refused when it runs")
        let withDefault = page.replacingOccurrences(of: "$first: Int", with: "$first: Int = 3")
        #expect(try cost(withDefault, variables: withLikes) == 7 + 3 * 51)
    }

    @Test func fieldsLeftOutBySkipOrInclude_costNothing() throws {
        let page = Self.page
        let withLikes = try cost(page, variables: ["userID": "0", "first": 11, "withLikes": true])
        let withoutLikes = try cost(page, variables: ["userID": "0", "first": 11, "withLikes": false])
        #expect(withLikes - withoutLikes == 11 * (1 + 1 + 20 * 2))
        let leftOut = """
            { __typename @skip(if: true) getMomentsDetailsByUserID(userID: "0") @include(if: false) { userDetails { id } } }
            """
        #expect(try cost(leftOut) == 0)
    }

    @Test func fragmentsAndInlineFragments_costAsTheirFieldsWhereSpread() throws {
        // Per moment: id 1, likes 1 + 20 × id: 22. Pages of 3 and 5 moments: 2 + 3 × 22 and 2 + 5 × 22.
        let expected = 2 + 3 * 22 + 2 + 5 * 22
        let inline = """
            {
              a: getMomentsDetailsByUserID(userID: "0", first: 3) { moments { id likes { id } } }
              b: getMomentsDetailsByUserID(userID: "0", first: 5) { moments { id likes { id } } }
            }
            """
        let spreadOnMoment = """
            {
              a: getMomentsDetailsByUserID(userID: "0", first: 3) { moments { ...M } }
              b: getMomentsDetailsByUserID(userID: "0", first: 5) { moments { ...M } }
            }
            fragment M on Moment { id likes { id } }
            """
        let spreadOnPage = """
            {
              a: getMomentsDetailsByUserID(userID: "0", first: 3) { ...Page }
              b: getMomentsDetailsByUserID(userID: "0", first: 5) { ...Page }
            }
            fragment Page on MomentsDetails { moments { ...M } }
            fragment M on Moment { ... on Moment { id } likes { ... { id } } }
            """
        #expect(try cost(inline) == expected)
        #expect(try cost(spreadOnMoment) == expected)
        #expect(try cost(spreadOnPage) == expected, "each spread costed at its own page's size")
    }

    // Walking each spread would take 2^40 steps: the time limit fails it.
    @Test(.timeLimit(.minutes(1)))
    func fragmentsSpreadTwiceOverForty_areCountedWithoutWalkingEachSpread_andRefused() async throws {
        let fragments = (1...40).map { "fragment F\($0) on Moment { ...F\($0 - 1) ...F\($0 - 1) }" }.joined(separator: "\n")
        let query = """
            { getMomentsDetailsByUserID(userID: "0", first: 1) { moments { ...F40 } } }
            fragment F0 on Moment { id }
            \(fragments)
            """
        #expect(try cost(query) == 2 + (1 << 40))
        let (status, body, storeOperations) = try await answer(query)
        #expect(status == 400)
        #expect(JSON.errorCodes(body) == ["DOCUMENT_TOO_COSTLY"])
        #expect(storeOperations == 0)
    }

    @Test func fragmentCycle_isNotWalkedForever() throws {
        // Validation refuses it before any request is costed; counting it alone must still end.
        let query = """
            { getMomentsDetailsByUserID(userID: "0", first: 1) { moments { ...A } } }
            fragment A on Moment { id ...B }
            fragment B on Moment { title ...A }
            """
        #expect(try cost(query) == 2 + 2)
    }

    @Test func theStandardIntrospectionQuery_costsFarBelowTheBudget() throws {
        #expect(try cost(IntrospectionQuery.full) < Self.budget / 5)
    }

    // A subscription has one root field: spreads make this one costly. Without the refusal it
    // would stand, waiting for likes, and the time limit fails it.
    @Test(.timeLimit(.minutes(1)))
    func subscriptionOverTheBudget_isRefusedInItsStream_beforeTheStoreIsAsked() async throws {
        let fragments = (1...12).map { "fragment F\($0) on Moment { ...F\($0 - 1) ...F\($0 - 1) }" }.joined(separator: "\n")
        let query = """
            subscription { momentLikesChanged(userID: "0") { ...F12 } }
            fragment F0 on Moment { id likes { id avatar } }
            \(fragments)
            """
        let store = try CountingMomentsStore()
        let endpoint = GraphQLEndpoint(schema: try MomentsSchema.make(),
                                       resolver: MomentsResolver(store: store, logger: Logger(label: "moments.tests.cost")))
        var events: [GraphQLResult] = []
        await endpoint.stream(GraphQLRequest(query: query), allowsMutations: true) { event in
            events.append(event)
            return true
        }
        #expect(events.count == 1)
        #expect(events.first?.data == nil)
        #expect(events.first?.errors.first?.extensions["code"] == .string("DOCUMENT_TOO_COSTLY"))
        #expect(store.operationCount == 0)
    }

    /// One read of the whole timeline with every field: 1 + userDetails 5 + moments 1 + 1000 × 51.
    private static let wholeTimelineCost = 51_007

    /// A page of the timeline with every field, its size from `$first` and its likes asked for
    /// only when `$withLikes`: a page costed by its variables.
    private static let page = """
        query page($userID: ID!, $first: Int, $withLikes: Boolean!) {
          getMomentsDetailsByUserID(userID: $userID, first: $first) {
            userDetails { id name avatar backgroundImage }
            moments {
              id userDetails { name avatar } type title url photos createdDate
              isLiked @include(if: $withLikes)
              likes @include(if: $withLikes) { id avatar }
            }
          }
        }
        """

    /// The issue's document: 100 aliased timelines, each with every moment and its likes (19 KB).
    private static let hundredTimelines = "{\n" + (0..<100).map { index in
        """
          t\(index): getMomentsDetailsByUserID(userID: "0") {
            userDetails { id name avatar backgroundImage }
            moments { id userDetails { name avatar } type title url photos createdDate isLiked likes { id avatar } }
          }
        """
    }.joined(separator: "\n") + "\n}"
}

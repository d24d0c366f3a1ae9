import Foundation
import Testing
import TestSupport
@testable import BFF

@Suite struct GraphQLHTTPTests {
    private let json = ["Content-Type": "application/json"]
    private let timelineBody = try! JSON.body(["query": Documents.timeline,
                                               "variables": ["userID": "0", "withLikes": true]])

    @Test(arguments: StoreKind.allCases)
    func post_withCharsetParameter_answers200JSON(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, headers, body) = try await server.send(
            "POST", "/graphql", headers: ["Content-Type": "application/json; charset=utf-8"], body: timelineBody)
        await server.stop()
        #expect(status == 200)
        #expect(headers["content-type"] == "application/json")
        #expect(JSON.path(try JSON.object(body), "data", "getMomentsDetailsByUserID", "userDetails", "id") as? String == "0")
    }

    @Test(arguments: StoreKind.allCases)
    func execute_answersTheSameStatusAndBytesAsPost(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (httpStatus, _, httpBody) = try await server.send("POST", "/graphql", headers: json, body: timelineBody)
        await server.stop()
        let (status, body) = await fixture.bff.execute(body: timelineBody)
        #expect(status.code == httpStatus)
        #expect(body == httpBody)
    }

    @Test(arguments: StoreKind.allCases)
    func get_query_answersTheSameDataAsPost(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        var components = URLComponents(string: "/graphql")!
        components.queryItems = [
            URLQueryItem(name: "query", value: Documents.timeline),
            URLQueryItem(name: "variables", value: #"{"userID":"0","withLikes":true}"#),
        ]
        let (getStatus, _, getBody) = try await server.send("GET", components.string!)
        let (_, _, postBody) = try await server.send("POST", "/graphql", headers: json, body: timelineBody)
        await server.stop()
        #expect(getStatus == 200)
        #expect(getBody == postBody)
    }

    @Test(arguments: StoreKind.allCases)
    func get_mutation_answers405WithAGraphQLErrorAndChangesNothing(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let mutation = #"mutation { updateMomentLike(momentID: "4", userID: "0", isLiked: true) { userDetails { id } } }"#
        var components = URLComponents(string: "/graphql")!
        components.queryItems = [URLQueryItem(name: "query", value: mutation)]
        let (status, headers, body) = try await server.send("GET", components.string!)
        await server.stop()
        #expect(status == 405)
        #expect(headers["allow"] == "POST")
        #expect(JSON.errorMessages(try JSON.object(body)) == ["Mutations cannot be sent with GET; use POST."])
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "4" }
        #expect(moment?.isLiked == false)
    }

    @Test(arguments: StoreKind.allCases)
    func mutationValidatedOverPost_isStillRefusedOverGET_andAnInvalidDocumentStaysInvalid(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let mutation = #"mutation { updateMomentLike(momentID: "4", userID: "0", isLiked: false) { userDetails { id } } }"#
        let (postStatus, _, _) = try await server.send("POST", "/graphql", headers: json, body: try JSON.body(["query": mutation]))
        var components = URLComponents(string: "/graphql")!
        components.queryItems = [URLQueryItem(name: "query", value: mutation)]
        let (getStatus, _, _) = try await server.send("GET", components.string!)
        let invalid = try JSON.body(["query": #"{ getMomentsDetailsByUserID(userID: "0") { password } }"#])
        let answers = [
            try await server.send("POST", "/graphql", headers: json, body: invalid),
            try await server.send("POST", "/graphql", headers: json, body: invalid),
        ]
        await server.stop()
        #expect(postStatus == 200)
        #expect(getStatus == 405, "a document validated once is still a mutation")
        #expect(answers.map(\.0) == [400, 400])
        #expect(try answers.map { JSON.errorMessages(try JSON.object($0.2)) }.allSatisfy { $0.first?.contains("password") == true })
    }

    @Test func syntaxError_answers400WithErrors() async throws {
        let (status, body) = try await post(["query": "{ getMomentsDetailsByUserID(userID: \"0\") { "])
        #expect(status == 400)
        #expect(body["data"] == nil)
        #expect(JSON.errorMessages(body).first?.contains("Syntax Error") == true)
    }

    @Test func unknownField_answers400WithErrors() async throws {
        let (status, body) = try await post(["query": #"{ getMomentsDetailsByUserID(userID: "0") { password } }"#])
        #expect(status == 400)
        #expect(body["data"] == nil)
        #expect(JSON.errorMessages(body).first?.contains("password") == true)
    }

    @Test func variableOfTheWrongType_answers400() async throws {
        let (status, body) = try await post(["query": Documents.timeline,
                                             "variables": ["userID": "0", "withLikes": "yes"]])
        #expect(status == 400)
        #expect(JSON.errorMessages(body).first?.contains("withLikes") == true)
    }

    @Test func operationName_picksTheOperationToRun_withAliasesAndFragments() async throws {
        let document = """
            query Profile { me: getMomentsDetailsByUserID(userID: "0") { userDetails { ...Person } } }
            query Friend { friend: getMomentsDetailsByUserID(userID: 3) { userDetails { ...Person } } }
            fragment Person on UserDetails { name }
            """
        let (status, body) = try await post(["query": document, "operationName": "Friend"])
        #expect(status == 200)
        #expect(JSON.path(body, "data", "friend", "userDetails", "name") as? String == "林小雨")
        #expect(JSON.path(body, "data", "me") == nil)
    }

    @Test func bodyThatIsNotJSON_answers400() async throws {
        let (status, body) = try await post(raw: Data("query=hello".utf8))
        #expect(status == 400)
        #expect(JSON.errorMessages(body) == ["The body is not valid JSON."])
    }

    @Test func bodyWithoutQuery_answers400() async throws {
        let (status, body) = try await post(["variables": ["userID": "0"]])
        #expect(status == 400)
        #expect(JSON.errorMessages(body) == ["The request has no \"query\" string."])
    }

    @Test func queryThatIsNotAString_answers400() async throws {
        let (status, body) = try await post(["query": ["getMomentsDetailsByUserID"]])
        #expect(status == 400)
        #expect(JSON.errorMessages(body) == ["\"query\" must be a string."])
    }

    @Test(arguments: StoreKind.allCases)
    func wrongContentType_answers415(store: StoreKind) async throws {
        let fixture = try await BFFFixture(store)
        let server = try fixture.startServer()
        let (status, _, body) = try await server.send("POST", "/graphql", headers: ["Content-Type": "text/plain"],
                                                      body: timelineBody)
        await server.stop()
        #expect(status == 415)
        #expect(JSON.errorMessages(try JSON.object(body)).first?.contains("application/json") == true)
    }

    /// POSTs a JSON body to a fresh BFF over HTTP (on SQLite: the request is refused or answered
    /// before any store is asked) and answers the status and decoded body.
    private func post(_ object: [String: Any]) async throws -> (status: Int, body: [String: Any]) {
        try await post(raw: try JSON.body(object))
    }

    private func post(raw body: Data) async throws -> (status: Int, body: [String: Any]) {
        let fixture = try await BFFFixture(.sqlite)
        let server = try fixture.startServer()
        let (status, _, answer) = try await server.send("POST", "/graphql", headers: json, body: body)
        await server.stop()
        return (status, try JSON.object(answer))
    }
}

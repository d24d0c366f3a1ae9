import Foundation
import Testing
import TestSupport
@testable import BFF

/// The GraphQL Foundation's GraphQL-over-HTTP specification (working draft,
/// graphql/graphql-over-http `spec/GraphQLOverHTTP.md`), run against the embedded BFF over HTTP:
/// one test per MUST clause it implements, each quoting its clause.
@Suite struct GraphQLOverHTTPSpecTests {
    static let graphQLResponse = "application/graphql-response+json"
    static let utf8GraphQLResponse = "application/graphql-response+json; charset=utf-8"
    static let recommendedAccept = "application/graphql-response+json, application/json;q=0.9"
    private let timelineBody = try! JSON.body(["query": Documents.timeline, "variables": ["userID": "3", "withLikes": true]])

    /// "Body": "If an `Accept` header is provided, the server MUST respect the given `Accept`
    /// header and attempt to encode the response in the highest priority media type listed that
    /// is supported by the server."
    @Test(arguments: [
        (recommendedAccept, utf8GraphQLResponse),
        ("application/json, application/graphql-response+json;q=0.5", "application/json"),
        ("application/graphql-response+json;q=0.2, application/json;q=0.8", "application/json"),
        ("text/html, application/*;q=0.5, application/graphql-response+json;q=0.7", utf8GraphQLResponse),
        ("application/json;q=0, application/graphql-response+json;q=0.1", utf8GraphQLResponse),
    ])
    func accept_theHighestPriorityTypeListed_isTheAnswersType(accept: String, contentType: String) async throws {
        let (status, headers, _) = try await send(accept: accept, body: timelineBody)
        #expect(status == 200)
        #expect(headers["content-type"] == contentType)
    }

    /// "Body": "when a client does not include at least one supported media type in the `Accept`
    /// HTTP header, the server MUST either: 1. Respond with a `406 Not Acceptable` status code and
    /// stop processing the request (RECOMMENDED); OR 2. Disregard the `Accept` header".
    @Test(arguments: ["text/html", "application/xml, image/*", "application/json;q=0"])
    func accept_namingNoSupportedType_is406(accept: String) async throws {
        let fixture = try await BFFFixture(.sqlite)
        let server = try fixture.startServer()
        let like = try JSON.body(["query": Documents.updateLike, "variables": ["momentID": "4", "userID": "0", "isLiked": true]])
        let (status, _, _) = try await server.send("POST", "/graphql", headers: ["Content-Type": "application/json", "Accept": accept],
                                                   body: like)
        await server.stop()
        #expect(status == 406)
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "4" }
        #expect(moment?.isLiked == false, "processing stopped: the like was not made")
    }

    /// "Body": "A server MUST indicate the media type of the response with a `Content-Type` header":
    /// an answer, a refused document, a body of another type (415), a GET that does not parse.
    @Test(arguments: [
        ("POST", "/graphql", "application/json", #"{"query": "{ __typename }"}"#),
        ("POST", "/graphql", "application/json", #"{"query": "{"}"#),
        ("POST", "/graphql", "text/plain", #"{"query": "{ __typename }"}"#),
        ("GET", "/graphql?query=%7B", "application/json", ""),
    ])
    func everyAnswer_namesItsMediaType(method: String, path: String, contentType: String, body: String) async throws {
        let (_, headers, _) = try await send(method, path, accept: Self.graphQLResponse, contentType: contentType,
                                             body: body.isEmpty ? nil : Data(body.utf8))
        #expect(headers["content-type"] == Self.utf8GraphQLResponse)
    }

    /// "Body": "A server MUST support any _GraphQL-over-HTTP request_ which accepts the
    /// `application/json` media type (as indicated by the `Accept` header)."
    @Test func acceptingJSON_isAnsweredInJSON() async throws {
        let (status, headers, body) = try await send(accept: "application/json", body: timelineBody)
        #expect(status == 200)
        #expect(headers["content-type"] == "application/json")
        #expect(JSON.path(try JSON.object(body), "data", "getMomentsDetailsByUserID", "userDetails", "id") as? String == "3")
    }

    /// "Legacy watershed": "From 1st January 2025, a server MUST support any _GraphQL-over-HTTP
    /// request_ which accepts the `application/graphql-response+json` media type (as indicated by
    /// the `Accept` header) using the UTF-8 encoding."
    @Test func acceptingGraphQLResponseJSON_isAnsweredInIt_inUTF8() async throws {
        let (status, headers, body) = try await send(accept: Self.graphQLResponse, body: timelineBody)
        #expect(status == 200)
        #expect(headers["content-type"] == Self.utf8GraphQLResponse)
        #expect(String(decoding: body, as: UTF8.self).contains("林小雨"), "user 3's name, in UTF-8")
    }

    /// "POST": "A server MUST support POST requests encoded with the `application/json` media type
    /// (as indicated by the `Content-Type` header) encoded with UTF-8", and "For POST requests
    /// using an officially recognized GraphQL `Content-Type` without indicating an encoding, the
    /// server MUST assume the encoding is `utf-8`."
    @Test func postInJSON_withoutCharset_isReadAsUTF8() async throws {
        let body = try JSON.body(["query": Documents.timeline + "\n# 林小雨的时间线 ✓", "variables": ["userID": "3", "withLikes": false]])
        let (status, _, answer) = try await send(accept: Self.graphQLResponse, body: body)
        #expect(status == 200)
        #expect(JSON.path(try JSON.object(answer), "data", "getMomentsDetailsByUserID", "userDetails", "name") as? String == "林小雨")
    }

    /// "application/graphql-response+json": "If the _GraphQL response_ does not contain the {data}
    /// entry then the server MUST reply with a `4xx` or `5xx` status code as appropriate." The
    /// document that does not parse, does not validate, names no operation it holds, or whose
    /// variables do not coerce gets 400 (the status the section's examples give) and no `data`.
    @Test(arguments: [
        ["query": #"{ getMomentsDetailsByUserID(userID: "0") { "#],
        ["query": #"{ getMomentsDetailsByUserID(userID: "0") { password } }"#],
        ["query": Documents.timeline, "operationName": "other"],
        ["query": Documents.timeline, "variables": ["userID": "0", "withLikes": "yes"]],
    ] as [[String: any Sendable]])
    func documentThatCannotRun_is400_withoutData(request: [String: any Sendable]) async throws {
        let (status, headers, body) = try await send(accept: Self.graphQLResponse, body: try JSON.body(request))
        let json = try JSON.object(body)
        #expect(status == 400)
        #expect(headers["content-type"] == Self.utf8GraphQLResponse)
        #expect(json.keys.contains("data") == false)
        #expect(JSON.errorMessages(json).isEmpty == false)
    }

    /// "Status Codes": "In case of errors that completely prevent the generation of a well-formed
    /// _GraphQL response_, the server [...] MUST NOT respond with a `2xx` status code when using
    /// the `application/graphql-response+json` media type." A body that is no GraphQL-over-HTTP
    /// request is one.
    @Test(arguments: ["NONSENSE", #"{"query":"#, #"{"qeury": "{__typename}"}"#, #"{"query": "{__typename}", "variables": [7]}"#])
    func requestThatIsNotWellFormed_isNot2xx(body: String) async throws {
        let (status, headers, _) = try await send(accept: Self.graphQLResponse, body: Data(body.utf8))
        #expect(status == 400)
        #expect(headers["content-type"] == Self.utf8GraphQLResponse)
    }

    /// "application/graphql-response+json": "If the _GraphQL response_ contains the {data} entry
    /// and it is not {null}, then the server MUST reply with a `2xx` status code".
    @Test func dataThatIsNotNull_is2xx() async throws {
        let (status, _, body) = try await send(accept: Self.graphQLResponse, body: timelineBody)
        #expect(status == 200)
        #expect(JSON.path(try JSON.object(body), "data", "getMomentsDetailsByUserID") != nil)
    }

    /// "application/graphql-response+json", field errors during execution: "If the operation is
    /// executed and no _GraphQL request error_ is raised then the server SHOULD respond with a
    /// status code of `200` (Okay)", and {data} that is {null} "SHOULD reply with a `2xx` status
    /// code and it is RECOMMENDED it replies with `200`": not a MUST, but what this BFF does, so
    /// that a client tells a refused document (4xx) from one that ran.
    @Test func executionError_is200_withNullDataAndTheErrorsCode() async throws {
        let unknownUser = try JSON.body(["query": Documents.timeline, "variables": ["userID": "404", "withLikes": true]])
        let (status, _, body) = try await send(accept: Self.graphQLResponse, body: unknownUser)
        let json = try JSON.object(body)
        #expect(status == 200)
        #expect(json["data"] is NSNull)
        #expect(JSON.errorCodes(json) == ["UNKNOWN_USER"])
    }

    /// "GET": "If the values of {query} and {operationName} indicate that a mutation operation is
    /// to be executed, the server MUST respond with error status code `405` (Method Not Allowed)
    /// and halt execution." (RFC 9110 adds that a 405 MUST carry `Allow`.)
    @Test func mutationByGET_is405_withAllow_andChangesNothing() async throws {
        let fixture = try await BFFFixture(.sqlite)
        let server = try fixture.startServer()
        let document = "query read { __typename } " + #"mutation like { updateMomentLike(momentID: "4", userID: "0", isLiked: true) { userDetails { id } } }"#
        var components = URLComponents(string: "/graphql")!
        components.queryItems = [URLQueryItem(name: "query", value: document), URLQueryItem(name: "operationName", value: "like")]
        let (status, headers, _) = try await server.send("GET", components.string!, headers: ["Accept": Self.graphQLResponse])
        await server.stop()
        #expect(status == 405)
        #expect(headers["allow"] == "POST")
        #expect(headers["content-type"] == Self.utf8GraphQLResponse)
        let moment = try await fixture.moments(forUserID: "0").first { $0.id == "4" }
        #expect(moment?.isLiked == false)
    }

    /// "URL": "A _server_ MUST NOT require the _client_ to use different URLs for different
    /// GraphQL query and mutation requests to the same GraphQL schema."
    @Test func queriesAndMutations_shareOneURL() async throws {
        let like = try JSON.body(["query": Documents.updateLike, "variables": ["momentID": "4", "userID": "3", "isLiked": true]])
        let (likeStatus, _, likeBody) = try await send(accept: Self.graphQLResponse, body: like)
        #expect(likeStatus == 200)
        #expect(JSON.path(try JSON.object(likeBody), "data", "updateMomentLike", "userDetails", "id") as? String == "3")
        let (readStatus, _, _) = try await send(accept: Self.graphQLResponse, body: timelineBody)
        #expect(readStatus == 200)
    }

    /// Sends one request to a fresh BFF on SQLite over HTTP: the transport rules do not depend on
    /// the store.
    private func send(_ method: String = "POST", _ path: String = "/graphql", accept: String,
                      contentType: String = "application/json", body: Data?) async throws -> (Int, [String: String], Data) {
        let fixture = try await BFFFixture(.sqlite)
        let server = try fixture.startServer()
        let answer = try await server.send(method, path, headers: ["Content-Type": contentType, "Accept": accept], body: body)
        await server.stop()
        return answer
    }
}

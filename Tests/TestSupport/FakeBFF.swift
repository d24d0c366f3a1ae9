import Foundation
import HTTPServer

/// A BFF at the far edge of a test: a real HTTP server that answers the timeline query and the
/// like mutation from a small in-memory timeline and records every body it receives.
public final class FakeBFF: Sendable {
    /// One moment of the fake timeline.
    public struct Moment: Sendable {
        public var id: String
        public var userName: String
        public var title: String?
        public var photos: [String]
        public var url: String?
        public var createdDate: Date
        public var likerIDs: [String]

        public init(id: String, userName: String, title: String?, photos: [String] = [], url: String? = nil,
                    createdDate: Date = Date().addingTimeInterval(-300), likerIDs: [String] = []) {
            self.id = id
            self.userName = userName
            self.title = title
            self.photos = photos
            self.url = url
            self.createdDate = createdDate
            self.likerIDs = likerIDs
        }
    }

    /// How the fake answers GraphQL: well, or in one of the ways a real BFF fails.
    public enum Behavior: Sendable {
        case normal
        /// Answers, but only after this long.
        case slow(Duration)
        /// An HTML error page with status 200, as a misconfigured proxy sends.
        case html
        /// A body cut in the middle of the JSON.
        case brokenJSON
        /// A well-formed GraphQL answer with `errors` and no data.
        case graphQLErrors
        /// A GraphQL answer with `errors` whose `extensions.code` is this, and no data.
        case graphQLErrorCode(String)
        /// An HTTP error status (401 and 403 as a BFF that refuses the credentials answers them).
        case status(Int)
        /// JSON that is not a GraphQL answer: neither `data` nor `errors`.
        case notGraphQL
        /// A GraphQL answer whose moments lack their required `id`.
        case missingField
        /// Answers only requests that carry this header with this value; 401 to the others.
        case requireHeader(name: String, value: String)
    }

    /// The variables of the documents the dashboard sends, each there only in the documents that
    /// pass it.
    public struct Variables: Decodable, Sendable, Equatable {
        public var userID: String?
        public var withLikes: Bool?
        public var first: Int?
        public var after: String?
        public var from: String?
        public var momentID: String?
        public var isLiked: Bool?
    }

    /// A GraphQL request as the fake reads it.
    public typealias Request = GraphQLRequestBody<Variables>

    /// Test code only: one lock around plain values, shared with the server's handlers.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var behavior = Behavior.normal
        var moments: [Moment]
        var received: [Request] = []
        /// The headers of every request, GraphQL and remote config, lowercased names.
        var receivedHeaders: [[String: String]] = []
        var remoteConfig: [String: Any] = ["isRoundedAvatar": false, "likeButtonStyle": "heart"]
        var paginates = true
        var introspects = true
        /// Whether its schema offers `from`, a page that starts at a moment, as the embedded BFF's does.
        var startsAtMoments = false
        /// Where the profile's and authors' pictures are, when not paths on the BFF itself.
        var pictureBase: String?
        /// The moment whose `likes` resolver fails (`failLikes(of:)`).
        var failingLikes: String?
        /// Holds the port once stopped (`stop`).
        var portHolder: Int32?

        deinit {
            if let portHolder { close(portHolder) }
        }

        init(moments: [Moment]) {
            self.moments = moments
        }
    }

    private let state: State
    private let server: TestServer

    public init(moments: [Moment] = FakeBFF.sampleMoments) throws {
        let state = State(moments: moments)
        self.state = state
        var router = Router()
        router.post("/graphql") { request in
            let headers = FakeBFF.lowercased(request.headers)
            state.lock.withLock { state.receivedHeaders.append(headers) }
            guard let body = try? JSONDecoder().decode(Request.self, from: request.body) else {
                return .text("not a GraphQL request", status: .badRequest)
            }
            let json = { (text: String) in Response(headers: ["Content-Type": "application/json"], data: Data(text.utf8)) }
            switch state.lock.withLock({ state.behavior }) {
            case .normal: break
            case .graphQLErrorCode(let code):
                return json(#"{"data": null, "errors": [{"message": "refused", "extensions": {"code": "\#(code)"}}]}"#)
            case .notGraphQL: return json(#"{"status": "ok", "result": [1, 2, 3]}"#)
            case .missingField:
                return json(#"{"data": {"getMomentsDetailsByUserID": {"userDetails": {"id": "0", "name": "x", "avatar": "/a.png", "backgroundImage": "/b.jpg"}, "moments": [{"title": "no id"}]}, "updateMomentLike": {"userDetails": {"id": "0", "name": "x", "avatar": "/a.png", "backgroundImage": "/b.jpg"}, "moments": [{"title": "no id"}]}}}"#)
            case .requireHeader(let name, let value):
                if headers[name.lowercased()] != value {
                    return Response(status: HTTPStatus(code: 401, reasonPhrase: "Unauthorized"),
                                    headers: ["Content-Type": "application/json", "WWW-Authenticate": "Bearer"],
                                    data: Data(#"{"errors": [{"message": "Unauthorized."}]}"#.utf8))
                }
            case .slow(let delay): try await Task.sleep(for: delay)
            case .html: return .html("<html><body><h1>502 Bad Gateway</h1></body></html>")
            case .brokenJSON: return Response(headers: ["Content-Type": "application/json"], data: Data(#"{"data": {"getMomentsDetailsByUserID": {"user"#.utf8))
            case .graphQLErrors:
                return Response(headers: ["Content-Type": "application/json"], data: Data(#"{"data": null, "errors": [{"message": "database is locked"}]}"#.utf8))
            case .status(let code): return .text("failure", status: HTTPStatus(code: code, reasonPhrase: "Failure"))
            }
            let answer = try state.lock.withLock {
                state.received.append(body)
                return try JSONSerialization.data(withJSONObject: FakeBFF.answer(body, state: state))
            }
            return Response(headers: ["Content-Type": "application/json"], data: answer)
        }
        router.get("/remote-config") { request in
            state.lock.withLock { state.receivedHeaders.append(FakeBFF.lowercased(request.headers)) }
            let config = try state.lock.withLock { try JSONSerialization.data(withJSONObject: state.remoteConfig) }
            return Response(headers: ["Content-Type": "application/json"], data: config)
        }
        server = try TestServer(router: router)
    }

    public var graphQLURL: URL { server.url("/graphql") }
    public var remoteConfigURL: URL { server.url("/remote-config") }

    /// `path` on this BFF's origin: what a relative picture URL of its answers resolves to.
    public func url(_ path: String) -> URL { server.url(path) }

    /// The `variables` of every document received, in order (none passed: all `nil`).
    public var receivedVariables: [Variables] {
        state.lock.withLock { state.received.map { $0.variables ?? Variables() } }
    }

    /// The operation names received, in order.
    public var receivedOperations: [String] {
        state.lock.withLock { state.received.map { $0.operationName ?? "" } }
    }

    /// The headers of every request received (GraphQL and remote config), names lowercased.
    public var receivedHeaders: [[String: String]] {
        state.lock.withLock { state.receivedHeaders }
    }

    /// How many GraphQL documents were answered (the failing behaviours answer none).
    public var answeredCount: Int {
        state.lock.withLock { state.received.count }
    }

    private static func lowercased(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers { fields[name.lowercased()] = value }
        return fields
    }

    /// Makes the fake answer GraphQL as `behavior` says from now on.
    public func behave(_ behavior: Behavior) {
        state.lock.withLock { state.behavior = behavior }
    }

    /// Makes the `likes` of `momentID` fail in every answer from now on (`nil`: none), as a likes
    /// service that times out for one moment: `data` with `likes: null` and an error at its path.
    public func failLikes(of momentID: String?) {
        state.lock.withLock { state.failingLikes = momentID }
    }

    /// Makes the fake a BFF of the seed's schema alone (docs/bff.md): documents that pass `first` or
    /// `after` fail validation, as a GraphQL server refuses unknown arguments.
    public func refusePagination() {
        state.lock.withLock { state.paginates = false }
    }

    /// Makes the fake offer `from: ID` on both root fields, as the embedded BFF does: its schema
    /// shows it, and a page starts at that moment (an unknown one is `UNKNOWN_MOMENT`).
    public func offerPageFromMoment() {
        state.lock.withLock { state.startsAtMoments = true }
    }

    /// Makes the fake refuse introspection, as many production BFFs do: `errors`, no `data`.
    public func refuseIntrospection() {
        state.lock.withLock { state.introspects = false }
    }

    /// Makes the profile's avatar and cover and each author's and liker's avatar absolute URLs
    /// under `base` (an image host), as a team BFF behind a CDN sends them.
    public func servePictures(from base: String) {
        state.lock.withLock { state.pictureBase = base }
    }

    public func setRemoteConfig(_ config: [String: Any]) {
        state.lock.withLock { state.remoteConfig = config }
    }

    public func likerIDs(of momentID: String) -> [String] {
        state.lock.withLock { state.moments.first { $0.id == momentID }?.likerIDs ?? [] }
    }

    /// Stops answering: connections are refused from now on, as a BFF that is down. The port
    /// stays bound, without listening, so no server another test starts can take it over.
    /// Stopping a stopped BFF does nothing.
    public func stop() async {
        guard state.lock.withLock({ state.portHolder == nil }) else { return }
        await server.stop()
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(holder, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        state.lock.withLock { state.portHolder = holder }
    }

    /// What a server of the seed's schema answers the dashboard's capability query: the paging
    /// arguments and `Int` only when it pages.
    private static func introspection(paginates: Bool, startsAtMoments: Bool) -> [String: Any] {
        func type(_ field: String, _ arguments: [String]) -> [String: Any] {
            let paging = paginates ? ["first", "after"] + (startsAtMoments ? ["from"] : []) : []
            return ["fields": [["name": field, "args": (arguments + paging).map { ["name": $0] }]]]
        }
        return ["data": [
            "query": type("getMomentsDetailsByUserID", ["userID"]),
            "mutation": type("updateMomentLike", ["momentID", "userID", "isLiked"]),
            "subscription": NSNull(),
            "int": paginates ? ["name": "Int"] as Any : NSNull() as Any,
        ]]
    }

    private static func answer(_ body: Request, state: State) -> [String: Any] {
        let variables = body.variables ?? Variables()
        let userID = variables.userID ?? "0"
        // The like mutation's selection asks for the likes without a `$withLikes`.
        let withLikes = variables.withLikes ?? (body.operationName == "updateMomentLike")
        if body.operationName == "bffHealth" {
            return ["data": ["__typename": "Query"]]
        }
        if body.operationName == "BFFCapabilities" {
            return state.introspects ? introspection(paginates: state.paginates, startsAtMoments: state.startsAtMoments)
                : ["errors": [["message": "Introspection is disabled."]]]
        }
        let query = body.query
        if !state.startsAtMoments, query.contains("from:") {
            return ["errors": [["message": #"Unknown argument "from" on field "getMomentsDetailsByUserID"."#]]]
        }
        if !state.paginates, query.contains("first:") || query.contains("after:") {
            return ["errors": [["message": #"Unknown argument "first" on field "getMomentsDetailsByUserID"."#]]]
        }
        var page = state.moments
        if let after = variables.after {
            guard let index = page.firstIndex(where: { $0.id == after }) else {
                return ["data": NSNull(), "errors": [["message": "Unknown moment \(after)"]]]
            }
            page = Array(page[(index + 1)...])
        }
        if let from = variables.from {
            guard state.startsAtMoments, let index = page.firstIndex(where: { $0.id == from }) else {
                return ["data": NSNull(), "errors": [["message": "Unknown moment \(from)", "extensions": ["code": "UNKNOWN_MOMENT"]]]]
            }
            page = Array(page[index...])
        }
        if let first = variables.first {
            page = Array(page.prefix(first))
        }
        if body.operationName == "updateMomentLike" {
            let momentID = variables.momentID ?? ""
            guard let index = state.moments.firstIndex(where: { $0.id == momentID }) else {
                return ["data": NSNull(), "errors": [["message": "Unknown moment \(momentID)"]]]
            }
            state.moments[index].likerIDs.removeAll { $0 == userID }
            if variables.isLiked == true {
                state.moments[index].likerIDs.insert(userID, at: 0)
            }
            page = page.map { moment in state.moments.first { $0.id == moment.id } ?? moment }
            return failingLikes(of: state.failingLikes, in: "updateMomentLike",
                                details(page, userID: userID, withLikes: withLikes, pictureBase: state.pictureBase))
        }
        return failingLikes(of: state.failingLikes, in: "getMomentsDetailsByUserID",
                            details(page, userID: userID, withLikes: withLikes, pictureBase: state.pictureBase))
    }

    /// The answer of `root` with `details`; partial, as a GraphQL server answers a resolver error,
    /// when the likes of `momentID` are among them: `likes: null` there, and an error at its path.
    private static func failingLikes(of momentID: String?, in root: String, _ details: [String: Any]) -> [String: Any] {
        var details = details
        guard var moments = details["moments"] as? [[String: Any]],
              let index = moments.firstIndex(where: { $0["id"] as? String == momentID && $0["likes"] != nil })
        else { return ["data": [root: details]] }
        moments[index]["likes"] = NSNull()
        details["moments"] = moments
        return ["data": [root: details],
                "errors": [["message": "The likes service timed out.", "path": [root, "moments", index, "likes"],
                            "extensions": ["code": FakeBFF.likesErrorCode]]]]
    }

    /// The `extensions.code` of the error of likes that fail (`failLikes(of:)`).
    public static let likesErrorCode = "LIKES_UNAVAILABLE"

    private static func details(_ moments: [Moment], userID: String, withLikes: Bool, pictureBase: String?) -> [String: Any] {
        let base = pictureBase ?? ""
        return [
            "userDetails": ["id": userID, "name": "Test User", "avatar": "\(base)/images/avatars/00.png", "backgroundImage": "\(base)/images/backgrounds/00.jpg"],
            "moments": moments.map { moment -> [String: Any] in
                var fields: [String: Any] = [
                    "id": moment.id,
                    "userDetails": ["name": moment.userName, "avatar": "\(base)/images/avatars/0\(moment.id.count % 10).png"],
                    "type": moment.url == nil ? "PHOTOS" : "URL",
                    "title": moment.title ?? NSNull(),
                    "url": moment.url ?? NSNull(),
                    "photos": moment.photos,
                    "createdDate": String(Int(moment.createdDate.timeIntervalSince1970)),
                ]
                if withLikes {
                    fields["isLiked"] = moment.likerIDs.contains(userID)
                    fields["likes"] = moment.likerIDs.map { ["id": $0, "avatar": "\(base)/images/avatars/\($0).png"] }
                }
                return fields
            },
        ]
    }

    /// Three moments: a photo, a link, and one already liked by user 7. Dated from when they are
    /// asked for, so "5 minutes ago" holds however long the test run has gone on.
    public static var sampleMoments: [Moment] {
        [
            Moment(id: "m1", userName: "Alice Chen", title: "Sunset over the bay", photos: ["/images/photos/00.jpg", "/images/photos/01.jpg"]),
            Moment(id: "m2", userName: "王小明", title: "值得一读的文章", url: "https://example.com/article",
                   createdDate: Date().addingTimeInterval(-7200)),
            Moment(id: "m3", userName: "Bob Li", title: "Coffee time", photos: ["/images/photos/02.jpg"],
                   createdDate: Date().addingTimeInterval(-86400 * 3), likerIDs: ["7"]),
        ]
    }
}

import Logging

/// Answers a request; what a route, a middleware chain or a fallback is made of.
public typealias Handler = @Sendable (Request) async throws -> Response

/// Code that sits in front of every route: checks, headers, logging.
public protocol Middleware: Sendable {
    func respond(to request: Request, next: Handler) async throws -> Response
}

/// Turns an error into the answer a client sees; set per application (JSON or an HTML page).
/// The router adds the error's headers.
public typealias ErrorRenderer = @Sendable (any HTTPResponseError, Request) -> Response

/// Maps method and path to handlers: 404 for unknown paths, 405 with `Allow` for a known path
/// and a wrong method, HEAD answered by the GET route. Built before the server starts.
public struct Router: RouteBuilder, Sendable {
    /// A class: matching walks the routes of a path's length, and a reference costs one retain to
    /// step over where a struct of six fields cost a copy of each.
    final class Route: Sendable {
        let method: HTTPMethod
        let pattern: RoutePattern
        /// Its body cap, its group's when it set none, and its gate.
        let limits: RouteLimits
        /// Its handler behind its groups' middleware, composed when the route was added.
        let handler: Handler
        let metrics: RouteMetrics
        /// The policy of the groups its pattern is in.
        let policy: RoutePolicy

        init(method: HTTPMethod, pattern: RoutePattern, limits: RouteLimits, handler: @escaping Handler, policy: RoutePolicy) {
            self.method = method
            self.pattern = pattern
            self.limits = limits
            self.handler = handler
            metrics = RouteMetrics(route: pattern.description, method: method.rawValue)
            self.policy = policy
        }
    }

    /// Which route a request is for, found once, before the middleware: its metrics are counted
    /// under that route whatever the middleware or the handler answer. The request carries it
    /// through the middleware (`Request.match`) to the dispatch at the chain's end.
    enum Match: Sendable {
        case route(Route, parameters: [String: String])
        /// The path is a route's, the method none of its: 405 with these in `Allow`.
        case otherMethods([HTTPMethod], RoutePolicy)
        /// No route has the path: the fallback or 404, under the policy of the groups it is in.
        case unrouted(RoutePolicy)
        /// Not routed yet.
        case none

        var policy: RoutePolicy {
            switch self {
            case .route(let route, _): route.policy
            case .otherMethods(_, let policy), .unrouted(let policy): policy
            case .none: RoutePolicy()
            }
        }
    }

    /// In the order they were added.
    private var routes: [Route] = []
    /// The same routes by their number of segments, each list in the order added: a path is
    /// matched only against routes of its own length.
    private var routesBySegmentCount: [Int: [Route]] = [:]
    /// Each group's path prefix and policy, the outermost first.
    private var groups: [(prefix: String, policy: RoutePolicy)] = []
    private var middlewares: [any Middleware] = []
    private var fallbackHandler: Handler?
    /// The middleware around the dispatch to the matched route, built when either changes, not per request.
    private var chain: Handler
    /// Tried for GET and HEAD requests that no route matches (static files).
    public var fallback: Handler? {
        get { fallbackHandler }
        set {
            fallbackHandler = newValue
            chain = Self.makeChain(middlewares, fallback: newValue)
        }
    }
    /// Renders every thrown `HTTPResponseError` and the router's own 404/405/500 answers.
    public var errorRenderer: ErrorRenderer = Router.jsonError
    /// Set on every answer, a route's, a fallback's or a rendered error's (`SecurityHeaders.all`).
    public var headersOnEveryAnswer: HTTPHeaders = [:]
    private let logger: Logger
    private let unmatched = RouteMetrics.Unmatched(route: "unmatched")
    private let staticFiles = RouteMetrics.Unmatched(route: "static")

    public init(logger: Logger = Logger(label: "moments.http")) {
        self.logger = logger
        chain = Self.makeChain([], fallback: nil)
    }

    public mutating func on(_ method: HTTPMethod, _ pattern: String, limits: RouteLimits, use handler: @escaping Handler) {
        // The server looks a request's gate up only for writes, keeping reads off the lookup.
        precondition(limits.concurrency == nil || !method.isSafe, "only a write's route waits its turn: \(method) \(pattern)")
        let policy = policy(of: pattern)
        guard policy.isMounted else { return }
        var limits = limits
        limits.maxBodySize = limits.maxBodySize ?? policy.maxBodySize
        let route = Route(method: method, pattern: RoutePattern(pattern), limits: limits,
                          handler: policy.middleware.wrapping(handler), policy: policy)
        routes.append(route)
        routesBySegmentCount[route.pattern.segments.count, default: []].append(route)
    }

    /// Declares the group of routes under `prefix` (whole segments: `/api` holds `/api/timeline`)
    /// with what they share. Declare a group before adding its routes: each route takes its
    /// groups' policy, middleware included, once, when it is added.
    public mutating func group(_ prefix: String, _ policy: RoutePolicy) {
        precondition(!routes.contains { RoutePolicy.path($0.pattern.description, isIn: prefix) },
                     "the group \(prefix) is declared after routes of it")
        // Kept outermost (shortest prefix) first, as `policy(of:)` applies them.
        groups.insert((prefix, policy), at: groups.firstIndex { $0.prefix.utf8.count > prefix.utf8.count } ?? groups.endIndex)
    }

    /// The policy of every group `path` is in, the outer ones' under the inner ones'. Found once
    /// per route when it is added, and per request only for a path no route has. Under a group
    /// that is not mounted a path is unknown like any other: only the groups around it apply
    /// (not another group of the same prefix), and the policy says it is not mounted.
    private func policy(of path: String) -> RoutePolicy {
        var unmounted = Int.max
        for group in groups where !group.policy.isMounted && RoutePolicy.path(path, isIn: group.prefix) {
            unmounted = min(unmounted, group.prefix.utf8.count)
        }
        var policy = RoutePolicy(isMounted: unmounted == Int.max)
        for group in groups where group.prefix.utf8.count < unmounted && RoutePolicy.path(path, isIn: group.prefix) {
            policy = policy.narrowed(by: group.policy)
        }
        return policy
    }

    /// Adds a middleware; the first added is the outermost.
    public mutating func add(middleware: any Middleware) {
        middlewares.append(middleware)
        chain = Self.makeChain(middlewares, fallback: fallbackHandler)
    }

    /// The method and pattern of every route, for documents that must list them (OpenAPI).
    public var routeList: [(method: HTTPMethod, pattern: String)] {
        routes.map { ($0.method, $0.pattern.description) }
    }

    /// Answers `request`; never throws: errors become the error renderer's answer.
    public func respond(to request: Request) async -> Response {
        let started = ContinuousClock.now
        let match = match(request)
        var response = withHeadersOnEveryAnswer(await answer(request, match), policy: match.policy)
        let metrics = metrics(of: match, request)
        let status = response.status.code
        metrics.record(status: status, duration: .now - started)
        // A reused answer is counted under its route too.
        response.reuse?.effects.append { metrics.record(status: status, duration: $0) }
        return response
    }

    /// The limits of the route `request`'s method and path name: the server holds the body to
    /// its cap from the head on, where it is larger than the server's own, and lets the request's
    /// handler run when its gate has room.
    public func limits(for request: Request) -> RouteLimits? {
        guard case .route(let route, _) = match(request) else { return nil }
        return route.limits
    }

    /// The answer to a request the server refused before it reached the router (413, 414, 431
    /// at the head): rendered as every error is, with the headers every answer carries.
    public func refusal(_ error: HTTPError, for request: Request) -> Response {
        var request = request
        request.match = match(request)
        let response = withHeadersOnEveryAnswer(render(error, for: request), policy: request.match.policy)
        unmatched[request.method].record(status: response.status.code, duration: .zero)
        return response
    }

    private func match(_ request: Request) -> Match {
        var allowed: [HTTPMethod] = []
        var policy: RoutePolicy?
        let parts = RoutePattern.segments(of: request.path)
        for route in routesBySegmentCount[parts.count] ?? [] {
            guard let parameters = route.pattern.match(parts) else { continue }
            if route.method == request.method || (request.method == .head && route.method == .get) {
                return .route(route, parameters: parameters)
            }
            allowed.append(route.method)
            policy = policy ?? route.policy
        }
        if let policy { return .otherMethods(allowed, policy) }
        return .unrouted(self.policy(of: request.path))
    }

    private func metrics(of match: Match, _ request: Request) -> RouteMetrics {
        switch match {
        case .route(let route, _): route.metrics
        case .unrouted where fallback != nil && (request.method == .get || request.method == .head): staticFiles[request.method]
        case .none, .unrouted, .otherMethods: unmatched[request.method]
        }
    }

    /// `response` with the headers every answer carries, and its group's `Cache-Control` unless it says its own.
    private func withHeadersOnEveryAnswer(_ response: Response, policy: RoutePolicy) -> Response {
        var response = response
        for (name, value) in headersOnEveryAnswer {
            response.headers.set(name, value)
        }
        if let cacheControl = policy.cacheControl, response.headers["Cache-Control"] == nil {
            response.headers.set("Cache-Control", cacheControl)
        }
        return response
    }

    private func answer(_ request: Request, _ match: Match) async -> Response {
        var request = request
        request.match = match
        // Before any middleware: a write check must not answer for a method that is none. On a
        // path that has routes it is a method the resource does not take (405 with Allow, what
        // OpenAPI tools expect of a method not in the document, QUERY among them); elsewhere one
        // this server does not know (501, RFC 9110 §15.6.2).
        guard request.method.isStandard else {
            if case .otherMethods(let allowed, _) = match { return render(Self.methodNotAllowed(request.method, allowed: allowed), for: request) }
            return render(HTTPError(.notImplemented, code: "unknown_method",
                                    message: "\(request.method) is not an HTTP method this server knows; methods are case-sensitive (GET, not get)."),
                          for: request)
        }
        do {
            return try await chain(request)
        } catch let error as any HTTPResponseError {
            return render(error, for: request)
        } catch {
            logger.error("handler failed", metadata: [
                "method": "\(request.method)", "path": "\(request.path)", "error": "\(String(reflecting: error))",
            ])
            return render(HTTPError(.internalServerError, message: "Something went wrong on our side."), for: request)
        }
    }

    private func render(_ error: any HTTPResponseError, for request: Request) -> Response {
        var response = errorRenderer(error, request)
        for (name, value) in error.headers {
            response.headers.set(name, value)
        }
        return response
    }

    /// `middlewares` around the dispatch (the first is the outermost).
    private static func makeChain(_ middlewares: [any Middleware], fallback: Handler?) -> Handler {
        middlewares.wrapping(dispatch(fallback: fallback))
    }

    /// Answers a request by the match it carries: its route, 405, the fallback or 404.
    private static func dispatch(fallback: Handler?) -> Handler {
        { request in
            switch request.match {
            case .route(let route, let parameters):
                if let limit = route.limits.maxBodySize, request.body.count > limit {
                    throw HTTPError(.payloadTooLarge, code: "payload_too_large",
                                    message: "Bodies sent to \(route.pattern) are limited to \(limit) bytes.")
                }
                var request = request
                request.parameters = parameters
                return try await route.handler(request)
            case .otherMethods(let allowed, _):
                throw Self.methodNotAllowed(request.method, allowed: allowed)
            case .unrouted, .none:
                if let fallback, request.method == .get || request.method == .head {
                    return try await fallback(request)
                }
                throw HTTPError(.notFound, message: "There is nothing at \(request.path).")
            }
        }
    }

    /// 405 for `method` on a path whose routes take `allowed` (and HEAD where they take GET).
    private static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> HTTPError {
        let allow = (allowed + (allowed.contains(.get) ? [.head] : [])).map(\.rawValue).joined(separator: ", ")
        return HTTPError(.methodNotAllowed, message: "\(method) is not allowed here; use \(allow).", headers: ["Allow": allow])
    }

    /// The default error answer: `ErrorBody` as JSON.
    public static let jsonError: ErrorRenderer = { error, _ in .json(error: error) }
}

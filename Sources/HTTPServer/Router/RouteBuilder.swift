import Locking

/// Something routes are added to: the router itself, or a group of it with its own middleware.
public protocol RouteBuilder {
    /// Adds a route for `method` and `pattern`, bounded by `limits`.
    mutating func on(_ method: HTTPMethod, _ pattern: String, limits: RouteLimits, use handler: @escaping Handler)
}

/// What a route bounds of the requests it takes, checked by the server before its handler runs.
public struct RouteLimits: Sendable {
    /// Caps the route's bodies in place of its group's or the server's cap, below it or above it
    /// (413 beyond it, the handler never called).
    public var maxBodySize: Int?
    /// How many of the route's requests are handled at once (a write's route only): the others
    /// wait their turn in arrival order as sleeping connections, not as tasks. Routes given the
    /// same gate share it.
    public var concurrency: ConcurrencyGate?

    public init(maxBodySize: Int? = nil, concurrency: ConcurrencyGate? = nil) {
        self.maxBodySize = maxBodySize
        self.concurrency = concurrency
    }
}

extension RouteBuilder {
    public mutating func get(_ pattern: String, use handler: @escaping Handler) {
        on(.get, pattern, limits: RouteLimits(), use: handler)
    }

    public mutating func post(_ pattern: String, maxBodySize: Int? = nil, concurrency: ConcurrencyGate? = nil, use handler: @escaping Handler) {
        on(.post, pattern, limits: RouteLimits(maxBodySize: maxBodySize, concurrency: concurrency), use: handler)
    }

    public mutating func put(_ pattern: String, maxBodySize: Int? = nil, concurrency: ConcurrencyGate? = nil, use handler: @escaping Handler) {
        on(.put, pattern, limits: RouteLimits(maxBodySize: maxBodySize, concurrency: concurrency), use: handler)
    }

    public mutating func delete(_ pattern: String, maxBodySize: Int? = nil, concurrency: ConcurrencyGate? = nil, use handler: @escaping Handler) {
        on(.delete, pattern, limits: RouteLimits(maxBodySize: maxBodySize, concurrency: concurrency), use: handler)
    }

    /// Adds one handler for a resource at its page's path and at its JSON twin's
    /// (`.get("/area51")`, `json: .get("/api/area51")`): the handler answers the one the request
    /// asks for (`Request.representation`), from one view-model. A write's two routes share
    /// `concurrency`.
    public mutating func resource(_ page: Endpoint, json: Endpoint, maxBodySize: Int? = nil, concurrency: ConcurrencyGate? = nil,
                                  use handler: @escaping Handler) {
        let limits = RouteLimits(maxBodySize: maxBodySize, concurrency: concurrency)
        on(page.method, page.pattern, limits: limits, use: handler)
        on(json.method, json.pattern, limits: limits, use: handler)
    }

    /// Adds every route of `collection`.
    public mutating func register(_ collection: some RouteCollection) throws {
        try collection.boot(routes: &self)
    }

    /// Adds the routes `build` adds, each behind `middleware` (the first given is the outermost),
    /// which runs after the router's own middleware and only for these routes.
    public mutating func group(_ middleware: any Middleware..., routes build: (inout RouteGroup) throws -> Void) rethrows {
        var group = RouteGroup(middleware: middleware)
        try build(&group)
        for route in group.routes {
            on(route.method, route.pattern, limits: route.limits, use: route.handler)
        }
    }
}

/// A feature's routes, registered in one call (`router.register(TimelineRoutes(…))`), as
/// Vapor's `RouteCollection`: a feature adds routes without editing the router or its neighbours.
public protocol RouteCollection: Sendable {
    func boot(routes: inout some RouteBuilder) throws
}

/// Routes that share middleware, gathered by `RouteBuilder.group` and added to the builder it
/// was made from.
public struct RouteGroup: RouteBuilder {
    struct PendingRoute {
        let method: HTTPMethod
        let pattern: String
        let limits: RouteLimits
        let handler: Handler
    }

    private let middleware: [any Middleware]
    private(set) var routes: [PendingRoute] = []

    init(middleware: [any Middleware]) {
        self.middleware = middleware
    }

    public mutating func on(_ method: HTTPMethod, _ pattern: String, limits: RouteLimits, use handler: @escaping Handler) {
        routes.append(PendingRoute(method: method, pattern: pattern, limits: limits, handler: middleware.wrapping(handler)))
    }
}

/// A method and a path pattern: where one representation of a resource is (`RouteBuilder.resource`).
public struct Endpoint: Sendable {
    public let method: HTTPMethod
    public let pattern: String

    public static func get(_ pattern: String) -> Endpoint { Endpoint(method: .get, pattern: pattern) }
    public static func post(_ pattern: String) -> Endpoint { Endpoint(method: .post, pattern: pattern) }
    public static func put(_ pattern: String) -> Endpoint { Endpoint(method: .put, pattern: pattern) }
    public static func delete(_ pattern: String) -> Endpoint { Endpoint(method: .delete, pattern: pattern) }
}

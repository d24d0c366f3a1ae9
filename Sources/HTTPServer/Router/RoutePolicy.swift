/// What the routes under one path prefix share, as Hummingbird's `RouterGroup` and Vapor's
/// `grouped(…)`: how they answer, how long their answers may be kept, whether their writes skip
/// the CSRF token, their body cap, the middleware around each of them and whether they are
/// mounted at all. Declared once per prefix
/// on the `Router` (`router.group("/api", RoutePolicy(…))`); a route takes the policy of every
/// group its path is in, the inner one's settings over the outer's.
public struct RoutePolicy: Sendable {
    /// What a request to these routes gets when a handler answers in one way only, and what its
    /// errors are rendered as.
    public enum Representation: Sendable {
        /// HTML for a person.
        case page
        /// JSON for a script.
        case json
    }

    /// How the group answers; `nil` leaves it to an outer group (a page where none says).
    public var representation: Representation?
    /// Whether its writes are left to other guards than the CSRF token (a JSON API, whose bodies
    /// must be JSON; OpenFeature's read-only POSTs); `nil` leaves it to an outer group.
    public var isCSRFExempt: Bool?
    /// The body cap of its routes that set none of their own; `nil` leaves it to an outer group.
    public var maxBodySize: Int?
    /// The `Cache-Control` of every answer of its paths that sets none itself (a route's, an
    /// error's, a refusal's); `nil` leaves it to an outer group.
    public var cacheControl: String?
    /// Around each of its routes, the first the outermost, composed once when the route is added.
    public var middleware: [any Middleware]
    /// `false`: its routes are left out when added, and its paths answer as unknown ones do.
    public var isMounted: Bool

    public init(representation: Representation? = nil, isCSRFExempt: Bool? = nil, maxBodySize: Int? = nil,
                cacheControl: String? = nil, middleware: [any Middleware] = [], isMounted: Bool = true) {
        self.representation = representation
        self.isCSRFExempt = isCSRFExempt
        self.maxBodySize = maxBodySize
        self.cacheControl = cacheControl
        self.middleware = middleware
        self.isMounted = isMounted
    }

    /// This policy with `inner`, a group inside this one, applied over it.
    func narrowed(by inner: RoutePolicy) -> RoutePolicy {
        RoutePolicy(representation: inner.representation ?? representation, isCSRFExempt: inner.isCSRFExempt ?? isCSRFExempt,
                    maxBodySize: inner.maxBodySize ?? maxBodySize, cacheControl: inner.cacheControl ?? cacheControl,
                    middleware: middleware + inner.middleware,
                    isMounted: isMounted && inner.isMounted)
    }

    /// Whether `path` (a request's path or a route's pattern) is `prefix` or below it, by whole
    /// segments: `/api` holds `/api` and `/api/timeline`, not `/apidocs`.
    static func path(_ path: String, isIn prefix: String) -> Bool {
        path.hasPrefix(prefix) && (path.utf8.count == prefix.utf8.count || prefix.hasSuffix("/")
            || path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: prefix.utf8.count)] == UInt8(ascii: "/"))
    }
}

extension Array where Element == any Middleware {
    /// `handler` behind these middleware, the first the outermost: composed once, not per request.
    func wrapping(_ handler: @escaping Handler) -> Handler {
        reversed().reduce(handler) { next, middleware in
            { request in try await middleware.respond(to: request, next: next) }
        }
    }
}

extension Request {
    /// The policy of the groups this request's path is in (`RoutePolicy`), as the router found it.
    public var routePolicy: RoutePolicy { match.policy }

    /// What a resource's handler answers (`RouteBuilder.resource`): JSON at its JSON twin's path
    /// (a group that answers JSON), or for a read whose `Accept` asks for JSON first; else the page.
    /// A write at the page's path is the page's form, whatever its `Accept` (the page's script
    /// asks for JSON errors and the page's fragment).
    public var representation: RoutePolicy.Representation {
        if let representation = routePolicy.representation { return representation }
        return method.isSafe && headers["Accept"]?.hasPrefix("application/json") == true ? .json : .page
    }

    /// Whether the answer is JSON rather than a page: the request's route answers JSON (the JSON
    /// twin, an API group), or its `Accept` asks for JSON first.
    public var wantsJSON: Bool {
        routePolicy.representation == .json || (headers["Accept"]?.hasPrefix("application/json") ?? false)
    }
}

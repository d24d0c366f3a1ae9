import HTTPServer

/// The seed's universal-link names, `/InternalMenu` and `/DesignKit?productName=&version=`,
/// answered with a redirect to Area 51 and the DesignKit demo, query and all. Mounted with
/// Area 51, so in production builds they are unknown paths like any other.
public struct UniversalLinkRoutes: RouteCollection {
    /// Each seed name and the path it leads to.
    static let links = [("/InternalMenu", "/area51"), ("/DesignKit", "/area51/designkit")]

    public init() {}

    public func boot(routes: inout some RouteBuilder) {
        for (name, path) in Self.links {
            routes.get(name) { request in
                let query = request.query.urlEncoded
                // A person followed the link: the page it leads to counts as opened by hand.
                return .seeOther(query.isEmpty ? path : "\(path)?\(query)")
            }
        }
    }
}

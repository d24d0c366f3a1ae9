import Foundations
import HTTPServer

/// What a production build leaves out, said once: Area 51 (its pages, its JSON, the DesignKit
/// demo and the seed's universal links to them), the toggle list and every toggle write,
/// OpenFeature, and the QA tools behind them (faults, mocks, breakpoints, the user switch). Debug and internal
/// builds have them all. Everything that differs by build target reads it here.
public enum InternalTools {
    /// Whether this build has them: every build but a production one.
    public static let arePresent = AppInfo.buildTarget != .production

    /// The groups of their routes: not mounted in a production build, where their paths answer
    /// as unknown ones do. Their writes carry a few bytes (a toggle, a tool, a fault); a route
    /// that takes more says so itself.
    static let routeGroups = ["/area51", "/api/area51", "/api/toggles", "/ofrep", "/InternalMenu", "/DesignKit"]
        .map { (prefix: $0, policy: RoutePolicy(maxBodySize: 1024, isMounted: arePresent)) }
}

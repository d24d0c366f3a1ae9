/// The kind of build, fixed at compile time as in the seed's `BuildTargetTogglesDataStore`:
/// `INTERNAL` (`MOMENTS_BUILD=internal`, see Package.swift) makes an internal build, `PRODUCTION`
/// (`MOMENTS_BUILD=production`, or a release build without `INTERNAL`) a production build,
/// anything else is debug.
public enum BuildTarget: String, Sendable, Codable {
    case debug
    case `internal`
    case production

    /// The target this binary was compiled as.
    public static let current: BuildTarget = {
        #if INTERNAL
        return .internal
        #elseif PRODUCTION
        return .production
        #elseif DEBUG
        return .debug
        #else
        return .production
        #endif
    }()
}

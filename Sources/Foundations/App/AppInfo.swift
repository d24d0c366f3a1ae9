/// What the running build is, for health checks, default request headers and Area 51.
public enum AppInfo {
    /// The product version; sent as `x-app-version` to the BFF.
    public static let version = "0.1.0"
    public static let buildTarget = BuildTarget.current
}

import CBuildInfo

/// What the running build is, for health checks, default request headers, Area 51 and `--version`.
public enum AppInfo {
    /// The product version (the VERSION file, also the Debian package's); sent as `x-app-version` to the BFF.
    public static let version = String(cString: moments_version())
    /// The commit the binary was built from; nil when the build did not know it (no `make`, or no git).
    public static let commit = known(moments_commit())
    /// When the binary was built (ISO 8601, UTC); nil when the build did not say.
    public static let buildDate = known(moments_build_date())
    public static let buildTarget = BuildTarget.current

    /// `0.1.0 (commit 1a2b3c4d5e6f, built 2026-11-26T03:50:00Z)`, for people.
    public static let identity = "\(version) (commit \(commit ?? "unknown"), built \(buildDate ?? "unknown"))"

    private static func known(_ value: UnsafePointer<CChar>) -> String? {
        let value = String(cString: value)
        return value.isEmpty ? nil : value
    }
}

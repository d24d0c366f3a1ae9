/// DesignKit's own version, shown by the demo, Area 51 and `/healthz`: a page drawn with these
/// tokens can say which ones. 1.1.0: text colors that meet WCAG 2.1 AA, `rem` type, `title3`, the
/// wide-screen spacing scale.
public enum DesignKitInfo {
    public static let version = "1.1.0"
}

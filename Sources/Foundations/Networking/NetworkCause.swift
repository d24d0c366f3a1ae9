/// Which page or action made the dashboard talk to its BFF: set once per request by the
/// router's middleware and read where an exchange is recorded, so no call site passes it down.
public enum NetworkCause {
    /// `GET /`, `POST /moments/m1/like`, `remote config refresh`; `background` outside any.
    @TaskLocal public static var current = "background"
}

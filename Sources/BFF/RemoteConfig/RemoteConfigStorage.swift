/// Where the remote config is kept: a JSON file beside the SQLite database (`RemoteConfigFile`),
/// or a row of the PostgreSQL database every BFF process shares (`PostgresMomentsStore`).
protocol RemoteConfigStorage: Sendable {
    /// The stored values over the defaults; the defaults when nothing was stored yet.
    func load() async throws(RemoteConfigError) -> RemoteConfig

    /// Applies `patch` to the stored config with no other change in between, and answers the
    /// result. A failure leaves the stored config as it was.
    func update(_ patch: RemoteConfigPatch) async throws(RemoteConfigError) -> RemoteConfig

    /// A value that is different after each change of the stored config, whoever made it
    /// (another process too): what `RemoteConfigStore.watchStorage` compares.
    func revision() async throws -> String
}

import Foundation

/// The remote config the dashboard's remote toggles read, wherever the BFF keeps it.
///
/// Read from storage on every access, so a change made through another BFF process (or with
/// `moments bff config set`) shows in a running server on its next read.
public final class RemoteConfigStore: Sendable {
    private let storage: any RemoteConfigStorage

    init(storage: any RemoteConfigStorage) {
        self.storage = storage
    }

    /// The config kept in the JSON file at `fileURL` (the SQLite BFF's).
    public convenience init(fileURL: URL) {
        self.init(storage: RemoteConfigFile(fileURL: fileURL))
    }

    /// The stored values over the defaults; the defaults when nothing was stored yet.
    public func current() async throws(RemoteConfigError) -> RemoteConfig {
        try await storage.load()
    }

    /// Applies `json`, an object with some of the config's keys, and answers the new config.
    /// Unknown keys and wrong values refuse the whole change and leave the stored config as it was.
    @discardableResult
    public func update(json: Data) async throws(RemoteConfigError) -> RemoteConfig {
        try await storage.update(RemoteConfigPatch(json: json))
    }
}

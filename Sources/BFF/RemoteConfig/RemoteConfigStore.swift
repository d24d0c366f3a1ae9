import Foundation
import Synchronization

/// The remote config the dashboard's remote toggles read, wherever the BFF keeps it.
///
/// Read from storage on every access, so a change made through another BFF process (or with
/// `moments bff config set`) shows in a running server on its next read. Observers hear of every
/// change: at once for one made through this store (`PUT /remote-config`), and, while
/// `watchStorage` runs, soon after one made elsewhere.
public final class RemoteConfigStore: Sendable {
    private let storage: any RemoteConfigStorage
    private let observers = Mutex<[@Sendable () -> Void]>([])

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
        let config = try await storage.update(RemoteConfigPatch(json: json))
        notifyObservers()
        return config
    }

    /// Calls `changed` after every change from now on.
    public func observe(_ changed: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(changed) }
    }

    /// Tells the observers of changes made elsewhere (`moments bff config set`, another BFF
    /// process on the same database) by looking at the storage's revision every `interval`, until
    /// the task is cancelled. A storage that cannot be read keeps the revision last seen.
    public func watchStorage(every interval: Duration = .milliseconds(500)) -> Task<Void, Never> {
        Task { [self] in
            var seen = try? await storage.revision()
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let now = try? await storage.revision() else { continue }
                if now != seen {
                    seen = now
                    notifyObservers()
                }
            }
        }
    }

    private func notifyObservers() {
        observers.withLock { $0 }.forEach { $0() }
    }
}

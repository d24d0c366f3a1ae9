import Foundation
import Locking

/// The remote config the dashboard's remote toggles read, wherever the BFF keeps it.
///
/// Read from storage on every access, so a change made through another BFF process (or with
/// `moments bff config set`) shows in a running server on its next read. Observers and waiters
/// (`current(changedFrom:within:)`) hear of every change: at once for one made through this store
/// (`PUT /remote-config`), and, while `watchStorage` runs, soon after one made elsewhere.
public final class RemoteConfigStore: Sendable {
    private let storage: any RemoteConfigStorage
    private let observers = Locked<[@Sendable () -> Void]>([])
    /// The requests waiting for a change, each woken through its stream; nil once `endWaiting`
    /// was called.
    private let waiters = Locked<[UUID: AsyncStream<Void>.Continuation]?>([:])

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

    /// The config once it is no longer `known`, or as it is when `limit` has passed first (or the
    /// calling task was cancelled, or `endWaiting` called): what a client waiting for a change is
    /// answered.
    public func current(changedFrom known: RemoteConfig, within limit: Duration) async throws(RemoteConfigError)
        -> RemoteConfig {
        let (wakeUps, wakeUp) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        // Listening before reading: a change between the read and the wait still wakes it.
        let listening = waiters.withLock { waiters in
            waiters?[id] = wakeUp
            return waiters != nil
        }
        guard listening else { return try await current() }
        let timer = Task {
            try? await Task.sleep(for: limit)
            wakeUp.finish()
        }
        defer {
            timer.cancel()
            waiters.withLock { $0?[id] = nil }
        }
        var wakeUpsLeft = wakeUps.makeAsyncIterator()
        while true {
            let config = try await current()
            guard config == known, await wakeUpsLeft.next() != nil else { return config }
        }
    }

    /// The requests waiting for a change now.
    var waitingCount: Int { waiters.withLock { $0?.count ?? 0 } }

    /// Answers every waiting request now, and every later one at once: a stopping server waits for
    /// the requests it has, and a wait would hold it up for its whole length.
    public func endWaiting() {
        let waiting = waiters.withLock { waiters in
            defer { waiters = nil }
            return waiters ?? [:]
        }
        waiting.values.forEach { $0.finish() }
    }

    /// Tells the observers and waiters of changes made elsewhere (`moments bff config set`,
    /// another BFF process on the same database) by looking at the storage's revision every
    /// `interval`, until the calling task is cancelled. A storage that cannot be read keeps the
    /// revision last seen.
    public func watchStorage(every interval: Duration = .milliseconds(500)) async {
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

    private func notifyObservers() {
        observers.withLock { $0 }.forEach { $0() }
        (waiters.withLock { $0 } ?? [:]).values.forEach { $0.yield() }
    }
}

import Foundation
import Synchronization

/// The remote config kept as a JSON file in the data folder.
///
/// Read from the file on every access, so a change made with `moments bff config set` shows in a
/// running server; written whole and atomically, so a reader never sees half a file. Observers
/// hear of every change: at once for one made in this process (`PUT /remote-config`), and
/// within `watchFile`'s interval for one another process wrote.
public final class RemoteConfigStore: Sendable {
    /// Where the config lives.
    public let fileURL: URL
    /// Serializes read-modify-write in this process, so two changes never undo each other.
    private let updates = Mutex(())
    private let observers = Mutex<[@Sendable () -> Void]>([])

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The file's values over the defaults; the defaults when there is no file yet.
    public func current() throws(RemoteConfigError) -> RemoteConfig {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch CocoaError.fileReadNoSuchFile {
            return .defaults
        } catch {
            throw .unreadableFile(path: fileURL.path, reason: error.localizedDescription)
        }
        do {
            return try RemoteConfigPatch(json: data).applied(to: .defaults)
        } catch {
            throw .unreadableFile(path: fileURL.path, reason: error.description)
        }
    }

    /// Applies `json`, an object with some of the config's keys, and answers the new config.
    /// Unknown keys and wrong values refuse the whole change and leave the file as it was.
    @discardableResult
    public func update(json: Data) throws(RemoteConfigError) -> RemoteConfig {
        let patch = try RemoteConfigPatch(json: json)
        let config = try updates.withLock { _ throws(RemoteConfigError) in
            let config = patch.applied(to: try current())
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try encoder.encode(config).write(to: fileURL, options: .atomic)
            } catch {
                throw .unwritableFile(path: fileURL.path, reason: error.localizedDescription)
            }
            return config
        }
        observers.withLock { $0 }.forEach { $0() }
        return config
    }

    /// Calls `changed` after every change from now on.
    public func observe(_ changed: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(changed) }
    }

    /// Looks at the file's modification date every `interval` and tells the observers when it
    /// moved (`moments bff config set` in another process), until the task is cancelled.
    public func watchFile(every interval: Duration = .milliseconds(500)) -> Task<Void, Never> {
        Task { [self] in
            var seen = modificationDate()
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let now = modificationDate()
                if now != seen {
                    seen = now
                    observers.withLock { $0 }.forEach { $0() }
                }
            }
        }
    }

    private func modificationDate() -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: fileURL.path))?[.modificationDate] as? Date
    }
}

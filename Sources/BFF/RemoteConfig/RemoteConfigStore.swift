import Foundation
import Synchronization

/// The remote config kept as a JSON file in the data folder.
///
/// Read from the file on every access, so a change made with `moments bff config set` shows in a
/// running server; written whole and atomically, so a reader never sees half a file.
public final class RemoteConfigStore: Sendable {
    /// Where the config lives.
    public let fileURL: URL
    /// Serializes read-modify-write in this process, so two changes never undo each other.
    private let updates = Mutex(())

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
        return try updates.withLock { _ throws(RemoteConfigError) in
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
    }
}

import Foundation
import Locking

/// The remote config kept as a JSON file in the data folder.
///
/// Read from the file on every access, so a change made with `moments bff config set` shows in a
/// running server; written whole and atomically, so a reader never sees half a file.
final class RemoteConfigFile: RemoteConfigStorage {
    /// Where the config lives.
    let fileURL: URL
    /// Serializes read-modify-write in this process, so two changes never undo each other.
    private let updates = Locked(())

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    func load() throws(RemoteConfigError) -> RemoteConfig {
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

    func update(_ patch: RemoteConfigPatch) throws(RemoteConfigError) -> RemoteConfig {
        try updates.withLock { _ throws(RemoteConfigError) in
            let config = patch.applied(to: try load())
            do {
                try config.storedJSON().write(to: fileURL, options: .atomic)
            } catch {
                throw .unwritableFile(path: fileURL.path, reason: error.localizedDescription)
            }
            return config
        }
    }

    /// The file's modification date: `moments bff config set` in another process writes the
    /// file without telling this one.
    func revision() -> String {
        let date = (try? FileManager.default.attributesOfItem(atPath: fileURL.path))?[.modificationDate] as? Date
        return date.map { "\($0.timeIntervalSince1970)" } ?? ""
    }
}

extension RemoteConfig {
    /// The config as it is stored, in a file or a database row: pretty, keys sorted.
    func storedJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}

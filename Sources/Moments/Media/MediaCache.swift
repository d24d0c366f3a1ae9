import Bytes
import Foundation
import Locking

/// Pictures fetched for `/media`, kept on disk in the data dir (`media/`) so a saved timeline
/// shows its pictures when the BFF and its image host are both down.
///
/// One body file per URL, named by a hash of the URL, beside a small JSON file with the URL and
/// the content type. The folder is bounded (`maxBytes`): past it, the pictures used longest ago
/// are deleted. Pictures served recently are also held in memory as a `Picture` (bounded by
/// `memoryBytes`), so a hit costs what a static file costs: no disk read, no copy, no hashing.
public final class MediaCache: Sendable {
    /// What the JSON file beside a picture says.
    private struct Metadata: Codable {
        let url: String
        let contentType: String
        let size: Int
    }

    private struct Entry {
        let metadata: Metadata
        /// When it was last written or served (a counter), for evicting the oldest.
        var lastUsed: UInt64
        /// The picture, while held in memory.
        var picture: Picture?
        /// When its file's modification time was last moved forward, so the order of use
        /// survives a restart without a write per hit.
        var touchedAt: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
        var diskBytes = 0
        var memoryBytes = 0
    }

    public static let defaultMaxBytes = 64 * 1024 * 1024

    private let directory: URL
    private let maxBytes: Int
    private let memoryBytes: Int
    private let state = Locked(State())

    /// Opens (creating if needed) `media/` in `dataDirectory` and reads what it holds.
    public init(dataDirectory: URL, maxBytes: Int = MediaCache.defaultMaxBytes, memoryBytes: Int = 16 * 1024 * 1024) throws {
        directory = dataDirectory.appendingPathComponent("media", isDirectory: true)
        self.maxBytes = maxBytes
        self.memoryBytes = memoryBytes
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let initial = loadIndex()
        state.withLock { $0 = initial }
    }

    /// The cached picture of `url`, from memory or disk, without any network call.
    public func picture(for url: String) -> Picture? {
        let key = Self.key(for: url)
        let found = state.withLock { state -> (entry: Entry, needsTouch: Bool)? in
            guard var entry = state.entries[key], entry.metadata.url == url else { return nil }
            state.clock += 1
            entry.lastUsed = state.clock
            let needsTouch = entry.touchedAt.timeIntervalSinceNow < -60
            if needsTouch { entry.touchedAt = Date() }
            state.entries[key] = entry
            return (entry, needsTouch)
        }
        guard let found else { return nil }
        if found.needsTouch {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: bodyURL(key).path)
        }
        if let picture = found.entry.picture { return picture }
        guard let data = try? Data(contentsOf: bodyURL(key)), data.count == found.entry.metadata.size else {
            remove(key)
            return nil
        }
        let picture = Picture(FetchedPicture(contentType: found.entry.metadata.contentType, data: data))
        hold(picture, key: key)
        return picture
    }

    /// Keeps `fetched` for `url` on disk (replacing what was there) and returns it ready to answer;
    /// evicts the pictures used longest ago while the folder is over its bound. A picture bigger
    /// than the bound is returned but not kept.
    @discardableResult
    public func store(_ fetched: FetchedPicture, for url: String) -> Picture {
        let picture = Picture(fetched)
        guard fetched.data.count <= maxBytes else { return picture }
        let key = Self.key(for: url)
        let metadata = Metadata(url: url, contentType: fetched.contentType, size: fetched.data.count)
        do {
            try fetched.data.write(to: bodyURL(key), options: .atomic)
            try JSONEncoder().encode(metadata).write(to: metadataURL(key), options: .atomic)
        } catch {
            // A full or read-only disk costs the offline copy; the picture is still answered.
            remove(key)
            return picture
        }
        let evicted = state.withLock { state -> [String] in
            if let old = state.entries.removeValue(forKey: key) { Self.forget(old, in: &state) }
            state.clock += 1
            state.entries[key] = Entry(metadata: metadata, lastUsed: state.clock, picture: nil, touchedAt: Date())
            state.diskBytes += metadata.size
            var evicted: [String] = []
            for (oldKey, entry) in state.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed })
            where state.diskBytes > maxBytes && oldKey != key {
                state.entries.removeValue(forKey: oldKey)
                Self.forget(entry, in: &state)
                evicted.append(oldKey)
            }
            return evicted
        }
        for key in evicted { deleteFiles(key) }
        hold(picture, key: key)
        return picture
    }

    /// Whether `url`'s picture is on disk.
    public func contains(_ url: String) -> Bool {
        state.withLock { $0.entries[Self.key(for: url)]?.metadata.url == url }
    }

    /// Bytes of pictures on disk.
    public var diskBytes: Int { state.withLock { $0.diskBytes } }

    /// Holds `picture` in memory, dropping the pictures used longest ago past the memory bound.
    private func hold(_ picture: Picture, key: String) {
        state.withLock { state in
            guard state.entries[key] != nil, state.entries[key]?.picture == nil else { return }
            state.entries[key]?.picture = picture
            state.memoryBytes += picture.bytes.count
            guard state.memoryBytes > memoryBytes else { return }
            for (oldKey, entry) in state.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed })
            where state.memoryBytes > memoryBytes && oldKey != key && entry.picture != nil {
                state.entries[oldKey]?.picture = nil
                state.memoryBytes -= entry.picture?.bytes.count ?? 0
            }
        }
    }

    private func remove(_ key: String) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: key) { Self.forget(entry, in: &state) }
        }
        deleteFiles(key)
    }

    private static func forget(_ entry: Entry, in state: inout State) {
        state.diskBytes -= entry.metadata.size
        state.memoryBytes -= entry.picture?.bytes.count ?? 0
    }

    private func deleteFiles(_ key: String) {
        try? FileManager.default.removeItem(at: bodyURL(key))
        try? FileManager.default.removeItem(at: metadataURL(key))
    }

    /// What the folder holds, oldest first; a body without its metadata (a crash between the
    /// two writes) or of the wrong size is deleted.
    private func loadIndex() -> State {
        var state = State()
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        var found: [(key: String, metadata: Metadata, modified: Date)] = []
        for file in files where file.pathExtension == "json" {
            let key = file.deletingPathExtension().lastPathComponent
            let body = bodyURL(key)
            guard let data = try? Data(contentsOf: file),
                  let metadata = try? JSONDecoder().decode(Metadata.self, from: data),
                  Self.key(for: metadata.url) == key,
                  let attributes = try? FileManager.default.attributesOfItem(atPath: body.path),
                  (attributes[.size] as? NSNumber)?.intValue == metadata.size
            else {
                deleteFiles(key)
                continue
            }
            found.append((key, metadata, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        let kept = Set(found.map(\.key))
        for file in files where file.pathExtension == "img" && !kept.contains(file.deletingPathExtension().lastPathComponent) {
            try? FileManager.default.removeItem(at: file)
        }
        for item in found.sorted(by: { $0.modified < $1.modified }) {
            state.clock += 1
            state.entries[item.key] = Entry(metadata: item.metadata, lastUsed: state.clock, picture: nil, touchedAt: item.modified)
            state.diskBytes += item.metadata.size
        }
        return state
    }

    private func bodyURL(_ key: String) -> URL { directory.appendingPathComponent("\(key).img") }
    private func metadataURL(_ key: String) -> URL { directory.appendingPathComponent("\(key).json") }

    /// A stable file name for `url`: FNV-1a (64 bits) of its bytes and their count. Two URLs that
    /// share a name are told apart by the URL kept in the metadata.
    static func key(for url: String) -> String {
        let hex = String(FNV1a.hash(url.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(url.utf8.count, radix: 16)
    }
}

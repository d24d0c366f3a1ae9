import Foundation
import Synchronization

/// Serves files under one folder, with `ETag`/`If-None-Match` and `Cache-Control`.
///
/// No request leaves the folder: `..` segments are refused before the file system is asked, and
/// the resolved real path (symlinks followed) must still lie inside the folder. Contents are
/// kept in memory and re-read only when a file's size or modification time changes.
public final class StaticFiles: Sendable {
    private struct CachedFile {
        let size: Int
        let modified: Date
        let response: FixedResponse
    }

    private let root: String
    private let cacheControl: String
    private let cache = Mutex<[String: CachedFile]>([:])

    /// - Parameter cacheControl: sent with every file; `no-cache` makes browsers revalidate
    ///   with the ETag, so an edited stylesheet shows at once and an unchanged one costs a 304.
    public init(root: String, cacheControl: String = "no-cache") {
        self.root = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        self.cacheControl = cacheControl
    }

    /// The router fallback that serves these files.
    public var handler: Handler {
        { [self] request in try self.respond(to: request) }
    }

    func respond(to request: Request) throws -> Response {
        guard let path = resolve(request.path), let file = try load(path) else {
            throw HTTPError(.notFound, message: "There is nothing at \(request.path).")
        }
        return file.response.respond(to: request)
    }

    /// The real path of the file `requestPath` names, or `nil` when it would leave the root.
    private func resolve(_ requestPath: String) -> String? {
        let segments = requestPath.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty,
              !segments.contains(where: { $0 == ".." || $0 == "." || $0.contains("\\") || $0.contains("\0") })
        else { return nil }
        let joined = root + "/" + segments.joined(separator: "/")
        let real = URL(fileURLWithPath: joined).resolvingSymlinksInPath().path
        guard real.hasPrefix(root + "/") else { return nil }
        return real
    }

    private func load(_ path: String) throws -> CachedFile? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = (attributes[.size] as? NSNumber)?.intValue,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        if let cached = cache.withLock({ $0[path] }), cached.size == size, cached.modified == modified {
            return cached
        }
        let response = FixedResponse(
            data: try Data(contentsOf: URL(fileURLWithPath: path)),
            contentType: MediaType.forExtension((path as NSString).pathExtension),
            cacheControl: cacheControl
        )
        let file = CachedFile(size: size, modified: modified, response: response)
        cache.withLock { $0[path] = file }
        return file
    }
}

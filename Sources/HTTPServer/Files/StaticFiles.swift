import Foundation
import Locking

/// Serves files under one folder, with `ETag`/`If-None-Match` and `Cache-Control`.
///
/// No request leaves the folder: `..` segments are refused before the file system is asked, and
/// the resolved real path (symlinks followed) must still lie inside the folder. A file is read
/// and resolved once; after that a request costs one `stat` of its real path, and a change of
/// size or modification time (an edit, or the file replaced by a link) has it resolved and read
/// again.
public final class StaticFiles: Sendable {
    private struct CachedFile {
        let realPath: String
        let version: FileVersion
        let response: FixedResponse
    }

    /// What tells that a file changed.
    private struct FileVersion: Equatable {
        let size: Int
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int

        /// The version of the regular file at `path` (links followed); `nil` for anything else.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            size = Int(info.st_size)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    private let root: String
    private let cacheControl: String
    /// By path under the root (`relativePath`).
    private let cache = Locked<[String: CachedFile]>([:])

    /// - Parameter cacheControl: sent with every file; `no-cache` makes browsers revalidate
    ///   with the ETag, so an edited stylesheet shows within a second and an unchanged one costs a 304.
    public init(root: String, cacheControl: String = "no-cache") {
        self.root = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        self.cacheControl = cacheControl
    }

    /// The router fallback that serves these files.
    public var handler: Handler {
        { [self] request in try self.respond(to: request) }
    }

    func respond(to request: Request) throws -> Response {
        guard let file = try file(at: request.path) else {
            throw HTTPError(.notFound, message: "There is nothing at \(request.path).")
        }
        var response = file.response.respond(to: request)
        // Kept for a second at most (`ReadyAnswers`): the file is looked at again after that.
        response.reuse = Reuse(validity: AnswerValidity([]).until(.now + .seconds(1)))
        return response
    }

    /// The file `requestPath` names, from the cache while its real path is unchanged.
    private func file(at requestPath: String) throws -> CachedFile? {
        guard let relativePath = Self.relativePath(requestPath) else { return nil }
        if let cached = cache.withLock({ $0[relativePath] }), FileVersion(path: cached.realPath) == cached.version {
            return cached
        }
        guard let realPath = resolve(relativePath), let version = FileVersion(path: realPath) else {
            cache.withLock { _ = $0.removeValue(forKey: relativePath) }
            return nil
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: realPath))
        let contentType = MediaType.forExtension((realPath as NSString).pathExtension)
        let response = MediaType.isText(contentType)
            ? FixedResponse.text(data, contentType: contentType, cacheControl: cacheControl)
            : FixedResponse(data: data, contentType: contentType, cacheControl: cacheControl)
        let file = CachedFile(realPath: realPath, version: version, response: response)
        cache.withLock { $0[relativePath] = file }
        return file
    }

    /// `css/app.css` for `/css//app.css`; `nil` for a path with `..`, `.`, a backslash or NUL,
    /// refused before the file system is asked. Also the cache's key, so spellings of one file
    /// share an entry.
    private static func relativePath(_ requestPath: String) -> String? {
        let segments = RoutePattern.segments(of: requestPath)
        guard !segments.isEmpty,
              !segments.contains(where: { $0 == ".." || $0 == "." || $0.utf8.contains { $0 == UInt8(ascii: "\\") || $0 == 0 } })
        else { return nil }
        return segments.joined(separator: "/")
    }

    /// The real path of `relativePath` under the root, or `nil` when it would leave the root.
    private func resolve(_ relativePath: String) -> String? {
        let real = URL(fileURLWithPath: root + "/" + relativePath).resolvingSymlinksInPath().path
        return real.hasPrefix(root + "/") ? real : nil
    }
}

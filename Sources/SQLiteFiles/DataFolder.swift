import Foundation

/// The folder the app keeps its SQLite files in.
public enum DataFolder {
    /// Creates `url` with its parents if needed and checks that this process can create files in
    /// it, so a folder that cannot hold the databases is reported as such and not as a failing
    /// database.
    public static func prepare(_ url: URL) throws(DataFolderError) {
        let path = url.standardizedFileURL.path
        if let code = makeFolders(path) {
            throw DataFolderError(path: path, cause: StorageCause(errno: code))
        }
        if let cause = writeProblem(in: path) {
            throw DataFolderError(path: path, cause: cause)
        }
    }

    /// Why a file cannot be created in the folder at `path`, or nil when one can.
    ///
    /// It creates and removes a file of its own: `access(2)` says yes to root even where root
    /// cannot write (sysfs, some container mounts).
    public static func writeProblem(in path: String) -> StorageCause? {
        let probe = path + "/.moments-write-check-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            // A file of that name left by an earlier run with this pid proves the folder writable.
            return code == EEXIST ? nil : StorageCause(errno: code)
        }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// `mkdir -p`: the errno of the first folder that could not be made, or nil.
    private static func makeFolders(_ path: String) -> Int32? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            return isFolder.boolValue ? nil : ENOTDIR
        }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, let code = makeFolders(parent) {
            return code
        }
        // Another process may have made it meanwhile; that is as good.
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { return errno }
        return nil
    }
}

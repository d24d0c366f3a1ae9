import Foundation
import SQLiteFiles

/// Where the SQLite files live unless `--data-dir` says otherwise:
/// `$XDG_DATA_HOME/moments`, else `~/.local/share/moments`. A folder that cannot be made or
/// written stops the start with a `DataFolderError`.
enum DataDirectory {
    static func resolve(_ flag: String?) throws -> URL {
        let url: URL
        if let flag {
            url = URL(fileURLWithPath: flag)
        } else if let xdg = ProcessInfo.processInfo.environment["XDG_DATA_HOME"], !xdg.isEmpty {
            url = URL(fileURLWithPath: xdg).appendingPathComponent("moments")
        } else {
            // $HOME first, as shells and XDG do; the password database only when it is unset.
            let home = ProcessInfo.processInfo.environment["HOME"].map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            url = home.appendingPathComponent(".local/share/moments")
        }
        try DataFolder.prepare(url)
        return url
    }
}

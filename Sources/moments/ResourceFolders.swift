import ArgumentParser
import Foundation

/// Where `Public/` and `templates/` are when `--public-dir` and `--templates-dir` do not say:
/// beside the installed binary (`<prefix>/bin/moments` reads `<prefix>/share/moments/`), else
/// the checkout it was built in (the nearest folder above the binary that holds both), whatever
/// the current folder. Both come from the same place; a flag wins for its own folder.
struct ResourceFolders {
    let publicDirectory: String
    let templatesDirectory: String

    static func resolve(publicDir: String?, templatesDir: String?) throws -> ResourceFolders {
        for (flag, path) in [("--public-dir", publicDir), ("--templates-dir", templatesDir)] {
            if let path, !FileManager.default.fileExists(atPath: path) {
                throw ValidationError("\(flag) \(path) does not exist.")
            }
        }
        if let publicDir, let templatesDir {
            return ResourceFolders(publicDirectory: publicDir, templatesDirectory: templatesDir)
        }
        let places = candidates()
        guard let root = places.first(where: holdsBoth) else {
            throw ValidationError("""
                Public/ and templates/ were not found beside the binary or in a checkout above it; searched \
                \(places.joined(separator: ", ")). Pass --public-dir and --templates-dir.
                """)
        }
        return ResourceFolders(publicDirectory: publicDir ?? root + "/Public", templatesDirectory: templatesDir ?? root + "/templates")
    }

    /// `<bin>/../share/moments`, then every folder from the running binary's (links resolved) up to `/`.
    private static func candidates() -> [String] {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var folders = [(executable as NSString).deletingLastPathComponent]
        while let last = folders.last, last != "/" {
            folders.append((last as NSString).deletingLastPathComponent)
        }
        return [(folders[0] as NSString).deletingLastPathComponent + "/share/moments"] + folders
    }

    private static func holdsBoth(_ folder: String) -> Bool {
        ["Public", "templates"].allSatisfy { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}

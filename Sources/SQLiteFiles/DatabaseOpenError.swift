import Foundation

/// A database file that stopped the start: which file, why, and what the user can do. The file
/// is left as it was found.
public struct DatabaseOpenError: Error, CustomStringConvertible {
    /// The SQLite file that could not be opened.
    public let path: String
    /// Why it could not.
    public let cause: StorageCause
    /// Which of the app's databases it is.
    public let kind: DatabaseKind

    /// A failure to open `path`, a database of `kind`, because of `cause`.
    public init(path: String, cause: StorageCause, kind: DatabaseKind) {
        self.path = path
        self.cause = cause
        self.kind = kind
    }

    /// One line: the file, the cause, the remedy.
    public var description: String {
        "Cannot open \(kind.name) \(path): \(cause.plainWords). \(remedy)"
    }

    /// What to do, for this cause.
    public var remedy: String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let moveAway = "move it away (for example to \(path).broken) and start again; \(kind.afterMovingAway)."
        switch cause {
        case .notADatabase, .corrupt, .isAFolder, .sqlite, .unexpected:
            return "To start afresh, " + moveAway
        case .newerSchema:
            return "Run the newer moments, or " + moveAway
        case .noPermission, .readOnly, .cannotOpen, .notAFolder, .system:
            return "Let this user write \(folder) and the file, or choose another folder with --data-dir."
        case .diskFull:
            return "Free some space on the disk that holds \(folder) and start again."
        }
    }
}

import Foundation
import GRDB

/// Why a data file or folder could not be used, classified from SQLite result codes and errno
/// values, never from an error's message text.
public enum StorageCause: Sendable, Equatable {
    /// SQLITE_NOTADB: the file's header is not SQLite's.
    case notADatabase
    /// SQLITE_CORRUPT: an SQLite file whose pages do not hold together.
    case corrupt
    /// The file lists applied migrations this binary does not know.
    case newerSchema(unknownMigrations: [String])
    /// SQLITE_PERM, EACCES, EPERM.
    case noPermission
    /// SQLITE_READONLY, EROFS.
    case readOnly
    /// SQLITE_FULL, ENOSPC, EDQUOT.
    case diskFull
    /// The path names a folder where a file belongs.
    case isAFolder
    /// The path (or one of its parents) names a file where a folder belongs: ENOTDIR, EEXIST.
    case notAFolder
    /// SQLITE_CANTOPEN when the folder itself is fine.
    case cannotOpen
    /// Any other errno, kept with the system's words for it.
    case system(errno: Int32)
    /// Any other SQLite failure, with its extended result code and SQLite's words.
    case sqlite(code: Int32, message: String?)
    /// An error from neither SQLite nor the system, with its own description.
    case unexpected(String)

    /// The cause of an error thrown while opening, migrating or first writing a database.
    public init(classifying error: any Error) {
        switch error {
        case let error as DatabaseError:
            self.init(sqliteError: error)
        case let error as POSIXError:
            self.init(errno: error.code.rawValue)
        default:
            self = .unexpected(String(describing: error))
        }
    }

    /// The cause SQLite's primary result code stands for.
    init(sqliteError error: DatabaseError) {
        switch error.resultCode {
        case .SQLITE_NOTADB: self = .notADatabase
        case .SQLITE_CORRUPT: self = .corrupt
        case .SQLITE_FULL: self = .diskFull
        case .SQLITE_PERM, .SQLITE_AUTH: self = .noPermission
        case .SQLITE_READONLY: self = .readOnly
        case .SQLITE_CANTOPEN: self = .cannotOpen
        default: self = .sqlite(code: error.extendedResultCode.rawValue, message: error.message)
        }
    }

    /// The cause an errno value from creating a folder or a file stands for.
    public init(errno code: Int32) {
        switch code {
        case EACCES, EPERM: self = .noPermission
        case EROFS: self = .readOnly
        case ENOSPC, EDQUOT: self = .diskFull
        case ENOTDIR, EEXIST: self = .notAFolder
        case EISDIR: self = .isAFolder
        default: self = .system(errno: code)
        }
    }

    /// The cause in plain words, to follow "it" (the file or the folder).
    var plainWords: String {
        switch self {
        case .notADatabase: "it is not an SQLite database"
        case .corrupt: "it is damaged (SQLite found its pages corrupt)"
        case .newerSchema(let migrations):
            "it was written by a newer version of moments (its schema has "
                + migrations.map { "\"\($0)\"" }.joined(separator: ", ") + ", which this binary does not know)"
        case .noPermission: "this user may not write it or its folder"
        case .readOnly: "it or its folder is read-only (a read-only file or file system)"
        case .diskFull: "the disk is full"
        case .isAFolder: "it is a folder, not a file"
        case .notAFolder: "it, or a folder above it, is a file, not a folder"
        case .cannotOpen: "SQLite cannot open or create it there"
        case .system(let code): "the system said: \(String(cString: strerror(code)))"
        case .sqlite(let code, let message): "SQLite failed with code \(code)" + (message.map { " (\($0))" } ?? "")
        case .unexpected(let description): description
        }
    }
}

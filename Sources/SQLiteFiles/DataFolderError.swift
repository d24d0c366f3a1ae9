/// A data folder that stopped the start: which folder, why, and what the user can do.
public struct DataFolderError: Error, CustomStringConvertible {
    /// The folder that could not be created or written.
    public let path: String
    /// Why it could not.
    public let cause: StorageCause

    /// A failure to use the folder `path` because of `cause`.
    public init(path: String, cause: StorageCause) {
        self.path = path
        self.cause = cause
    }

    /// One line: the folder, the cause, the remedy.
    public var description: String {
        "Cannot keep data in the folder \(path): \(causeInPlainWords). \(remedy)"
    }

    /// The words of `cause` that would read oddly about a folder, said of one.
    private var causeInPlainWords: String {
        switch cause {
        case .noPermission: "this user may not create files in it"
        case .readOnly: "it is on a read-only file system"
        default: cause.plainWords
        }
    }

    /// What to do, for this cause.
    public var remedy: String {
        switch cause {
        case .diskFull: "Free some space on its disk, or choose another folder with --data-dir."
        case .notAFolder: "Move that file away, or choose another folder with --data-dir."
        default: "Let this user create files in it, or choose another folder with --data-dir."
        }
    }
}

import Foundation
import GRDB
import SQLiteFiles
import Testing

/// Causes come from SQLite result codes and errno values, and each message says what to do.
@Suite struct StorageCauseTests {
    static let kind = DatabaseKind(name: "the test database", afterMovingAway: "a new one is made")

    @Test(arguments: [
        (ResultCode.SQLITE_NOTADB, StorageCause.notADatabase),
        (.SQLITE_CORRUPT, .corrupt),
        (.SQLITE_FULL, .diskFull),
        (.SQLITE_PERM, .noPermission),
        (.SQLITE_READONLY, .readOnly),
        (.SQLITE_READONLY_DIRECTORY, .readOnly),
        (.SQLITE_CANTOPEN, .cannotOpen),
    ])
    func sqliteResultCode_givesItsCause(code: ResultCode, cause: StorageCause) {
        // The message is one that would mislead a text search: only the code may decide.
        #expect(StorageCause(classifying: DatabaseError(resultCode: code, message: "disk I/O error")) == cause)
    }

    @Test(arguments: [
        (EACCES, StorageCause.noPermission), (EPERM, .noPermission), (EROFS, .readOnly),
        (ENOSPC, .diskFull), (ENOTDIR, .notAFolder), (EISDIR, .isAFolder), (EIO, .system(errno: EIO)),
    ])
    func errno_givesItsCause(code: Int32, cause: StorageCause) {
        #expect(StorageCause(errno: code) == cause)
    }

    @Test func diskFull_namesTheFileAndSaysToFreeSpace() {
        let message = DatabaseOpenError(path: "/data/test.sqlite", cause: .diskFull, kind: Self.kind).description
        #expect(message == "Cannot open the test database /data/test.sqlite: the disk is full. "
            + "Free some space on the disk that holds /data and start again.")
    }

    @Test func notADatabase_saysToMoveItAway_andWhatThatCosts() {
        let message = DatabaseOpenError(path: "/data/test.sqlite", cause: .notADatabase, kind: Self.kind).description
        #expect(message == "Cannot open the test database /data/test.sqlite: it is not an SQLite database. "
            + "To start afresh, move it away (for example to /data/test.sqlite.broken) and start again; a new one is made.")
    }

    @Test func readOnlyFolder_saysToMakeItWritableOrChooseAnother() {
        let message = DataFolderError(path: "/data", cause: .readOnly).description
        #expect(message == "Cannot keep data in the folder /data: it is on a read-only file system. "
            + "Let this user create files in it, or choose another folder with --data-dir.")
    }
}

import Foundation
import SQLiteFiles
import Testing

/// `DataFolder.prepare` makes missing folders and refuses, with the cause, a folder that cannot
/// hold the databases.
@Suite struct DataFolderTests {
    @Test func missingFolders_areMade() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("datafolder-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("a/b")
        try DataFolder.prepare(folder)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the write check left a file")
    }

    @Test func fileInTheFoldersPlace_isNotAFolder_andKeepsItsBytes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("datafolder-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("notes".utf8).write(to: file)

        let error = #expect(throws: DataFolderError.self) { try DataFolder.prepare(file.appendingPathComponent("moments")) }
        #expect(error?.cause == .notAFolder)
        #expect(try Data(contentsOf: file) == Data("notes".utf8))
    }

    /// sysfs refuses new files even to root, which permission bits would not.
    @Test func folderNoOneCanWriteIn_hasNoPermission() {
        let error = #expect(throws: DataFolderError.self) { try DataFolder.prepare(URL(fileURLWithPath: "/sys")) }
        #expect(error?.cause == .noPermission)
        #expect(error?.path == "/sys")
    }
}

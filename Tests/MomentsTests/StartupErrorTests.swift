import BFF
import Foundation
import Foundations
import GRDB
import TestSupport
import Testing

/// `moments serve` and `moments bff` refusing to start on a data folder or a database they
/// cannot use: a non-zero exit, one message that names the path, the cause and the remedy, and
/// the user's file as it was.
@Suite struct StartupErrorTests {
    /// Both commands that open the data folder: they share the code that opens it today, and a
    /// test of one alone would not notice the other's start drifting from it.
    static let commands: [[String]] = [["serve"], ["bff"]]
    static let garbage = Data(String(repeating: "my notes, not a database\n", count: 40).utf8)

    @Test(arguments: commands)
    func garbageBFFDatabase_stopsTheStart_namingTheFileAndRemedy_andKeepsItsBytes(command: [String]) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = EmbeddedBFF.databaseURL(in: folder)
        try Self.garbage.write(to: file)

        let (status, output) = try await run(command + ["--data-dir", folder.path])

        #expect(status != 0)
        #expect(output.contains("\(file.path): it is not an SQLite database"))
        #expect(output.contains("move it away (for example to \(file.path).broken) and start again; a new one with demo data is made"))
        #expect(try Data(contentsOf: file) == Self.garbage)
    }

    @Test func garbageDashboardDatabase_stopsTheStart_namingTheFileAndRemedy_andKeepsItsBytes() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("dashboard.sqlite")
        try Self.garbage.write(to: file)

        let (status, output) = try await run(["serve", "--data-dir", folder.path])

        #expect(status != 0)
        #expect(output.contains("the dashboard's database \(file.path): it is not an SQLite database"))
        #expect(output.contains("move it away (for example to \(file.path).broken) and start again; toggles go back to their defaults"))
        #expect(!output.contains("PRAGMA"), "SQLite's raw message leaked: \(output)")
        #expect(try Data(contentsOf: file) == Self.garbage)
    }

    /// Both databases, written by a "newer" binary: one applied migration this one does not know.
    @Test(arguments: ["bff.sqlite", "dashboard.sqlite"])
    func newerSchema_stopsTheStart_namingTheMigration_andKeepsTheFilesBytes(fileName: String) async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try EmbeddedBFF(dataDirectory: folder)
        _ = try AppDatabase(directory: folder)
        let file = folder.appendingPathComponent(fileName)
        try await DatabaseQueue(path: file.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from a newer moments')")
        }
        let bytes = try Data(contentsOf: file)

        let (status, output) = try await run(["serve", "--data-dir", folder.path])

        #expect(status != 0)
        #expect(output.contains("\(file.path): it was written by a newer version of moments"))
        #expect(output.contains("\"v99: from a newer moments\""))
        #expect(output.contains("Run the newer moments, or move it away"))
        #expect(try Data(contentsOf: file) == bytes)
    }

    /// Tests run as root, whom permission bits do not stop; sysfs refuses new files even to root.
    @Test(arguments: commands)
    func dataFolderNoOneCanWrite_stopsTheStart_namingTheFolderAndRemedy(command: [String]) async throws {
        let (status, output) = try await run(command + ["--data-dir", "/sys"])

        #expect(status != 0)
        #expect(output.contains("the folder /sys: this user may not create files in it"))
        #expect(output.contains("choose another folder with --data-dir"))
        #expect(!FileManager.default.fileExists(atPath: "/sys/bff.sqlite"))
    }

    @Test(arguments: commands)
    func dataFolderThatIsAFile_stopsTheStart_andKeepsTheFilesBytes(command: [String]) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("moments-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.garbage.write(to: file)

        let (status, output) = try await run(command + ["--data-dir", file.path])

        #expect(status != 0)
        #expect(output.contains("the folder \(file.path): it, or a folder above it, is a file, not a folder"))
        #expect(output.contains("Move that file away, or choose another folder with --data-dir"))
        #expect(try Data(contentsOf: file) == Self.garbage)
    }

    private func temporaryFolder() throws -> URL {
        let folder = Dashboard.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func malformedBFFHeader_stopsTheStart_namingTheFlag_notTheValue() async throws {
        let (status, output) = try await run(["serve", "--bff-url", "http://127.0.0.1:9/graphql", "--bff-header", "Bearer s3cret-value"])
        #expect(status != 0)
        #expect(output.contains("--bff-header #1: it is not of the form 'Name: value'"), "\(output)")
        #expect(!output.contains("s3cret"))
    }

    /// Runs `moments` with `arguments` on a free port to its end: its exit status, and standard
    /// output and error together. A binary that wrongly starts is stopped after 20 s.
    private func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let process = try ChildProcess(
            executable: ServerProcess.executable.path,
            arguments: arguments + ["--port", "0"] + (arguments.first == "serve" ? [
                "--public-dir", Dashboard.repository.appendingPathComponent("Public").path,
                "--templates-dir", Dashboard.repository.appendingPathComponent("templates").path,
            ] : []),
            standardError: .output)
        // A server that starts would serve forever: stop it so the test fails instead of hanging.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            process.terminate()
        }
        defer { watchdog.cancel() }
        let data = try await onOwnThread {
            let data = process.output.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

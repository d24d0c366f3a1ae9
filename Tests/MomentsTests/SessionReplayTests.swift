import Foundation
import Moments
import Testing
import TestSupport

/// `moments session replay`, run as a person or CI runs it: a session exported from a dashboard
/// on the embedded BFF, replayed by the binary against the same data folder.
@Suite struct SessionReplayTests {
    @Test func aSessionReplayedOnTheSameData_matches_andAfterALike_differsAtTheMomentsIsLiked() async throws {
        try await LikeableTimeline.with { timeline in
            let (dashboard, dataDirectory, unliked) = (timeline.dashboard, timeline.dataDirectory, timeline.unliked)
            let session = try await Self.export(from: dashboard, to: dataDirectory)

            let same = try await Self.replay([session.path, "--data-dir", dataDirectory.path, "--format", "json"])
            #expect(same.status == 0, "\(same.output)\(same.error)")
            let result = try JSONDecoder().decode(QASessionReplay.Result.self, from: Data(same.output.utf8))
            #expect(result.operations.contains { $0.operationName == "getMomentsDetailsByUserID" && $0.outcome == .same }, "\(same.output)")
            #expect(result.ignoredPaths == QASessionReplay.defaultIgnoredPaths)

            #expect(try await dashboard.like(timeline.unlikedMomentID).status == 200)
            let liked = try await Self.replay([session.path, "--data-dir", dataDirectory.path])
            #expect(liked.status == 1, "\(liked.output)\(liked.error)")
            let path = "data.getMomentsDetailsByUserID.moments.\(unliked)"
            #expect(liked.output.split(separator: "\n").contains { $0.hasPrefix("getMomentsDetailsByUserID #") && $0.hasSuffix("changed \(path).isLiked: false → true") },
                    "\(liked.output)")
            #expect(liked.output.contains(" \(path).likes"), "the new like shows in the likes row: \(liked.output)")
            #expect(liked.output.hasPrefix("Replayed against embedded BFF (in process), not comparing data.*.moments.*.createdDate."))

            // The like is in the next session; replayed, it is skipped unless mutations are asked for.
            let withLike = try await Self.export(from: dashboard, to: dataDirectory)
            let skipping = try await Self.replay([withLike.path, "--data-dir", dataDirectory.path])
            #expect(skipping.output.split(separator: "\n").contains { $0.hasPrefix("updateMomentLike #") && $0.hasSuffix(": skipped, a mutation (run with --with-mutations)") },
                    "\(skipping.output)")
        }
    }

    @Test func anIgnoredPath_leavesItsChangeOut_andTheListIsShown() async throws {
        try await LikeableTimeline.with { timeline in
            let (dashboard, dataDirectory, unliked) = (timeline.dashboard, timeline.dataDirectory, timeline.unliked)
            let session = try await Self.export(from: dashboard, to: dataDirectory)
            #expect(try await dashboard.like(timeline.unlikedMomentID).status == 200)

            let ignoring = ["data.*.moments.*.createdDate", "data.*.moments.\(unliked).isLiked", "data.*.moments.\(unliked).likes"]
            let result = try await Self.replay([session.path, "--data-dir", dataDirectory.path] + ignoring.flatMap { ["--ignore", $0] })
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.hasPrefix("Replayed against embedded BFF (in process), not comparing \(ignoring.joined(separator: ", "))."))
        }
    }

    @Test(arguments: [("{\"version\": 1, \"exchanges\"", "it is not JSON"),
                      ("{\"version\": 2, \"exchanges\": {}}", "it is a version 2 session file; this build reads version 1"),
                      ("{\"version\": 1, \"exchanges\": {\"log\": {}}}", "it is not a QA session file (exchanges.log.entries is missing or of another type)")])
    func aFileThatCannotBeRead_exits2_withOneLineSayingWhy_andOpensNoData(text: String, reason: String) async throws {
        let folder = Dashboard.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.json")
        try Data(text.utf8).write(to: file)
        let dataDirectory = folder.appendingPathComponent("data")

        let result = try await Self.replay([file.path, "--data-dir", dataDirectory.path])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error == "moments session replay: \(file.path): \(reason)\n")
        #expect(!FileManager.default.fileExists(atPath: dataDirectory.path), "the BFF is not opened for a bad file")
    }

    @Test func aDataFolderThatCannotBeMade_exits2_notAsADifference() async throws {
        let folder = Dashboard.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.json")
        try Data(#"{"version": 1, "exchanges": {"log": {"entries": []}}}"#.utf8).write(to: file)

        let result = try await Self.replay([file.path, "--data-dir", file.appendingPathComponent("data").path])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("moments session replay: ") && result.error.split(separator: "\n").count == 1, "\(result.error)")
    }

    /// `POST /api/area51/sessions/export` written to a new file in `folder`.
    private static func export(from dashboard: Dashboard, to folder: URL) async throws -> URL {
        let exported = try await dashboard.send("POST", "/api/area51/sessions/export", contentType: "application/json", body: #"{"note": ""}"#)
        try #require(exported.status == 200)
        let file = folder.appendingPathComponent("session-\(UUID().uuidString).json")
        try Data(exported.text.utf8).write(to: file)
        return file
    }

    /// `moments session replay` with `arguments`, to its end: its exit status, standard output
    /// and standard error.
    static func replay(_ arguments: [String]) async throws -> (status: Int32, output: String, error: String) {
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("moments-replay-\(UUID().uuidString).err")
        try Data().write(to: errorFile)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let process = try ChildProcess(executable: ServerProcess.executable.path,
                                       arguments: ["session", "replay", "--log-level", "error"] + arguments, standardError: .file(errorHandle))
        try errorHandle.close()
        let output = try await onOwnThread {
            let data = process.output.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), try String(contentsOf: errorFile, encoding: .utf8))
    }
}

import Foundation
import Locking
import Testing
import TestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// SIGKILL in the middle of a storm of likes: the databases stay sound and every like that was
/// acknowledged is still there after a restart.
@Suite struct KillDuringLikesTests {
    private final class Acknowledged: Sendable {
        let ids = Locked<Set<String>>([])
    }

    @Test func sigkillDuringLikeStorm_losesNoAcknowledgedLike_tenTimesInARow() async throws {
        for round in 1...10 {
            let dataDirectory = Dashboard.temporaryDirectory()
            let first = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
            _ = try await first.request("PUT", "/api/toggles/isLikeButtonForMomentEnabled", body: #"{"isOn": true}"#)
            let before = Set(try await Self.likedMoments(first))
            let acknowledged = Acknowledged()

            // 12 writers like every moment they can reach; the process dies under them.
            let storm = Task {
                await withTaskGroup(of: Void.self) { group in
                    for writer in 0..<12 {
                        group.addTask {
                            for moment in stride(from: 1 + writer, through: 36, by: 12) {
                                let answer = try? await first.request("PUT", "/api/moments/\(moment)/like", body: #"{"isLiked": true}"#)
                                if answer?.status == 200 { acknowledged.ids.withLock { _ = $0.insert(String(moment)) } }
                            }
                        }
                    }
                }
            }
            // Each round kills it later in the storm: once 3, 6, … 30 of the 36 likes were
            // acknowledged (or after 20 s, and the round fails).
            let reached = (try? await eventually("\(3 * round) likes to be acknowledged", pollingEvery: .milliseconds(1)) {
                acknowledged.ids.withLock { $0.count } >= 3 * round
            }) != nil
            kill(first.process.processIdentifier, SIGKILL)
            await storm.value
            #expect(reached, "round \(round): fewer than \(3 * round) likes acknowledged before SIGKILL")
            #expect(await first.waitForExit())

            for database in ["dashboard.sqlite", "bff.sqlite"] {
                #expect(try await Self.integrityCheck(dataDirectory.appendingPathComponent(database)) == "ok", "round \(round): \(database)")
            }
            let second = try await ServerProcess.start(arguments: ["--data-dir", dataDirectory.path])
            let after = Set(try await Self.likedMoments(second))
            let expected = acknowledged.ids.withLock { $0 }.union(before)
            #expect(expected.isSubset(of: after), "round \(round): acknowledged \(expected.sorted()), found \(after.sorted())")
            second.process.terminate()
            _ = await second.waitForExit()
        }
    }

    /// The liked moments of every page, fresh from the BFF.
    private static func likedMoments(_ server: ServerProcess) async throws -> [String] {
        var liked: [String] = []
        var query: String? = "refresh=1"
        while let current = query {
            let answer = try await server.request("GET", "/api/timeline?\(current)")
            let timeline = try Dashboard.decode(TimelineAnswer.self, from: answer.text)
            liked += timeline.momentItems.filter { $0.isLiked == true }.map(\.momentID)
            query = timeline.nextPageQuery
        }
        return liked
    }

    /// `PRAGMA integrity_check` by the sqlite3 library the way any tool would run it.
    private static func integrityCheck(_ file: URL) async throws -> String {
        try await onOwnThread { try runIntegrityCheck(file) }
    }

    private static func runIntegrityCheck(_ file: URL) throws -> String {
        let process = try ChildProcess(executable: "/usr/bin/env", arguments: ["sqlite3", file.path, "PRAGMA integrity_check;"],
                                       standardError: .discarded)
        let output = process.output.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

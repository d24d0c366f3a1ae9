import Foundation
import Locking
import Testing
import TestSupport

/// SIGTERM in the middle of a storm of likes on a dashboard with a BFF of its own (`moments bff`):
/// the dashboard stops gracefully, every like it acknowledged is at the BFF, and the timeline it
/// saved on the way out has them, as a restart with the BFF gone shows.
@Suite struct SigtermDuringLikesTests {
    /// Per moment, the last like or unlike sent and whether it was acknowledged (a 200).
    private final class LastSent: Sendable {
        let values = Locked<[String: (isLiked: Bool, acknowledged: Bool)]>([:])
        /// How many changes were acknowledged in all.
        let acknowledgedCount = Locked(0)
        let stopped = Locked(false)

        /// The moments whose last change was acknowledged, with its value: what the BFF and the
        /// saved timeline must show. A change not acknowledged may or may not have been made.
        var acknowledged: [String: Bool] {
            values.withLock { $0.filter(\.value.acknowledged).mapValues(\.isLiked) }
        }
    }

    @Test func sigtermDuringLikeStorm_everyAcknowledgedLikeIsAtTheBFF_andInTheSavedTimeline() async throws {
        for round in 1...3 {
            let bff = try await ServerProcess.startBFF(arguments: ["--data-dir", Dashboard.temporaryDirectory().path])
            let dataDirectory = Dashboard.temporaryDirectory().path
            let arguments = ["--data-dir", dataDirectory, "--bff-url", bff.url.absoluteString]
            let first = try await ServerProcess.start(arguments: arguments)
            _ = try await first.request("PUT", "/api/toggles/isLikeButtonForMomentEnabled", body: #"{"isOn": true}"#)
            // The newest page, read (and saved) before the likes: the page a restart without the BFF shows.
            let newest = try await Self.likes(first)
            let lastSent = LastSent()

            // One writer per moment, each flipping its like until SIGTERM is sent.
            let storm = Task {
                await withTaskGroup(of: Void.self) { group in
                    for (momentID, isLiked) in newest {
                        group.addTask {
                            var next = !isLiked
                            while !lastSent.stopped.withLock({ $0 }) {
                                lastSent.values.withLock { $0[momentID] = (next, false) }
                                let answer = try? await first.request("PUT", "/api/moments/\(momentID)/like", body: #"{"isLiked": \#(next)}"#)
                                // Refused or timed out on a loaded machine: sent again, still not acknowledged.
                                guard answer?.status == 200 else { continue }
                                lastSent.values.withLock { $0[momentID] = (next, true) }
                                lastSent.acknowledgedCount.withLock { $0 += 1 }
                                next.toggle()
                            }
                        }
                    }
                }
            }
            // Each round signals later in the storm: once 10, 20, 30 likes were acknowledged (or
            // after a minute, and the round fails below if none was): in a full suite's first
            // seconds on two cores, a round's likes can wait longer than 10 s for an answer.
            try? await eventually("\(10 * round) likes to be acknowledged", timeout: .seconds(60), pollingEvery: .milliseconds(1)) {
                lastSent.acknowledgedCount.withLock { $0 } >= 10 * round
            }
            lastSent.stopped.withLock { $0 = true }
            kill(first.process.processIdentifier, SIGTERM)
            await storm.value
            // The server lets requests in flight finish for up to 10 s, then flushes: on a loaded
            // machine that takes longer than ServerProcess's usual 10 s wait.
            #expect(await first.waitForExit(timeout: .seconds(30)), "round \(round): still running after SIGTERM")
            let acknowledged = lastSent.acknowledged
            #expect(!acknowledged.isEmpty, "round \(round): no like was acknowledged before SIGTERM")

            let atBFF = try await Self.likesAtBFF(bff)
            for (momentID, isLiked) in acknowledged {
                #expect(atBFF[momentID] == isLiked, "round \(round): moment \(momentID) at the BFF")
            }

            bff.process.terminate()
            #expect(await bff.waitForExit())
            let second = try await ServerProcess.start(arguments: arguments)
            let saved = try await Self.likes(second)
            for (momentID, isLiked) in acknowledged {
                #expect(saved[momentID] == isLiked, "round \(round): moment \(momentID) in the saved timeline")
            }
            second.process.terminate()
            _ = await second.waitForExit()
        }
    }

    /// Whether user 0 likes each moment of the newest page, as the dashboard shows it.
    private static func likes(_ dashboard: ServerProcess) async throws -> [String: Bool] {
        let answer = try await dashboard.request("GET", "/api/timeline")
        var likes: [String: Bool] = [:]
        for item in try Dashboard.decode(TimelineAnswer.self, from: answer.text).momentItems { likes[item.momentID] = item.isLiked }
        return likes
    }

    /// Whether user 0 likes each moment, asked of the BFF itself (`TimelineAtTheBFF`).
    private static func likesAtBFF(_ bff: ServerProcess) async throws -> [String: Bool] {
        let query = String(decoding: try TimelineAtTheBFF.request(userID: "0"), as: UTF8.self)
        let answer = try await bff.request("POST", "/graphql", body: query)
        var likes: [String: Bool] = [:]
        for moment in try TimelineAtTheBFF.details(status: answer.status, body: Data(answer.text.utf8)).moments { likes[moment.id] = moment.isLiked }
        return likes
    }
}

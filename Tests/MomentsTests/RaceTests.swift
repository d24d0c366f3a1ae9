import Foundation
import Foundations
import Testing
import TestSupport

/// Writes that race each other end in one state everyone agrees on.
@Suite struct RaceTests {
    @Test func clearCache_rightAfterABurstOfLikes_leavesNoSavedTimeline() async throws {
        try await withDashboard { dashboard, bff in
            try await dashboard.setLikeFeature(true)
            #expect(try await dashboard.get("/").status == 200)
            // Each like changes the newest page, whose save waits behind the one before it.
            for (index, id) in ["m1", "m2", "m3", "m1", "m2", "m3"].enumerated() {
                let answer = try await dashboard.send("PUT", "/api/moments/\(id)/like", contentType: "application/json",
                                                      body: #"{"isLiked": \#(index < 3)}"#)
                #expect(answer.status == 200)
            }
            let cleared = try await dashboard.send("POST", "/api/area51/actions/clear-cache", contentType: "application/json", body: "{}")
            #expect(cleared.status == 200)
            // Until every save still queued has landed (or was dropped by the clear).
            await dashboard.application.flush()
            await bff.stop()
            let page = try await dashboard.decode(TimelineAnswer.self, "/api/timeline")
            #expect(page.status == 503, "a save pending before Clear Cache must not bring the saved timeline back")
            #expect(page.value.momentItems.isEmpty)
        }
    }

    @Test func concurrentToggleWrites_fromTwoClients_leaveMemoryDiskAndAuditInAgreement() async throws {
        try await withDashboard { dashboard, _ in
            let name = InternalToggle.isNewTimelineLayoutEnabled.name
            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<2 {
                    group.addTask {
                        for write in 0..<40 {
                            let isOn = (write + client).isMultiple(of: 2)
                            let answer = try await dashboard.send("PUT", "/api/toggles/\(name)", contentType: "application/json",
                                                                  body: #"{"isOn": \#(isOn)}"#)
                            #expect(answer.status == 200)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let inMemory = dashboard.application.internalTogglesDataStore.isToggleOn(InternalToggle.isNewTimelineLayoutEnabled)
            let onDisk = try InternalTogglesDataStore(database: try AppDatabase(directory: dashboard.dataDirectory))
                .isToggleOn(InternalToggle.isNewTimelineLayoutEnabled)
            let audit = try await dashboard.application.internalTogglesDataStore.audit(limit: 100).filter { $0.name == name }
            #expect(inMemory == onDisk)
            #expect(audit.first?.newValue == .bool(inMemory), "the latest change recorded is the value in force")
            // Oldest first, every change starts where the one before it ended.
            let chain = Array(audit.reversed())
            for (before, after) in zip(chain, chain.dropFirst()) {
                #expect(after.oldValue == before.newValue)
                #expect(after.oldValue != after.newValue)
            }
        }
    }
}

import Foundation
import Foundations
@testable import Moments
import Testing

/// The contract watch: reads the schema through the dashboard's session, keeps its versions
/// across restarts, tells open tabs of a change, and tells skew from change.
@Suite struct ContractWatchTests {
    private struct Watched {
        let bff: ChangingSchemaBFF
        let folder = Dashboard.temporaryDirectory()
        let log = NetworkLog()

        init() throws {
            bff = ChangingSchemaBFF(try ContractSchemas.embedded)
        }

        func watch() throws -> ContractWatch {
            ContractWatch(apiSession: APISession(transport: bff.transport, networkLog: log),
                          store: PersistentDataStore(database: try AppDatabase(directory: folder)))
        }
    }

    private static let titleRemoved = [("  title: String\n", "")]

    @Test func check_readsTheSchemaThroughTheSession_andEveryDocumentValidates() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        let snapshot = await (try watched.watch()).check()
        #expect(snapshot.failure == nil)
        #expect(snapshot.schemaHash == (try await ContractSchemas.introspect(try ContractSchemas.embedded)).hash)
        #expect(snapshot.documents.count == DashboardContract.documents.count && snapshot.documents.allSatisfy(\.valid))
        #expect(snapshot.history.count == 1)
        #expect(watched.log.latest.map(\.operationName) == ["ContractIntrospection"])
    }

    @Test func onlyReadsThatFindAnotherSchemaOrFail_goIntoTheNetworkLog() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        let watch = try watched.watch()
        _ = await watch.check()
        _ = await watch.check()
        #expect(watched.log.latest.count == 1, "the same schema again is no news")
        watched.bff.serve(try ContractSchemas.changed(Self.titleRemoved))
        _ = await watch.check()
        watched.bff.serve("this is no schema")
        _ = await watch.check()
        #expect(watched.log.latest.map(\.outcome) == [.graphQLError, .ok, .ok])
    }

    @Test func breakingChange_isKept_withItsChanges_andToldToOpenTabs() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        let watch = try watched.watch()
        var events = watch.events.subscribe().makeAsyncIterator()
        _ = await watch.check()
        watched.bff.serve(try ContractSchemas.changed(Self.titleRemoved))
        let snapshot = await watch.check()
        #expect(snapshot.history.count == 2)
        #expect(snapshot.history.first?.changes.map(\.change.path) == ["Moment.title"])
        #expect(snapshot.documents.first { $0.operation == "getMomentsDetailsByUserID" }?.valid == false)
        #expect(await watch.noLongerValid.map(\.operation).contains("getMomentsDetailsByUserID"))
        let event = try #require(await events.next())
        #expect(event.timelineAffected && event.breaking == 1 && event.previousHash == snapshot.history.last?.schemaHash)
        #expect(Set(event.stoppedValidating.flatMap(\.fields)) == ["Moment.title"])
    }

    @Test func history_outlivesARestart_andASchemaSeenBeforeIsNoNewVersion() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        _ = await (try watched.watch()).check()
        watched.bff.serve(try ContractSchemas.changed(Self.titleRemoved))
        _ = await (try watched.watch()).check()
        let snapshot = await (try watched.watch()).check()
        #expect(snapshot.history.count == 2, "the change seen by the second process, kept by the third")
        #expect(snapshot.history.first?.changes.first?.change.criticality == .breaking)
    }

    @Test func twoSchemasAlternating_areSkew_withBothHashes_notNewVersions() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        let watch = try watched.watch()
        let changed = try ContractSchemas.changed(Self.titleRemoved)
        for sdl in [try ContractSchemas.embedded, changed, try ContractSchemas.embedded, changed] {
            watched.bff.serve(sdl)
            _ = await watch.check()
        }
        let snapshot = await watch.snapshot
        #expect(snapshot.history.count == 2)
        #expect(Set(snapshot.skew.map(\.schemaHash)) == Set(snapshot.history.map(\.schemaHash)))
        #expect(snapshot.skew.count == 2)
    }

    @Test func aChangeAndNoReturn_isNoSkew() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        let watch = try watched.watch()
        _ = await watch.check()
        watched.bff.serve(try ContractSchemas.changed(Self.titleRemoved))
        _ = await watch.check()
        #expect(await watch.check().skew.isEmpty)
    }

    @Test func aFailedRead_isReported_andKeepsWhatWasKnown() async throws {
        let watched = try Watched()
        defer { try? FileManager.default.removeItem(at: watched.folder) }
        let watch = try watched.watch()
        let first = await watch.check()
        watched.bff.serve("this is no schema")
        let failed = await watch.check()
        #expect(failed.failure != nil)
        #expect(failed.schemaHash == first.schemaHash && failed.history == first.history)
    }
}

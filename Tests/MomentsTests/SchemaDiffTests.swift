import Foundation
@testable import Moments
import Testing

/// The contract's schema diff against the kinds graphql-js's `findBreakingChanges` and
/// `findDangerousChanges` report, on the embedded BFF's schema changed one way at a time, and
/// which of the dashboard's operations each change affects.
@Suite struct SchemaDiffTests {
    private func changes(_ replacements: [(String, String)]) async throws -> [SchemaChange] {
        let old = try await ContractSchemas.introspect(ContractSchemas.embedded)
        let new = try await ContractSchemas.introspect(try ContractSchemas.changed(replacements))
        return SchemaDiff.changes(from: old, to: new)
    }

    private func entry(_ replacements: [(String, String)]) async throws -> ContractHistoryEntry {
        let old = ContractHistoryEntry(schema: try await ContractSchemas.introspect(ContractSchemas.embedded), at: Date(), previous: nil)
        let new = try await ContractSchemas.introspect(try ContractSchemas.changed(replacements))
        return ContractHistoryEntry(schema: new, at: Date(), previous: old)
    }

    @Test func sameSchema_hasNoChanges_andTheSameHash() async throws {
        let old = try await ContractSchemas.introspect(ContractSchemas.embedded)
        let new = try await ContractSchemas.introspect(ContractSchemas.embedded)
        #expect(SchemaDiff.changes(from: old, to: new).isEmpty)
        #expect(old.hash == new.hash)
    }

    @Test func fieldRemoved_isBreaking_andAffectsTheOperationsThatSelectIt() async throws {
        let entry = try await entry([("  title: String\n", "")])
        let change = try #require(entry.changes.first { $0.change.path == "Moment.title" })
        #expect(change.change.criticality == .breaking)
        #expect(change.operations == ["getMomentsDetailsByUserID", "updateMomentLike"])
        #expect(entry.stoppedValidating.map(\.operation).contains("getMomentsDetailsByUserID"))
        #expect(entry.stoppedValidating.allSatisfy { $0.fields == ["Moment.title"] })
        #expect(!entry.stoppedValidating.map(\.operation).contains("updateMomentLike"), "the like answers likes alone")
    }

    @Test func fieldTypeChangedIncompatibly_isBreaking() async throws {
        let changes = try await changes([("  title: String\n", "  title: Int\n")])
        #expect(changes.map(\.criticality) == [.breaking])
        #expect(changes.map(\.path) == ["Moment.title"])
    }

    @Test func outputFieldMadeNonNull_isNoChange() async throws {
        #expect(try await changes([("  title: String\n", "  title: String!\n")]).isEmpty)
    }

    @Test func argumentMadeRequired_isBreaking_andAffectsEveryUseOfTheArgument() async throws {
        let changes = try await changes([("first: Int\n", "first: Int!\n")])
        #expect(Set(changes.map(\.criticality)) == [.breaking])
        #expect(Set(changes.map(\.path)) == ["Query.getMomentsDetailsByUserID.first", "Mutation.updateMomentLike.first"])
    }

    @Test func requiredArgumentAdded_isBreaking_optionalOne_dangerous() async throws {
        let required = try await changes([("momentLikesChanged(userID: ID!)", "momentLikesChanged(userID: ID!, since: Int!)")])
        #expect(required.map(\.criticality) == [.breaking])
        #expect(required.map(\.path) == ["Subscription.momentLikesChanged.since"])
        let optional = try await changes([("momentLikesChanged(userID: ID!)", "momentLikesChanged(userID: ID!, since: Int)")])
        #expect(optional.map(\.criticality) == [.dangerous])
    }

    @Test func enumValueAdded_isDangerous_removed_isBreaking() async throws {
        let added = try await changes([("  PHOTOS\n", "  PHOTOS\n  VIDEO\n")])
        #expect(added.map(\.criticality) == [.dangerous])
        #expect(added.map(\.path) == ["MomentType.VIDEO"])
        let removed = try await entry([("  PHOTOS\n", "")])
        #expect(removed.changes.map(\.change.criticality) == [.breaking])
        #expect(removed.changes.first?.operations == ["getMomentsDetailsByUserID", "updateMomentLike"], "both read Moment.type")
        #expect(removed.stoppedValidating.isEmpty, "an enum value's removal breaks answers, not documents")
    }

    @Test func fieldDeprecated_isSafe_andEveryDocumentStillValidates() async throws {
        let entry = try await entry([("  title: String\n", "  title: String @deprecated(reason: \"Use headline.\")\n")])
        #expect(entry.changes.map(\.change.criticality) == [.safe])
        #expect(entry.changes.map(\.change.path) == ["Moment.title"])
        #expect(entry.stoppedValidating.isEmpty)
    }

    @Test func typeAndFieldAdded_areSafe_typeRemoved_isBreaking() async throws {
        let added = try await changes([("  title: String\n", "  title: String\n  headline: String\n"),
                                       ("type MomentUserDetails", "type Place {\n  name: String\n}\n\ntype MomentUserDetails")])
        #expect(Set(added.map(\.path)) == ["Moment.headline", "Place"])
        #expect(Set(added.map(\.criticality)) == [.safe])
    }

    @Test func typeChangedKind_isBreaking() async throws {
        let changes = try await changes([("type LikedUserDetails {", "interface LikedUserDetails {")])
        #expect(changes.contains { $0.path == "LikedUserDetails" && $0.criticality == .breaking })
    }

    @Test func inputTypeRules_looserIsSafe_requiredFieldAddedIsBreaking() async throws {
        #expect(try await changes([("  isLiked: Boolean!\n}", "  isLiked: Boolean\n}")]).isEmpty)
        let added = try await changes([("  isLiked: Boolean!\n}", "  isLiked: Boolean!\n  note: String!\n}")])
        #expect(added.map(\.criticality) == [.breaking])
        #expect(added.map(\.path) == ["MomentLikeChange.note"])
    }
}

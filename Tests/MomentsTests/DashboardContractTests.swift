import Foundation
@testable import Moments
import Testing

/// The dashboard's documents, checked with the GraphQL library's `validate` against a schema
/// built from introspection.
@Suite struct DashboardContractTests {
    @Test func everyDocument_validatesAgainstTheEmbeddedBFF() async throws {
        let schema = try await ContractSchemas.introspect(try ContractSchemas.embedded)
        let statuses = DocumentStatus.check(DashboardContract.documents, against: schema)
        #expect(statuses.count == DashboardContract.documents.count)
        #expect(statuses.filter { !$0.valid } == [])
    }

    @Test func documentNames_areUnique() {
        let names = DashboardContract.documents.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func aDocumentSelectingARemovedField_doesNotValidate_andSaysWhichField() async throws {
        let schema = try await ContractSchemas.introspect(try ContractSchemas.changed([("  createdDate: String!\n", "")]))
        let statuses = DocumentStatus.check(DashboardContract.documents, against: schema)
        let timeline = try #require(statuses.first { $0.operation == "getMomentsDetailsByUserID" })
        #expect(!timeline.valid)
        #expect(timeline.errors.contains { $0.contains("createdDate") })
        #expect(statuses.first { $0.operation == "updateMomentLike" }?.valid == true)
    }

    @Test func aSchemaWithoutSubscriptions_failsTheSubscriptionAlone() async throws {
        let schema = try await ContractSchemas.introspect(try ContractSchemas.changed([("type Subscription {", "type LikeEvents {")]))
        let statuses = DocumentStatus.check(DashboardContract.documents, against: schema)
        #expect(statuses.filter { !$0.valid }.map(\.operation) == ["momentLikesChanged"])
    }
}

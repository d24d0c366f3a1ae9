import Foundation
@testable import Moments

/// A BFF's introspection answer as the contract watch reads it: any bytes decode or fail with a
/// decoding error, and a schema that decodes is written as a schema document, built and checked
/// against every document of the dashboard, and compared with itself, without a crash.
enum SchemaHarness {
    static func run(_ data: Data) {
        guard let schema = try? JSONDecoder().decode(IntrospectedSchema.self, from: data) else { return }
        _ = DocumentStatus.check(DashboardContract.documents, against: schema)
        _ = SchemaDiff.changes(from: schema, to: schema)
    }
}

import GraphQL

/// Whether one of the dashboard's documents validates against a schema, and why not.
public struct DocumentStatus: Codable, Sendable, Equatable {
    /// The document's name in the contract (`DashboardDocument.name`).
    public let operation: String
    public let valid: Bool
    /// The GraphQL library's validation errors, as it words them.
    public let errors: [String]

    /// Each of `documents` validated against `schema` by the GraphQL library's `validate`, with
    /// the specification's rules.
    public static func check(_ documents: [DashboardDocument], against schema: IntrospectedSchema) -> [DocumentStatus] {
        let built: Result<GraphQLSchema, any Error> = Result { try buildASTSchema(documentAST: try parse(source: schema.sdl)) }
        return documents.map { document in
            let errors: [String]
            switch built {
            case .failure(let error):
                errors = ["The schema could not be built: \(error)"]
            case .success(let graphQLSchema):
                do {
                    errors = GraphQL.validate(schema: graphQLSchema, ast: try parse(source: document.text)).map(\.message)
                } catch {
                    errors = ["\(error)"]
                }
            }
            return DocumentStatus(operation: document.name, valid: errors.isEmpty, errors: errors)
        }
    }
}

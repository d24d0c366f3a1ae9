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
                    let ast = try parse(source: document.text)
                    errors = missingRoots(ast, in: schema) + GraphQL.validate(schema: graphQLSchema, ast: ast).map(\.message)
                } catch {
                    errors = ["\(error)"]
                }
            }
            return DocumentStatus(operation: document.name, valid: errors.isEmpty, errors: errors)
        }
    }

    /// An operation of a type the schema lacks: the library's rules (graphql-js 16's) let a
    /// subscription through against a schema without one, which the BFF then refuses to run.
    private static func missingRoots(_ ast: Document, in schema: IntrospectedSchema) -> [String] {
        ast.definitions.compactMap { $0 as? OperationDefinition }.compactMap { operation in
            let root = switch operation.operation {
            case .query: Optional(schema.queryType)
            case .mutation: schema.mutationType
            case .subscription: schema.subscriptionType
            }
            return root == nil ? "The schema has no \(operation.operation.rawValue) type." : nil
        }
    }
}

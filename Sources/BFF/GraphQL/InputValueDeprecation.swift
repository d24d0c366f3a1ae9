import GraphQL
import Locking

/// Gives the library's `__InputValue.isDeprecated` the resolver GraphQLSwift 4.3.0 leaves out.
///
/// Why it exists: 4.3.0 declares `__InputValue.isDeprecated: Boolean!` without a resolver, so the
/// default resolver looks for a stored property `isDeprecated` on `GraphQLArgumentDefinition` and
/// `InputObjectFieldDefinition`, which have only `deprecationReason`. It finds nothing, and the
/// non-null field nulls the whole answer of any introspection that asks for input-value
/// deprecation (`args(includeDeprecated: true) { isDeprecated }`), as gql 4, GraphiQL and Apollo's
/// sandbox do by default. The resolver added here answers `deprecationReason != nil`, the rule the
/// library applies itself to `__Field` and `__EnumValue`; the library still parses, validates and
/// executes everything, introspection included.
///
/// When it can go: once GraphQLSwift resolves `__InputValue.isDeprecated` itself. It already does
/// nothing where the library's field has a resolver of its own; delete this file and its call in
/// `MomentsSchema.make()`, and `IntrospectionTests` says whether the library's own answer holds.
enum InputValueDeprecation {
    /// Whether the resolver was added. `__InputValue` is one object shared by every schema of the
    /// process, so it is changed once, under this lock, before the first schema is handed out.
    private static let installed = Locked(false)

    /// Adds the resolver to the `__InputValue` type of `schema` (the library's single one), once.
    static func install(on schema: GraphQLSchema) {
        installed.withLock { installed in
            guard !installed, let inputValue = schema.getType(name: "__InputValue") as? GraphQLObjectType else {
                return
            }
            let libraryFields = inputValue.fields
            inputValue.fields = {
                var fields = try libraryFields()
                if let isDeprecated = fields["isDeprecated"], isDeprecated.resolve == nil {
                    fields["isDeprecated"] = GraphQLField(
                        type: isDeprecated.type, description: isDeprecated.description, resolve: resolveIsDeprecated)
                }
                return fields
            }
            installed = true
        }
    }

    /// `isDeprecated` of an argument or an input field; nil (a field error) for anything else.
    private static func resolveIsDeprecated(_ source: any Sendable, _: Map, _: any Sendable,
                                            _: GraphQLResolveInfo) -> (any Sendable)? {
        switch source {
        case let argument as GraphQLArgumentDefinition: argument.deprecationReason != nil
        case let field as InputObjectFieldDefinition: field.deprecationReason != nil
        default: nil
        }
    }
}

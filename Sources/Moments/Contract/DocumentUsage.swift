import GraphQL

/// The schema coordinates a document uses, read against the schema it was sent to: each field
/// selected (`Moment.title`), each argument passed (`Query.user.id`) and each named type it
/// reads or sends, so a change's `scope` says which documents it affects.
enum DocumentUsage {
    static func coordinates(of text: String, in schema: IntrospectedSchema) -> Set<String> {
        guard let document = try? GraphQL.parse(source: text) else { return [] }
        var walk = Walk(schema: schema)
        for definition in document.definitions {
            if let fragment = definition as? FragmentDefinition { walk.fragments[fragment.name.value] = fragment }
        }
        for definition in document.definitions {
            guard let operation = definition as? OperationDefinition else { continue }
            for variable in operation.variableDefinitions { walk.useInput(namedType(variable.type)) }
            let root: String? = switch operation.operation {
            case .query: schema.queryType.name
            case .mutation: schema.mutationType?.name
            case .subscription: schema.subscriptionType?.name
            }
            if let root { walk.select(operation.selectionSet, on: root) }
        }
        return walk.used
    }

    /// The named type under a variable's list and non-null wrappers.
    private static func namedType(_ type: Any) -> String {
        switch type {
        case let list as ListType: namedType(list.type)
        case let nonNull as NonNullType: namedType(nonNull.type)
        case let named as NamedType: named.name.value
        default: ""
        }
    }

    private struct Walk {
        let schema: IntrospectedSchema
        var fragments: [String: FragmentDefinition] = [:]
        var used = Set<String>()
        private var spread = Set<String>()

        init(schema: IntrospectedSchema) {
            self.schema = schema
        }

        /// An input type and, for an input object, the types of its fields.
        mutating func useInput(_ name: String) {
            guard used.insert(name).inserted else { return }
            for field in schema.type(name)?.inputFields ?? [] { useInput(field.type.namedType) }
        }

        mutating func select(_ selectionSet: SelectionSet, on typeName: String) {
            used.insert(typeName)
            for selection in selectionSet.selections {
                switch selection {
                case let field as GraphQL.Field:
                    guard let definition = schema.type(typeName)?.field(field.name.value) else { continue }
                    let coordinate = "\(typeName).\(field.name.value)"
                    used.insert(coordinate)
                    for argument in field.arguments { used.insert("\(coordinate).\(argument.name.value)") }
                    let returned = definition.type.namedType
                    used.insert(returned)
                    if let nested = field.selectionSet { select(nested, on: returned) }
                case let inline as InlineFragment:
                    select(inline.selectionSet, on: inline.typeCondition?.name.value ?? typeName)
                case let fragmentSpread as FragmentSpread:
                    let name = fragmentSpread.name.value
                    guard spread.insert(name).inserted, let fragment = fragments[name] else { continue }
                    select(fragment.selectionSet, on: fragment.typeCondition.name.value)
                default:
                    continue
                }
            }
        }
    }
}

import GraphQL

/// The spec's rules on the names of a document's definitions (Operation Name Uniqueness, Lone
/// Anonymous Operation, Fragment Name Uniqueness), checked before GraphQLSwift validates the
/// document, with its own rules' messages.
///
/// Its AST nodes hash by identity and compare by content, so two operations or fragments
/// written alike are equal keys with different hashes; its validator keeps per-definition
/// results in dictionaries, which stop the process on such keys ("Duplicate keys of type
/// 'OperationDefinition' were found in a Dictionary"). Definitions alike share their name,
/// so a document whose names are unique cannot hold two. Found by the `graphql` fuzz harness:
/// sixty copies of `query a { __typename }` stopped the process that embeds the BFF.
enum GraphQLDefinitionNames {
    /// One error for each definition whose name an earlier one took, and for each anonymous
    /// operation beside another operation.
    static func errors(in document: Document) -> [GraphQLError] {
        let operations = document.definitions.compactMap { $0 as? OperationDefinition }
        var errors: [GraphQLError] = []
        var operationNames: [String: Name] = [:]
        for operation in operations {
            guard let name = operation.name else {
                if operations.count > 1 {
                    errors.append(GraphQLError(message: "This anonymous operation must be the only defined operation.", nodes: [operation]))
                }
                continue
            }
            if let earlier = operationNames[name.value] {
                errors.append(GraphQLError(message: "There can be only one operation named \"\(name.value)\".", nodes: [earlier, name]))
            } else {
                operationNames[name.value] = name
            }
        }
        var fragmentNames: [String: Name] = [:]
        for fragment in document.definitions.compactMap({ $0 as? FragmentDefinition }) {
            if let earlier = fragmentNames[fragment.name.value] {
                errors.append(GraphQLError(message: "There can be only one fragment named \"\(fragment.name.value)\".",
                                           nodes: [earlier, fragment.name]))
            } else {
                fragmentNames[fragment.name.value] = fragment.name
            }
        }
        return errors
    }
}

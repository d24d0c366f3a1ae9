import GraphQL

/// Works out each input object type's fields once, when the schema is made, instead of at every
/// use.
///
/// Why it exists: GraphQLSwift 4.3.0 caches the fields of object and interface types, but
/// `GraphQLInputObjectType.getFields()` calls the type's `fields` closure every time, and
/// Graphiti's closure builds the map again from its components and type provider. Checking the
/// variables of a batch of likes does so for each `MomentLikeChange`. The library lets `fields` be replaced "during setup"; the closure
/// set here answers the map the library's own closure made, so nothing it validates or
/// introspects changes (`IntrospectionTests`, `GraphQLSpecTests`).
///
/// When it can go: once GraphQLSwift caches input object fields as it does object fields.
enum InputFieldsOnce {
    /// Replaces the `fields` closure of every input object type of `schema` by its answer.
    static func install(on schema: GraphQLSchema) throws {
        for case let inputObject as GraphQLInputObjectType in schema.typeMap.values {
            let fields = try inputObject.fields()
            inputObject.fields = { fields }
        }
    }
}

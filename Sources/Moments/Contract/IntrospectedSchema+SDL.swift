import Foundation

extension IntrospectedSchema {
    /// The built-in scalars, which a schema document must not declare again.
    private static let builtInScalars: Set = ["String", "Int", "Float", "Boolean", "ID"]

    /// The schema as a GraphQL schema document, which the GraphQL library builds a schema from
    /// (it has no `buildClientSchema`). Descriptions and directive definitions are left out: the
    /// dashboard's documents use the built-in directives alone.
    var sdl: String {
        var definitions = [schemaDefinition]
        for type in declaredTypes where !Self.builtInScalars.contains(type.name) {
            definitions.append(Self.definition(of: type))
        }
        return definitions.joined(separator: "\n\n")
    }

    private var schemaDefinition: String {
        let roots = [("query", queryType), ("mutation", mutationType), ("subscription", subscriptionType)]
            .compactMap { operation, type in type.map { "  \(operation): \($0.name)" } }
        return "schema {\n\(roots.joined(separator: "\n"))\n}"
    }

    private static func definition(of type: NamedType) -> String {
        switch type.kind {
        case "OBJECT", "INTERFACE":
            let keyword = type.kind == "OBJECT" ? "type" : "interface"
            let interfaces = type.interfaces?.map(\.name) ?? []
            let implements = interfaces.isEmpty ? "" : " implements \(interfaces.joined(separator: " & "))"
            return "\(keyword) \(type.name)\(implements) {\n\((type.fields ?? []).map(field).joined(separator: "\n"))\n}"
        case "UNION":
            return "union \(type.name) = \((type.possibleTypes ?? []).map(\.name).joined(separator: " | "))"
        case "ENUM":
            let values = (type.enumValues ?? []).map { "  \($0.name)\(deprecation($0.isDeprecated, $0.deprecationReason))" }
            return "enum \(type.name) {\n\(values.joined(separator: "\n"))\n}"
        case "INPUT_OBJECT":
            return "input \(type.name) {\n\((type.inputFields ?? []).map { "  \(inputValue($0))" }.joined(separator: "\n"))\n}"
        default:
            return "scalar \(type.name)"
        }
    }

    private static func field(_ field: Field) -> String {
        let arguments = field.args.isEmpty ? "" : "(\(field.args.map(inputValue).joined(separator: ", ")))"
        return "  \(field.name)\(arguments): \(field.type)\(deprecation(field.isDeprecated, field.deprecationReason))"
    }

    private static func inputValue(_ value: InputValue) -> String {
        "\(value.name): \(value.type)" + (value.defaultValue.map { " = \($0)" } ?? "")
    }

    private static func deprecation(_ isDeprecated: Bool, _ reason: String?) -> String {
        guard isDeprecated else { return "" }
        // A JSON string is a GraphQL string: the same quotes and escapes.
        let quoted = reason.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        return quoted.map { " @deprecated(reason: \($0))" } ?? " @deprecated"
    }
}

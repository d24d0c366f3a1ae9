import Graphiti
import GraphQL

/// A value of the GraphQL `ID` scalar.
///
/// Graphiti maps Swift `String` to `String`, so `ID` needs a Swift type of its own; its coercion
/// is the library's `GraphQLID` (a string, or an integer literal accepted as one).
struct Identifier: Codable, Sendable {
    let rawValue: String

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The `ID` scalar of the schema, with the coercion rules of the library's `GraphQLID`.
    static func scalar<Resolver: Sendable, Context: Sendable>() -> Scalar<Resolver, Context, Identifier> {
        Scalar(
            Identifier.self,
            as: "ID",
            serialize: { value, _ in
                guard let identifier = value as? Identifier else {
                    throw GraphQLError(message: "ID cannot represent value: \(value)")
                }
                return try GraphQLID.serialize(value: identifier.rawValue)
            },
            parseValue: { map, _ in try GraphQLID.parseValue(value: map) },
            parseLiteral: { value, _ in try GraphQLID.parseLiteral(valueAST: value) }
        )
    }
}

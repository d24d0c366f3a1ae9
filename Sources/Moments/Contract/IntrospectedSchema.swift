import Bytes
import Foundation

/// A BFF's schema as introspection answers it, reduced to what the contract compares: types with
/// their fields, arguments, input fields, enum values, interfaces and union members. Types are
/// kept sorted by name and their members in the schema's order, so the same schema always
/// encodes, and hashes, the same.
public struct IntrospectedSchema: Codable, Sendable, Equatable {
    /// A type as a field or argument declares it.
    public indirect enum TypeReference: Codable, Sendable, Equatable, CustomStringConvertible {
        case named(String)
        case list(TypeReference)
        case nonNull(TypeReference)

        /// The named type under any list and non-null wrappers.
        public var namedType: String {
            switch self {
            case .named(let name): name
            case .list(let inner), .nonNull(let inner): inner.namedType
            }
        }

        public var isNonNull: Bool {
            if case .nonNull = self { return true }
            return false
        }

        /// As GraphQL writes it: `[Moment!]!`.
        public var description: String {
            switch self {
            case .named(let name): name
            case .list(let inner): "[\(inner)]"
            case .nonNull(let inner): "\(inner)!"
            }
        }

        /// Introspection's nested `{kind, name, ofType}`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .kind) {
            case "LIST": self = .list(try container.decode(TypeReference.self, forKey: .ofType))
            case "NON_NULL": self = .nonNull(try container.decode(TypeReference.self, forKey: .ofType))
            default: self = .named(try container.decode(String.self, forKey: .name))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .named(let name):
                try container.encode("NAMED", forKey: .kind)
                try container.encode(name, forKey: .name)
            case .list(let inner):
                try container.encode("LIST", forKey: .kind)
                try container.encode(inner, forKey: .ofType)
            case .nonNull(let inner):
                try container.encode("NON_NULL", forKey: .kind)
                try container.encode(inner, forKey: .ofType)
            }
        }

        private enum CodingKeys: String, CodingKey { case kind, name, ofType }
    }

    /// An argument or an input field; `defaultValue` as a GraphQL literal.
    public struct InputValue: Codable, Sendable, Equatable {
        public let name: String
        public let type: TypeReference
        public let defaultValue: String?

        /// Non-null with no default: a caller must give it.
        public var isRequired: Bool { type.isNonNull && defaultValue == nil }
    }

    public struct Field: Codable, Sendable, Equatable {
        public let name: String
        public let args: [InputValue]
        public let type: TypeReference
        public let isDeprecated: Bool
        public let deprecationReason: String?
    }

    public struct EnumValue: Codable, Sendable, Equatable {
        public let name: String
        public let isDeprecated: Bool
        public let deprecationReason: String?
    }

    public struct Named: Codable, Sendable, Equatable {
        public let name: String
    }

    /// A named type; the lists its kind does not have are `nil`.
    public struct NamedType: Codable, Sendable, Equatable {
        public let kind: String
        public let name: String
        public let fields: [Field]?
        public let inputFields: [InputValue]?
        public let interfaces: [Named]?
        public let enumValues: [EnumValue]?
        public let possibleTypes: [Named]?

        /// The field `name`, of an object or an interface.
        public func field(_ name: String) -> Field? {
            fields?.first { $0.name == name }
        }
    }

    public let queryType: Named
    public let mutationType: Named?
    public let subscriptionType: Named?
    public let types: [NamedType]

    public init(queryType: Named, mutationType: Named?, subscriptionType: Named?, types: [NamedType]) {
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.types = types.sorted { $0.name < $1.name }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(queryType: try container.decode(Named.self, forKey: .queryType),
                  mutationType: try container.decodeIfPresent(Named.self, forKey: .mutationType),
                  subscriptionType: try container.decodeIfPresent(Named.self, forKey: .subscriptionType),
                  types: try container.decode([NamedType].self, forKey: .types))
    }

    private enum CodingKeys: String, CodingKey { case queryType, mutationType, subscriptionType, types }

    /// The type `name`.
    public func type(_ name: String) -> NamedType? {
        types.first { $0.name == name }
    }

    /// The types the schema declares, without introspection's own (`__Type`, …).
    var declaredTypes: [NamedType] { types.filter { !$0.name.hasPrefix("__") } }

    /// FNV-1a of the schema's sorted encoding, in hex: equal for equal schemas, across restarts.
    public var hash: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(self)) ?? Data()
        return String(FNV1a.hash(data), radix: 16)
    }

    /// The introspection document that reads it, with every deprecated field and enum value.
    public static let query = """
        query ContractIntrospection {
          __schema {
            queryType { name } mutationType { name } subscriptionType { name }
            types {
              kind name
              fields(includeDeprecated: true) {
                name args { name type { ...TypeReference } defaultValue }
                type { ...TypeReference } isDeprecated deprecationReason
              }
              inputFields { name type { ...TypeReference } defaultValue }
              interfaces { name }
              enumValues(includeDeprecated: true) { name isDeprecated deprecationReason }
              possibleTypes { name }
            }
          }
        }
        fragment TypeReference on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
        }
        """
}

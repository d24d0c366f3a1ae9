/// One difference between two versions of the BFF's schema, in graphql-inspector's three levels;
/// the breaking and dangerous ones are the kinds graphql-js's `findBreakingChanges` and
/// `findDangerousChanges` report.
public struct SchemaChange: Codable, Sendable, Equatable {
    public enum Criticality: String, Codable, Sendable, Comparable, CaseIterable {
        /// A client that used it fails: a type, field, argument or enum value removed, a type
        /// changed incompatibly, a required argument or input field added.
        case breaking
        /// A client may behave differently: an enum value, union member, interface or optional
        /// argument added, an argument's default changed.
        case dangerous
        /// Nothing a client sent before changes meaning: a type or field added, a deprecation.
        case safe

        public static func < (lhs: Self, rhs: Self) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public let criticality: Criticality
    /// The schema coordinate changed: `Moment`, `Moment.title`, `Query.user.id`, `MomentType.VIDEO`.
    public let path: String
    public let message: String
    /// The coordinate a document must use to be affected: the type of a removed enum value, the
    /// field of an added required argument, else `path` itself.
    public let scope: String

    public init(_ criticality: Criticality, path: String, message: String, scope: String? = nil) {
        self.criticality = criticality
        self.path = path
        self.message = message
        self.scope = scope ?? path
    }
}

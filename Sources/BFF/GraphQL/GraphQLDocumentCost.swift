import GraphQL

/// What a request asks the BFF to answer, counted on its parsed and validated document before it
/// runs, as GitHub's GraphQL API and graphql-armor's cost limit count it: a small document can ask
/// for a large answer (100 aliased timelines), and its shape alone does not say so.
///
/// Each field costs 1, scalars included (each is resolved and written out); a list of objects
/// costs 1 plus its selection's cost times the entries it is expected to hold (`ListSize`); a
/// list of scalars (`photos`) costs 1. Each alias counts, each fragment counts where it is
/// spread (a field asked twice counts twice, though it runs once: the count errs on the high
/// side), and a field that `@skip` or `@include` leaves out counts nothing. A page's size may
/// come from a variable (`first: $first`), so the cost is counted for each request, not once per
/// document as validation is (`ValidatedDocuments`); it walks each fragment once per page size,
/// so a fragment spread many times costs no more time to count than one spread once.
struct GraphQLDocumentCost: Sendable {
    /// How many entries a list field is expected to hold.
    enum ListSize: Sendable {
        /// A page of the timeline: the `first` argument of the field that answers it (0 to
        /// `MomentsPage.maximumFirst`), else `maximumFirst`: without `first` the page holds every
        /// moment, costed as the largest page a client may ask for.
        case page
        /// As many as the field's list argument `argument` holds, else `otherwise`.
        case count(of: String, otherwise: Int)
        case fixed(Int)
    }

    /// The timeline's lists by `Type.field`. Any other list of objects is costed as
    /// `unsizedList`: adding a list to the schema is adding its line here.
    static let timelineListSizes: [String: ListSize] = [
        "MomentsDetails.moments": .page,
        // The store answers every like; no demo or generated moment has more than this.
        "Moment.likes": .fixed(DemoData.generatedMaximumLikes),
        "Mutation.updateMomentLikes": .count(of: "changes", otherwise: MomentLikeChange.maximumCount),
    ]

    /// The size of a list of objects that `timelineListSizes` leaves out: the largest the BFF answers.
    static let unsizedList = ListSize.fixed(MomentsPage.maximumFirst)

    /// What the walk needs to know of a field.
    private struct FieldShape: Sendable {
        /// The name of the field's type, lists and non-null taken off.
        let typeName: String
        let isList: Bool
        /// An object, interface or union: the field has a selection.
        let hasSelection: Bool
        /// Whether the field takes `first`, the size of the page in its answer.
        let takesFirst: Bool
    }

    /// Each object or interface type's fields, by name; `__schema` and `__type` on the query type.
    private let fields: [String: [String: FieldShape]]
    /// Each list of objects' size, by `Type.field`: the timeline's, then introspection's.
    private let listSizes: [String: ListSize]
    /// The query, mutation and subscription types' names.
    private let rootTypes: [OperationType: String]

    init(schema: GraphQLSchema) {
        var fields: [String: [String: FieldShape]] = [:]
        for (name, type) in schema.typeMap {
            let map: GraphQLFieldMap? = switch type {
            case let object as GraphQLObjectType: try? object.fields()
            case let interface as GraphQLInterfaceType: try? interface.fields()
            default: nil
            }
            for (fieldName, field) in map ?? [:] {
                var type: GraphQLType = field.type
                if let nonNull = type as? GraphQLNonNull { type = nonNull.ofType }
                let named = getNamedType(type: type)
                fields[name, default: [:]][fieldName] = FieldShape(
                    typeName: named?.name ?? "", isList: type is GraphQLList, hasSelection: named is GraphQLCompositeType,
                    takesFirst: field.args["first"] != nil)
            }
        }
        // The meta-fields of the query type are in no field map.
        if let query = schema.queryType?.name {
            for (field, type) in ["__schema": "__Schema", "__type": "__Type"] {
                fields[query, default: [:]][field] = FieldShape(typeName: type, isList: false, hasSelection: true,
                                                                takesFirst: false)
            }
        }
        self.fields = fields
        rootTypes = [.query: schema.queryType?.name, .mutation: schema.mutationType?.name,
                     .subscription: schema.subscriptionType?.name].compactMapValues { $0 }
        listSizes = Self.timelineListSizes.merging(Self.introspectionListSizes(of: schema)) { timeline, _ in timeline }
    }

    /// The cost of running `operation` of `document` with `variables`; `Int.max` when it would
    /// overflow.
    func cost(of operation: OperationDefinition, in document: Document, variables: [String: Map]) -> Int {
        guard let rootType = rootTypes[operation.operation] else { return 0 }
        var walk = Walk(shape: self, document: document, operation: operation, variables: variables)
        return walk.cost(of: operation.selectionSet, on: rootType, pageSize: MomentsPage.maximumFirst)
    }

    /// One count: a document's fragments, the request's variables, and each fragment's cost once
    /// counted at a page size.
    private struct Walk {
        let shape: GraphQLDocumentCost
        let fragments: [String: FragmentDefinition]
        let variables: [String: Map]
        /// The operation's variables' default values, for those the request leaves out.
        let defaults: [String: Value]
        var fragmentCosts: [FragmentKey: Int] = [:]
        var fragmentsBeingCounted: Set<String> = []

        struct FragmentKey: Hashable {
            let name: String
            let pageSize: Int
        }

        init(shape: GraphQLDocumentCost, document: Document, operation: OperationDefinition, variables: [String: Map]) {
            self.shape = shape
            var fragments: [String: FragmentDefinition] = [:]
            for case let fragment as FragmentDefinition in document.definitions { fragments[fragment.name.value] = fragment }
            self.fragments = fragments
            self.variables = variables
            var defaults: [String: Value] = [:]
            for definition in operation.variableDefinitions {
                defaults[definition.variable.name.value] = definition.defaultValue
            }
            self.defaults = defaults
        }

        mutating func cost(of selectionSet: SelectionSet?, on typeName: String, pageSize: Int) -> Int {
            var total = 0
            for selection in selectionSet?.selections ?? [] {
                switch selection {
                case let field as Field where !isLeftOut(field.directives):
                    total = Self.sum(total, cost(of: field, on: typeName, pageSize: pageSize))
                case let inline as InlineFragment where !isLeftOut(inline.directives):
                    let condition = inline.typeCondition?.name.value ?? typeName
                    total = Self.sum(total, cost(of: inline.selectionSet, on: condition, pageSize: pageSize))
                case let spread as FragmentSpread where !isLeftOut(spread.directives):
                    total = Self.sum(total, cost(ofFragment: spread.name.value, pageSize: pageSize))
                default:
                    break
                }
            }
            return total
        }

        private mutating func cost(of field: Field, on typeName: String, pageSize: Int) -> Int {
            // `__typename` and fields validation would have refused are in no map: they cost 1.
            guard let shape = shape.fields[typeName]?[field.name.value], shape.hasSelection else { return 1 }
            var pageSize = pageSize
            if shape.takesFirst {
                let first = integer(argument("first", of: field)) ?? MomentsPage.maximumFirst
                pageSize = min(max(first, 0), MomentsPage.maximumFirst)
            }
            let selection = cost(of: field.selectionSet, on: shape.typeName, pageSize: pageSize)
            guard shape.isList else { return Self.sum(1, selection) }
            let entries = switch self.shape.listSizes["\(typeName).\(field.name.value)"] ?? GraphQLDocumentCost.unsizedList {
            case .page: pageSize
            case .count(let name, let otherwise): count(argument(name, of: field)) ?? otherwise
            case .fixed(let size): size
            }
            return Self.sum(1, Self.product(entries, selection))
        }

        private mutating func cost(ofFragment name: String, pageSize: Int) -> Int {
            let key = FragmentKey(name: name, pageSize: pageSize)
            if let known = fragmentCosts[key] { return known }
            // Validation refuses cycles and unknown fragments; neither is walked if one got here.
            guard let fragment = fragments[name], fragmentsBeingCounted.insert(name).inserted else { return 0 }
            let cost = cost(of: fragment.selectionSet, on: fragment.typeCondition.name.value, pageSize: pageSize)
            fragmentsBeingCounted.remove(name)
            fragmentCosts[key] = cost
            return cost
        }

        private func argument(_ name: String, of field: Field) -> Value? {
            field.arguments.first { $0.name.value == name }?.value
        }

        /// Whether `@skip(if: true)` or `@include(if: false)` leaves the selection out; one whose
        /// condition is not known here counts.
        private func isLeftOut(_ directives: [Directive]) -> Bool {
            directives.contains { directive in
                let condition = directive.arguments.first { $0.name.value == "if" }.flatMap { boolean($0.value) }
                return switch directive.name.value {
                case "skip": condition == true
                case "include": condition == false
                default: false
                }
            }
        }

        private func integer(_ value: Value?) -> Int? {
            switch value {
            case let literal as IntValue: Int(literal.value)
            case let variable as Variable: given(variable).map { $0.int } ?? integer(defaults[variable.name.value])
            default: nil
            }
        }

        private func boolean(_ value: Value?) -> Bool? {
            switch value {
            case let literal as BooleanValue: literal.value
            case let variable as Variable: given(variable).map { $0.bool } ?? boolean(defaults[variable.name.value])
            default: nil
            }
        }

        /// The entries of a list value; a single value is a list of one, as input coercion has it.
        private func count(_ value: Value?) -> Int? {
            switch value {
            case let literal as ListValue: literal.values.count
            case let variable as Variable:
                given(variable).map { $0.array?.count ?? ($0.isNull ? nil : 1) } ?? count(defaults[variable.name.value])
            case nil, is NullValue: nil
            default: 1
            }
        }

        /// The request's value of `variable`, null included; nil when the request leaves it out.
        private func given(_ variable: Variable) -> Map? {
            variables[variable.name.value].flatMap { $0.isUndefined ? nil : $0 }
        }

        private static func sum(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : sum
        }

        private static func product(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? .max : product
        }
    }

    /// Introspection's lists, sized as this schema's own: `types` and `directives` as many as it
    /// has, and each list of a type, field or directive as long as the average one (rounded up),
    /// so that `types { fields { args } }` costs about what its answer holds. The schema never
    /// changes, so neither do these.
    private static func introspectionListSizes(of schema: GraphQLSchema) -> [String: ListSize] {
        let types = Array(schema.typeMap.values)
        var fieldCount = 0, argumentCount = 0, inputFieldCount = 0, enumValueCount = 0, interfaceCount = 0
        var possibleTypeCount = 0
        for type in types {
            switch type {
            case let object as GraphQLObjectType:
                let fields = (try? object.fields()) ?? [:]
                fieldCount += fields.count
                argumentCount += fields.values.reduce(0) { $0 + $1.args.count }
                interfaceCount += (try? object.interfaces().count) ?? 0
            case let interface as GraphQLInterfaceType:
                let fields = (try? interface.fields()) ?? [:]
                fieldCount += fields.count
                argumentCount += fields.values.reduce(0) { $0 + $1.args.count }
                interfaceCount += (try? interface.interfaces().count) ?? 0
                possibleTypeCount += schema.getPossibleTypes(abstractType: interface).count
            case let union as GraphQLUnionType:
                possibleTypeCount += (try? union.types().count) ?? 0
            case let input as GraphQLInputObjectType:
                inputFieldCount += (try? input.fields().count) ?? 0
            case let enumeration as GraphQLEnumType:
                enumValueCount += enumeration.values.count
            default:
                break
            }
        }
        func average(_ total: Int, per count: Int) -> ListSize {
            .fixed(count == 0 ? 0 : (total + count - 1) / count)
        }
        let directiveArguments = schema.directives.reduce(0) { $0 + $1.args.count }
        return [
            "__Schema.types": .fixed(types.count),
            "__Schema.directives": .fixed(schema.directives.count),
            "__Type.fields": average(fieldCount, per: types.count),
            "__Type.inputFields": average(inputFieldCount, per: types.count),
            "__Type.enumValues": average(enumValueCount, per: types.count),
            "__Type.interfaces": average(interfaceCount, per: types.count),
            "__Type.possibleTypes": average(possibleTypeCount, per: types.count),
            "__Field.args": average(argumentCount, per: fieldCount),
            "__Directive.args": average(directiveArguments, per: schema.directives.count),
        ]
    }
}

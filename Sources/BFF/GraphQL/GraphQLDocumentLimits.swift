import GraphQL

/// Bounds on a GraphQL request, checked before it runs.
///
/// The library's parser recurses once per level of nesting with no bound of its own, so a few KB
/// of `{a{a{a…` or of nested input objects overflow the thread's stack and stop the process that
/// embeds the BFF. `check` counts nesting and tokens the way the GraphQL lexer reads them
/// (strings, block strings and comments hide their brackets) without building anything, and
/// refuses the document before the parser sees it; aliases are counted on the parsed document,
/// which is then shallow enough to walk; the request's cost (`GraphQLDocumentCost`) is counted on
/// the validated document with the request's variables.
struct GraphQLDocumentLimits: Sendable {
    /// Levels of `{`, `(` and `[` together. The standard introspection query needs 13.
    var maxDepth = 32
    /// Punctuators, names, numbers and strings. The dashboard's largest document has about 60,
    /// the standard introspection query about 300.
    var maxTokens = 5_000
    /// Fields with an alias: each runs its resolver again, so aliases multiply a document's cost.
    var maxAliases = 100
    /// The most a request may cost (`GraphQLDocumentCost`). A client that does not page reads the
    /// whole timeline in one document, costed as a page of `MomentsPage.maximumFirst` moments: with
    /// every field the schema has it costs 51,007 and stays allowed; two in one document do not.
    var maxCost = 60_000

    init() {}

    /// Why a document is refused before it runs.
    enum Violation: Error, Equatable, Sendable {
        case tooDeep(limit: Int)
        case tooManyTokens(limit: Int)
        case tooManyAliases(limit: Int)
        case tooCostly(cost: Int, budget: Int)

        /// The `extensions.code` of the GraphQL error that answers it.
        var code: String {
            switch self {
            case .tooDeep: "DOCUMENT_TOO_DEEP"
            case .tooManyTokens: "DOCUMENT_TOO_LARGE"
            case .tooManyAliases: "TOO_MANY_ALIASES"
            case .tooCostly: "DOCUMENT_TOO_COSTLY"
            }
        }

        var message: String {
            switch self {
            case .tooDeep(let limit): "The document nests more than \(limit) levels of selections, arguments or lists."
            case .tooManyTokens(let limit): "The document has more than \(limit) tokens."
            case .tooManyAliases(let limit): "The document has more than \(limit) aliased fields."
            case .tooCostly(let cost, let budget):
                "The document costs \(cost), over the budget of \(budget): ask for smaller pages (first) or fewer fields."
            }
        }

        /// The GraphQL error's `extensions`: its code, and what a client needs to shrink the document.
        var extensions: [String: Map] {
            guard case .tooCostly(let cost, let budget) = self else { return ["code": .string(code)] }
            return ["code": .string(code), "cost": .number(Number(cost)), "budget": .number(Number(budget))]
        }
    }

    /// Refuses `text` when it nests deeper or has more tokens than allowed; runs in one pass and
    /// never fails on text the parser would refuse anyway (that is the parser's to say).
    func check(_ text: String) throws(Violation) {
        let bytes = Array(text.utf8)
        var index = 0
        var depth = 0
        var tokens = 0
        func countToken() throws(Violation) {
            tokens += 1
            if tokens > maxTokens { throw .tooManyTokens(limit: maxTokens) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            case UInt8(ascii: "\""):
                try countToken()
                index = Self.endOfString(in: bytes, at: index)
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                try countToken()
                depth += 1
                if depth > maxDepth { throw .tooDeep(limit: maxDepth) }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                try countToken()
                depth = max(0, depth - 1)
                index += 1
            case _ where Self.isWordByte(byte):
                try countToken()
                while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            default:
                try countToken()
                index += 1
            }
        }
    }

    /// Refuses a parsed document with more aliased fields than allowed.
    func checkAliases(in document: Document) throws(Violation) {
        var aliases = 0
        func visit(_ selectionSet: SelectionSet?) throws(Violation) {
            for selection in selectionSet?.selections ?? [] {
                switch selection {
                case let field as Field:
                    if field.alias != nil {
                        aliases += 1
                        if aliases > maxAliases { throw .tooManyAliases(limit: maxAliases) }
                    }
                    try visit(field.selectionSet)
                case let fragment as InlineFragment:
                    try visit(fragment.selectionSet)
                default:
                    break
                }
            }
        }
        for definition in document.definitions {
            switch definition {
            case let operation as OperationDefinition: try visit(operation.selectionSet)
            case let fragment as FragmentDefinition: try visit(fragment.selectionSet)
            default: break
            }
        }
    }

    /// Refuses a request that costs more than allowed.
    func checkCost(_ cost: Int) throws(Violation) {
        if cost > maxCost { throw .tooCostly(cost: cost, budget: maxCost) }
    }

    /// Names, numbers, `...` and the like: runs of these bytes are one token (or a few, which
    /// only makes the count larger).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The index after the string starting at `start`: a block string (`"""…"""`, where only
    /// `\"""` escapes) or a string (`"…"`, where `\` escapes the next character, ended by a line
    /// break as the lexer ends it).
    private static func endOfString(in bytes: [UInt8], at start: Int) -> Int {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        func tripleQuote(at index: Int) -> Bool {
            index + 2 < bytes.count && bytes[index] == quote && bytes[index + 1] == quote && bytes[index + 2] == quote
        }
        if tripleQuote(at: start) {
            var index = start + 3
            while index < bytes.count {
                if bytes[index] == backslash, tripleQuote(at: index + 1) {
                    index += 4
                } else if tripleQuote(at: index) {
                    return index + 3
                } else {
                    index += 1
                }
            }
            return index
        }
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case quote: return index + 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return index
            case backslash: index += 2
            default: index += 1
            }
        }
        return min(index, bytes.count)
    }
}

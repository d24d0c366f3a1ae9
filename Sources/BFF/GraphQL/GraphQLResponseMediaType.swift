import HTTPServer

/// The media type a GraphQL answer is sent in, chosen from the request's `Accept` as GraphQL over
/// HTTP asks ("Body": the highest priority media type listed that the server supports).
///
/// `application/json` is what clients that ask for it, for anything (`*/*`), or for nothing (no
/// `Accept`) get, with the statuses this BFF has always sent; `application/graphql-response+json`
/// is sent only to clients that name it, and `text/event-stream` (GraphQL over SSE, the one way a
/// subscription is answered) to those that ask for it.
enum GraphQLResponseMediaType: String, CaseIterable {
    case graphQLResponseJSON = "application/graphql-response+json"
    case json = "application/json"
    case eventStream = "text/event-stream"

    /// The type to answer a request whose `Accept` is `accept` in; `nil` when it names neither,
    /// which is a 406.
    init?(accept: String?) {
        guard let accept else {
            self = .json
            return
        }
        let ranges = accept.split(separator: ",").map(MediaRange.init)
        // Each type weighs what its most specific range says; ties go to the range listed first,
        // and between wildcards to application/json, the type legacy clients expect, then to
        // the other types in their order here.
        let weighed = Self.allCases.compactMap { type -> (type: Self, weight: Double, position: Int)? in
            let matching = ranges.enumerated().filter { $0.element.matches(type.rawValue) }
            guard let best = matching.max(by: { $0.element.specificity < $1.element.specificity }) else { return nil }
            let position = best.element.specificity == 2 ? best.offset : ranges.count + Self.wildcardPreference.firstIndex(of: type)!
            return (type, best.element.weight, position)
        }
        let chosen = weighed.filter { $0.weight > 0 }
            .min { ($1.weight, $0.position) < ($0.weight, $1.position) }
        guard let chosen else { return nil }
        self = chosen.type
    }

    private static let wildcardPreference: [Self] = [.json, .graphQLResponseJSON, .eventStream]

    /// The `Content-Type` of the answer: the new type with its encoding (UTF-8, which the
    /// specification assumes anyway); `application/json` as this BFF has always written it.
    var contentType: String {
        switch self {
        case .graphQLResponseJSON, .eventStream: "\(rawValue); charset=utf-8"
        case .json: rawValue
        }
    }
}

/// One member of an `Accept` field: `type/subtype` (or a wildcard) and its `q` weight.
private struct MediaRange {
    let type: Substring
    let subtype: Substring
    let weight: Double

    init(_ member: Substring) {
        let parts = member.split(separator: ";").map { $0.withoutOptionalWhitespace.lowercased()[...] }
        let range = (parts.first ?? "").split(separator: "/", maxSplits: 1)
        type = range.first ?? ""
        subtype = range.count == 2 ? range[1] : ""
        let q = parts.dropFirst().first { $0.hasPrefix("q=") }
        weight = q.flatMap { Double($0.dropFirst(2)) } ?? 1
    }

    /// 2 for a type named whole, 1 for `type/*`, 0 for `*/*`.
    var specificity: Int { type == "*" ? 0 : subtype == "*" ? 1 : 2 }

    func matches(_ mediaType: String) -> Bool {
        let named = mediaType.split(separator: "/", maxSplits: 1)
        return (type == "*" || type == named[0]) && (subtype == "*" || subtype == named[1])
    }
}

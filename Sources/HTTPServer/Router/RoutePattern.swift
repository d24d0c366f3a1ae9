/// A path pattern such as `/moments/{id}/like`: literal segments and named parameters.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    public let description: String

    public init(_ pattern: String) {
        description = pattern
        segments = RoutePattern.split(pattern).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(String(segment))
        }
    }

    /// The parameters when `path` matches, else `nil`.
    func match(_ path: String) -> [String: String]? {
        let parts = RoutePattern.split(path)
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal) where literal == part:
                continue
            case .parameter(let name) where !part.isEmpty:
                parameters[name] = String(part)
            default:
                return nil
            }
        }
        return parameters
    }

    private static func split(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}

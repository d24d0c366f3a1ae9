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
        segments = RoutePattern.segments(of: pattern).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(String(segment))
        }
    }

    /// The parameters when a path of these segments (`segments(of:)`) matches, else `nil`.
    /// Literals are compared byte for byte, as a path's bytes are its identity (RFC 3986, 6.2.1):
    /// `String`'s `==` would also take a canonically equivalent spelling, and be slower.
    func match(_ parts: [Substring]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal) where literal.utf8.elementsEqual(part.utf8):
                continue
            case .parameter(let name) where !part.isEmpty:
                parameters[name] = String(part)
            default:
                return nil
            }
        }
        return parameters
    }

    /// `path`'s segments, without empty ones (`/a//b/` is `a`, `b`): split once per request,
    /// by bytes, and matched against every route of their number.
    static func segments(of path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }
}

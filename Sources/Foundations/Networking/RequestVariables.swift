import Foundation
import Locking

/// The `variables` of a GraphQL request body as the network log shows them: JSON with sorted
/// keys, made from the body only when someone first reads them, so recording an exchange (every
/// like) costs no second parse and serialisation of the body it just sent, and then kept, so the
/// inspector's every drawing of a full log does not make them again. Read from the body's text as
/// the log keeps it, the same storage; from a copy of the whole body only when that text was cut.
public struct RequestVariables: Sendable, Encodable, Equatable {
    private let body: Body
    private let made = Made()

    private enum Body: Sendable, Equatable {
        case kept(String)
        case whole(Data)
    }

    /// The text once made: `nil` before, `.some(nil)` for a body without variables.
    private final class Made: Sendable {
        let text = Locked<String??>(nil)
    }

    /// The variables of `body`, which the log keeps as `kept`.
    public init(body: Data, kept: NetworkBody) {
        self.body = kept.isTruncated ? .whole(body) : .kept(kept.text)
    }

    /// The variables as JSON with sorted keys; `nil` when the body has none or is not JSON.
    public var json: String? {
        if let text = made.text.withLock({ $0 }) { return text }
        let text = switch body {
        case .kept(let text): Self.json(of: Data(text.utf8))
        case .whole(let data): Self.json(of: data)
        }
        made.text.withLock { $0 = text }
        return text
    }

    /// The variables of the GraphQL request `body` as JSON with sorted keys; `nil` when it has none or is not JSON.
    public static func json(of body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let variables = object["variables"],
              let data = try? JSONSerialization.data(withJSONObject: variables, options: [.sortedKeys, .fragmentsAllowed]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Bytes held besides the request body's text.
    var storedBytes: Int {
        if case .whole(let data) = body { data.count } else { 0 }
    }

    public static func == (lhs: RequestVariables, rhs: RequestVariables) -> Bool {
        lhs.body == rhs.body
    }

    /// Encoded as the JSON text itself, as the inspector's answers show it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}

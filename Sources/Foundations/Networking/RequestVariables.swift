import Foundation

/// The `variables` of a GraphQL request body as the network log shows them: JSON with sorted
/// keys, made from the body only when someone reads them, so recording an exchange (every like)
/// costs no second parse and serialisation of the body it just sent.
public struct RequestVariables: Sendable, Encodable, Equatable {
    private let body: Data

    public init(body: Data) {
        self.body = body
    }

    /// The variables as JSON with sorted keys; `nil` when the body has none or is not JSON.
    public var json: String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let variables = object["variables"],
              let data = try? JSONSerialization.data(withJSONObject: variables, options: [.sortedKeys, .fragmentsAllowed]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Bytes held: the whole body it is read from.
    var storedBytes: Int { body.count }

    /// Encoded as the JSON text itself, as the inspector's answers show it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}

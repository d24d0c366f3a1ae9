/// A form whose fields do not decode into what its route takes (`Request.decode`): 400
/// `invalid_form`, naming the field and what it takes. The dashboard's own pages always send
/// them right: it is an old page's form, or a script's.
public struct InvalidFormError: HTTPResponseError, Sendable, Equatable {
    /// What the form must carry, as `isLiked=true|false`.
    public let expected: String
    public var status: HTTPStatus { .badRequest }
    public var code: String { "invalid_form" }
    public var message: String { "The form needs \(expected)." }
}

extension InvalidFormError {
    /// What `error`, met decoding a form, says the form lacks.
    init(_ error: DecodingError) {
        func name(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        expected = switch error {
        case .keyNotFound(let key, let context): "\(name(context.codingPath + [key]))=…"
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            "\(name(context.codingPath))=\(Self.describe(type))"
        case .dataCorrupted(let context): "\(name(context.codingPath))=\(context.debugDescription)"
        @unknown default: "the fields of this form"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true|false"
        case is Int.Type: "<a whole number>"
        case is Double.Type: "<a number>"
        default: "<text>"
        }
    }
}

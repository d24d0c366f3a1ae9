import Foundation

extension Request {
    /// The body as `type`, as Hummingbird's `Request.decode(as:)`: a form
    /// (`application/x-www-form-urlencoded`, `URLEncodedFormDecoder`) or JSON, into the same
    /// type. Any failure is a 400 that names the field at fault: `InvalidFormError` (`invalid_form`)
    /// for a form, `invalid_json` for JSON (a missing body, a field of the wrong type, a key given
    /// twice). Which bodies a route takes is checked before, once, by its group's policy:
    /// `JSONContentTypeMiddleware` where only JSON goes, `CSRFMiddleware` for forms.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        if contentType == "application/x-www-form-urlencoded" {
            do {
                return try URLEncodedFormDecoder().decode(type, from: formFields)
            } catch let error as DecodingError {
                throw InvalidFormError(error)
            }
        }
        guard !body.isEmpty else {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The request has no body; send one as JSON.")
        }
        let value: Value
        do {
            value = try JSONCoding.decoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, code: "invalid_json", message: explain(error))
        } catch {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The body is not valid JSON.")
        }
        if let path = JSONDuplicateKeys.first(in: body) {
            throw HTTPError(.badRequest, code: "invalid_json",
                            message: "\(Self.field(path)) is given more than once; give each key once.")
        }
        return value
    }

    private func explain(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> [JSONDuplicateKeys.PathComponent] {
            codingPath.map { $0.intValue.map(JSONDuplicateKeys.PathComponent.index) ?? .key($0.stringValue) }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(Self.field(path(context.codingPath + [key]))) is missing."
        case .typeMismatch(let type, let context):
            return "\(Self.field(path(context.codingPath))) must be \(Self.describe(type))."
        case .valueNotFound(let type, let context):
            return "\(Self.field(path(context.codingPath))) must be \(Self.describe(type)), not null."
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "\(Self.field(path(context.codingPath))) has a value that is not allowed."
        case .dataCorrupted:
            // Foundation reports a number that does not fit its field (1.5 for an integer) without
            // a path, as it reports text that is not JSON: tell the two apart by parsing again.
            let isJSON = (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) != nil
            return isJSON ? "A value in the body is not of the type its field takes." : "The body is not valid JSON."
        @unknown default:
            return "The body is not the JSON this endpoint takes."
        }
    }

    /// `"changes[0].isLiked"`, or "the body" for the top level.
    private static func field(_ path: [JSONDuplicateKeys.PathComponent]) -> String {
        guard !path.isEmpty else { return "the body" }
        var text = ""
        for component in path {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            }
        }
        return "\"\(text)\""
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        default: "a JSON \(type)"
        }
    }
}

import Foundation

extension Request {
    /// The JSON body as `type`, as Hummingbird's `Request.decode(as:)`: any decoding failure is a
    /// 400 `invalid_json` that names the field at fault. The `application/json` requirement is
    /// checked before, once, by `JSONContentTypeMiddleware` on the routes that take JSON.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        do {
            return try JSONCoding.decoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, code: "invalid_json", message: Self.explain(error))
        } catch {
            throw HTTPError(.badRequest, code: "invalid_json", message: "The body is not valid JSON.")
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the body" : "\"" + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".") + "\""
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])) is missing."
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)) must be \(describe(type))."
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)) must be \(describe(type)), not null."
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "The body is not valid JSON." : "\(field(context.codingPath)) has a value that is not allowed."
        @unknown default:
            return "The body is not the JSON this endpoint takes."
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        default: "a JSON \(type)"
        }
    }
}

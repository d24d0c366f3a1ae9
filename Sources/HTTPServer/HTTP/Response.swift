import Bytes
import Foundation

/// What a handler answers: a status, headers and a body held in memory or streamed.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Body
    /// Set by a handler whose answer may be given again to the same request (`ReadyAnswers`).
    public var reuse: Reuse?

    /// The bytes sent after the headers.
    public enum Body: Sendable {
        case data(Data)
        /// Bytes shared with other responses, never copied.
        case shared(SharedBytes)
        /// Produced while the connection stays open, for server-sent events.
        case stream(ResponseStream)
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: Body = .data(Data())) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], data: Data) {
        self.init(status: status, headers: headers, body: .data(data))
    }

    /// A `text/plain; charset=utf-8` answer.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], data: Data(text.utf8))
    }

    /// A `text/html; charset=utf-8` answer.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], data: Data(html.utf8))
    }

    /// A JSON answer of `value`, encoded as every answer is (`JSONCoding`).
    public static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok) throws -> Response {
        Response(status: status, headers: ["Content-Type": "application/json"], data: try JSONCoding.encoder().encode(value))
    }

    /// A redirect to `location` with 303, so a form POST is followed by a GET.
    public static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: ["Location": location])
    }

    /// The body's bytes when it is held in memory.
    public var bodyData: Data? {
        switch body {
        case .data(let data): data
        case .shared(let bytes): Data(bytes.buffer)
        case .stream: nil
        }
    }
}

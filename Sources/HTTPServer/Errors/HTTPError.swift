import Foundation

/// An error of HTTP itself (404, 405, 413, 415…), or one a handler makes up on the spot.
///
/// `code` is a short machine-readable word (`unknown_toggle`) for JSON answers; `message` is
/// the sentence a person reads. Domain errors conform to `HTTPResponseError` themselves.
public struct HTTPError: HTTPResponseError, Sendable, Equatable {
    public var status: HTTPStatus
    public var code: String
    public var message: String
    public var headers: HTTPHeaders

    public init(_ status: HTTPStatus, code: String? = nil, message: String? = nil, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code ?? status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
        self.message = message ?? status.reasonPhrase
        self.headers = headers
    }

    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.message == rhs.message
    }
}

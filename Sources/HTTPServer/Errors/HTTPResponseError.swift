/// An error that knows how it is answered: its status, a short machine-readable code, the
/// sentence a person reads and any headers (`Allow`, `Retry-After`).
///
/// Handlers and the layers under them throw such errors; the router hands every one to its
/// `ErrorRenderer`, the one place that turns errors into answers. Anything else thrown
/// becomes a 500 with no details.
public protocol HTTPResponseError: Error {
    var status: HTTPStatus { get }
    /// A short word for scripts (`unknown_toggle`), stable across releases and languages.
    var code: String { get }
    /// The sentence a person reads.
    var message: String { get }
    var headers: HTTPHeaders { get }
}

extension HTTPResponseError {
    public var headers: HTTPHeaders { [:] }
}

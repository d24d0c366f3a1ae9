/// How a request says where its body ends, checked at the head, before libmicrohttpd reads a
/// byte of the body: RFC 9112 §6 leaves a server no safe reading of a head that says it twice.
/// libmicrohttpd takes one `Content-Length` of several that disagree, and reads a body beside a
/// transfer coding it does not know; a proxy in front that read the other one would see a
/// second, smuggled request in this one's body. Public for its fuzz harness (`Tests/Fuzz`).
public struct MessageFraming: Sendable {
    /// The body's length as the head gives it; nil without a `Content-Length`.
    public let contentLength: Int?
    /// Whether the body comes in chunks (`Transfer-Encoding: chunked`), its length unknown.
    public let isChunked: Bool

    /// The framing a head's `Content-Length` and `Transfer-Encoding` fields give (each field's
    /// value, as they came), or the refusal of a head whose framing is ambiguous or not understood.
    public static func read(contentLengths: [String], transferEncodings: [String]) -> Result<MessageFraming, HTTPError> {
        // Most heads say neither: no lists, no set to build.
        guard !contentLengths.isEmpty || !transferEncodings.isEmpty else { return .success(MessageFraming(contentLength: nil, isChunked: false)) }
        // A list of lengths in one field never gets here: libmicrohttpd refuses it (400).
        let lengths = contentLengths.map { String($0[...].withoutOptionalWhitespace) }
        let codings = transferEncodings.flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false).map { String($0.withoutOptionalWhitespace) }
        }
        if Set(lengths).count > 1 {
            return .failure(HTTPError(.badRequest, code: "conflicting_content_length",
                                      message: "The request gives Content-Length more than once, with different values (\(lengths.joined(separator: ", ")))."))
        }
        guard !codings.isEmpty else { return .success(MessageFraming(contentLength: lengths.first.flatMap { Int($0) }, isChunked: false)) }
        if !lengths.isEmpty {
            return .failure(HTTPError(.badRequest, code: "ambiguous_framing",
                                      message: "The request gives both Content-Length and Transfer-Encoding; send one of them."))
        }
        if codings.map({ $0.lowercased() }) != ["chunked"] {
            return .failure(HTTPError(.notImplemented, code: "unsupported_transfer_coding",
                                      message: "This server reads Transfer-Encoding: chunked alone, not \(codings.joined(separator: ", "))."))
        }
        return .success(MessageFraming(contentLength: nil, isChunked: true))
    }
}

import Bytes
import Foundation

/// A body that does not change between requests (a file, a generated stylesheet, a drawn page),
/// answered with its `ETag` and a 304 when the client already has it, and in gzip to a client
/// that takes it when there is a gzip form. The bytes are shared by every answer, never copied.
public struct FixedResponse: Sendable {
    public let etag: String
    public let headers: HTTPHeaders
    /// The body, and the body in gzip when there is a gzip form: kept (a file), or made for the
    /// answer that sends it (a cached page joined around the client's token).
    private let body: @Sendable () -> SharedBytes
    private let gzipped: (@Sendable () -> SharedBytes)?

    /// The size of the body as it is, in bytes.
    public var count: Int { body().count }

    public init(data: Data, contentType: String, etag: String? = nil, cacheControl: String = "no-cache") {
        self.init(bytes: SharedBytes(data), contentType: contentType, etag: etag ?? FixedResponse.etag(of: data),
                  cacheControl: cacheControl)
    }

    /// `bytes` as the body, versioned by `etag`.
    public init(bytes: SharedBytes, contentType: String, etag: String, cacheControl: String = "no-cache") {
        self.init(body: { bytes }, contentType: contentType, etag: etag, cacheControl: cacheControl)
    }

    /// The body `body` makes, versioned by `etag`; `gzipped` makes the same body in gzip.
    public init(body: @escaping @Sendable () -> SharedBytes, gzipped: (@Sendable () -> SharedBytes)? = nil,
                contentType: String, etag: String, cacheControl: String = "no-cache") {
        self.body = body
        self.gzipped = gzipped
        self.etag = etag
        var headers: HTTPHeaders = ["Content-Type": contentType, "Cache-Control": cacheControl]
        if gzipped != nil { headers.add("Vary", "Accept-Encoding") }
        self.headers = headers
    }

    /// A text file's bytes, with a gzip form when it is smaller (an image is compressed already).
    public static func text(_ data: Data, contentType: String, cacheControl: String = "no-cache") -> FixedResponse {
        let bytes = SharedBytes(data)
        let gzip = GzipPieces([bytes], valueLength: 0).joined(separator: "")
        var gzipped: (@Sendable () -> SharedBytes)?
        if gzip.count < bytes.count { gzipped = { @Sendable in gzip } }
        return FixedResponse(body: { bytes }, gzipped: gzipped, contentType: contentType, etag: etag(of: data),
                             cacheControl: cacheControl)
    }

    /// 304 with no body when `If-None-Match` names this version (compared weakly, as RFC 9110
    /// says for it: `W/"x"` names `"x"`), else 200 with the body; both in gzip, under a tag of
    /// their own (another representation), when there is a gzip form and the client takes it.
    public func respond(to request: Request) -> Response {
        let gzipped = request.acceptsGzip ? gzipped : nil
        let tag = gzipped == nil ? etag : String(etag.dropLast()) + "-gzip\""
        var headers = headers
        headers.add("ETag", tag)
        if let tags = request.headers["If-None-Match"],
           tags.split(separator: ",").contains(where: { listed in
               let listed = listed.withoutOptionalWhitespace
               return listed == "*" || (listed.hasPrefix("W/") ? listed.dropFirst(2) : listed) == tag
           }) {
            headers.remove("Content-Type")
            return Response(status: .notModified, headers: headers)
        }
        guard let gzipped else { return Response(status: .ok, headers: headers, body: .shared(body())) }
        headers.add("Content-Encoding", "gzip")
        return Response(status: .ok, headers: headers, body: .shared(gzipped()))
    }

    /// A strong validator from the bytes (FNV-1a, 64 bits): equal bodies, equal tags.
    static func etag(of data: Data) -> String {
        "\"\(FNV1a.version(of: data))\""
    }
}

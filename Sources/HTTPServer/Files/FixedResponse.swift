import Foundation

/// A body that does not change between requests (a file, a generated stylesheet), answered
/// with its `ETag` and a 304 when the client already has it. The bytes are shared by every
/// answer, never copied.
public struct FixedResponse: Sendable {
    public let bytes: SharedBytes
    public let etag: String
    public let headers: HTTPHeaders

    public init(data: Data, contentType: String, etag: String? = nil, cacheControl: String = "no-cache") {
        self.init(bytes: SharedBytes(data), contentType: contentType, etag: etag ?? FixedResponse.etag(of: data),
                  cacheControl: cacheControl)
    }

    /// `bytes` as the body, versioned by `etag`.
    public init(bytes: SharedBytes, contentType: String, etag: String, cacheControl: String = "no-cache") {
        self.bytes = bytes
        self.etag = etag
        headers = ["Content-Type": contentType, "Cache-Control": cacheControl, "ETag": etag]
    }

    /// 304 with no body when `If-None-Match` names this version, else 200 with the body.
    public func respond(to request: Request) -> Response {
        if let tags = request.headers["If-None-Match"],
           tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0 == "*" }) {
            var headers = headers
            headers.remove("Content-Type")
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .shared(bytes))
    }

    /// A strong validator from the bytes (FNV-1a, 64 bits): equal bodies, equal tags.
    static func etag(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"\(String(hash, radix: 16))-\(String(data.count, radix: 16))\""
    }
}

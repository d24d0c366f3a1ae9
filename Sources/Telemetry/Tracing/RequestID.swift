/// A request's id, as its answer's `X-Request-Id` carries it and its log lines name it: a valid
/// incoming one kept (`RequestTrace.isValidRequestID`), else eight random bytes, read as sixteen
/// lowercase hex digits. A made id is kept as its bytes and written out when read: an answer
/// reused on libmicrohttpd's thread copies the digits straight into its header, and no string is
/// made (one allocation a request, and a check of its UTF-8).
public struct RequestID: Sendable, CustomStringConvertible {
    private enum Source: Sendable {
        case kept(String)
        case made(UInt64)
    }

    private let source: Source

    /// The id of a request that came with `incoming` as its `X-Request-Id`: kept when valid, else made here.
    public init(keeping incoming: String?) {
        if let incoming, RequestTrace.isValidRequestID(incoming) {
            source = .kept(incoming)
        } else {
            var bytes: UInt64 = 0
            withUnsafeMutableBytes(of: &bytes) { KernelRandom.fill($0) }
            source = .made(bytes)
        }
    }

    public var description: String {
        switch source {
        case .kept(let id): id
        case .made: withUTF8 { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Calls `body` with the id's bytes as the header carries them.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch source {
        case .kept(var id): try id.withUTF8(body)
        case .made(let bytes): try withUnsafeBytes(of: bytes) { try KernelRandom.withHex(of: $0, body) }
        }
    }
}

import Bytes

/// A picture ready to be answered as often as it is asked for: its bytes, shared by every answer
/// and never copied, and a version that changes with them.
public struct Picture: Sendable {
    /// `image/…`, without parameters.
    public let contentType: String
    public let bytes: SharedBytes
    /// Equal pictures have equal versions, in every process (`FNV1a.version(of:)`).
    public let version: String

    init(_ fetched: FetchedPicture) {
        contentType = fetched.contentType
        bytes = SharedBytes(fetched.data)
        version = FNV1a.version(of: bytes.buffer)
    }
}

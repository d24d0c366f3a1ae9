/// Bytes written once and never changed, at an address that stays put while anyone holds them.
///
/// A response whose body is these is handed to the HTTP library as a pointer to them, so a cached
/// page, file or picture is sent by many connections at once without a copy.
public final class SharedBytes: @unchecked Sendable {
    // Unchecked: the buffer is filled in `init` and only read after, so sharing it is safe.
    public let buffer: UnsafeRawBufferPointer

    /// `count` bytes, written by `initialize` before anyone else sees them.
    public init(count: Int, initialize: (UnsafeMutableRawBufferPointer) -> Void) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        initialize(buffer)
        self.buffer = UnsafeRawBufferPointer(buffer)
    }

    public convenience init(_ bytes: some Collection<UInt8>) {
        self.init(count: bytes.count) { buffer in
            if bytes.withContiguousStorageIfAvailable({ buffer.copyMemory(from: UnsafeRawBufferPointer($0)) }) == nil {
                buffer.copyBytes(from: bytes)
            }
        }
    }

    public convenience init(_ string: String) {
        self.init(string.utf8)
    }

    /// `pieces` one after another with `separator` between each two, in one new buffer.
    public convenience init(joining pieces: [SharedBytes], separator: SharedBytes) {
        let count = pieces.reduce(0) { $0 + $1.count } + separator.count * max(0, pieces.count - 1)
        self.init(count: count) { buffer in
            var offset = 0
            func append(_ bytes: SharedBytes) {
                UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]).copyMemory(from: bytes.buffer)
                offset += bytes.count
            }
            for (index, piece) in pieces.enumerated() {
                if index > 0 { append(separator) }
                append(piece)
            }
        }
    }

    deinit {
        buffer.deallocate()
    }

    public var count: Int { buffer.count }
}

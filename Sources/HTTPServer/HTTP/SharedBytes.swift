import Foundation

/// Bytes written once and never changed, at an address that stays put while anyone holds them.
///
/// A response whose body is made of these is handed to libmicrohttpd as an I/O vector that
/// points at them, so a cached page or file is sent by many connections at once without a copy.
public final class SharedBytes: @unchecked Sendable {
    // Unchecked: the buffer is filled in `init` and only read after, so sharing it is safe.
    let buffer: UnsafeRawBufferPointer

    public init(_ bytes: some Collection<UInt8>) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
        self.buffer = UnsafeRawBufferPointer(buffer)
    }

    public convenience init(_ string: String) {
        self.init(string.utf8)
    }

    deinit {
        buffer.deallocate()
    }

    public var count: Int { buffer.count }
}

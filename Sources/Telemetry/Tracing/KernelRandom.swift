import Foundation
import Locking

/// Random numbers from the kernel's generator (`getrandom`, through glibc's `arc4random_buf`),
/// drawn 4 KiB at a time and handed out in order, each byte once: request ids, trace and span
/// ids and CSRF tokens cost a lock instead of a system call each. The bytes are the kernel's own; keeping the next few
/// thousand in this process's memory exposes nothing a token in it would not. A pool per
/// stripe of threads: the workers answering requests do not share one.
public struct KernelRandom: RandomNumberGenerator {
    private static let pool = Striped { Pool() }

    /// Words drawn from the pool at once and handed out in order: a trace's ids cost one lock.
    private var drawn: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var used = 4

    public init() {}

    public mutating func next() -> UInt64 {
        if used == 4 {
            withUnsafeMutableBytes(of: &drawn) { Self.fill($0) }
            used = 0
        }
        defer { used += 1 }
        return withUnsafeBytes(of: drawn) { $0.load(fromByteOffset: used * MemoryLayout<UInt64>.size, as: UInt64.self) }
    }

    /// `count` random bytes as lowercase hex: `2 × count` characters (CSRF tokens).
    public static func hex(bytes count: Int) -> String {
        withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { bytes in
            fill(bytes)
            return withHex(of: UnsafeRawBufferPointer(bytes)) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// `bytes` as lowercase hex, two digits a byte, lent to `body` from the stack.
    public static func withHex<Result>(of bytes: UnsafeRawBufferPointer,
                                       _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 2) { hex in
            for (index, byte) in bytes.enumerated() {
                hex[2 * index] = hexDigits[Int(byte >> 4)]
                hex[2 * index + 1] = hexDigits[Int(byte & 0x0f)]
            }
            return try body(UnsafeBufferPointer(hex))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Fills `buffer` with bytes no one else is given.
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count <= Pool.size else {
            arc4random_buf(buffer.baseAddress!, buffer.count)
            return
        }
        pool.withLock { $0.take(into: buffer) }
    }

    private struct Pool {
        static let size = 4096
        private var bytes = [UInt8](repeating: 0, count: size)
        /// The first byte not handed out yet; `size` when all were.
        private var next = size

        mutating func take(into buffer: UnsafeMutableRawBufferPointer) {
            if next + buffer.count > Self.size {
                bytes.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
                next = 0
            }
            bytes.withUnsafeMutableBytes { pool in
                let taken = UnsafeMutableRawBufferPointer(rebasing: pool[next..<next + buffer.count])
                buffer.copyMemory(from: UnsafeRawBufferPointer(taken))
                // Handed out once: the pool keeps no copy of what it gave.
                taken.initializeMemory(as: UInt8.self, repeating: 0)
            }
            next += buffer.count
        }
    }
}

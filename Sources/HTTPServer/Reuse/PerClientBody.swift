import Locking

/// A kept body with a per-client value written at known places: each answer gets its own copy
/// with a fresh value there. Copies come back when libmicrohttpd has sent them and are reused,
/// so an answer writes the value's few bytes instead of allocating and copying the whole body
/// (about 4% of a reused page's time: the copy, and `malloc_consolidate` after freeing 19 KB).
final class PerClientBody: Sendable {
    private let template: SharedBytes
    /// Where the value starts in `template`, and its length in bytes.
    private let offsets: [Int]
    private let valueLength: Int
    private let spares: BufferPool

    /// `bytes` with `value` at every place it is; `nil` when it has none.
    init?(_ bytes: SharedBytes, value: String) {
        var offsets: [Int] = []
        var start = 0
        while let found = bytes.buffer[start...].firstRange(of: value.utf8) {
            offsets.append(found.lowerBound)
            start = found.upperBound
        }
        guard !offsets.isEmpty else { return nil }
        template = bytes
        self.offsets = offsets
        valueLength = value.utf8.count
        spares = BufferPool(size: bytes.count, limit: Self.spareLimit)
    }

    /// Spares kept: enough for the answers a busy server has in flight at once; more are freed.
    static let spareLimit = 16

    /// The bytes it may hold: the template and its spares.
    var cost: Int { template.count * (1 + Self.spareLimit) }

    /// The body with `value` in place of the kept one: in a spare buffer when `value` has the
    /// kept one's length (every token this dashboard issues has one), else joined anew.
    func filled(with value: String) -> SharedBytes {
        var value = value
        return value.withUTF8 { value in
            guard value.count == valueLength else { return joined(around: value) }
            return SharedBytes(pooledBy: spares) { buffer, isFresh in
                if isFresh { buffer.copyMemory(from: template.buffer) }
                for offset in offsets {
                    UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + valueLength]).copyMemory(from: UnsafeRawBufferPointer(value))
                }
            }
        }
    }

    /// The template's bytes between the kept value's places, with `value` in each.
    private func joined(around value: UnsafeBufferPointer<UInt8>) -> SharedBytes {
        SharedBytes(count: template.count + (value.count - valueLength) * offsets.count) { buffer in
            var from = 0, to = 0
            func copy(_ bytes: UnsafeRawBufferPointer) {
                UnsafeMutableRawBufferPointer(rebasing: buffer[to..<to + bytes.count]).copyMemory(from: bytes)
                to += bytes.count
            }
            for offset in offsets {
                copy(UnsafeRawBufferPointer(rebasing: template.buffer[from..<offset]))
                copy(UnsafeRawBufferPointer(value))
                from = offset + valueLength
            }
            copy(UnsafeRawBufferPointer(rebasing: template.buffer[from...]))
        }
    }
}

/// Buffers of one size, given back by the `SharedBytes` that held them and handed out again.
/// Keeps at most `limit`; more are freed as they come back.
final class BufferPool: @unchecked Sendable {
    // Unchecked: the buffers are only touched under the lock, and each is held by one owner at a time.
    let size: Int
    private let limit: Int
    private let spares = Locked<[Spare]>([])

    /// A buffer no one holds.
    private struct Spare: @unchecked Sendable {
        let buffer: UnsafeMutableRawBufferPointer
    }

    init(size: Int, limit: Int) {
        self.size = size
        self.limit = limit
    }

    /// A spare buffer, or `nil` when none is free.
    func take() -> UnsafeMutableRawBufferPointer? {
        spares.withLock { $0.popLast() }?.buffer
    }

    func give(_ buffer: UnsafeMutableRawBufferPointer) {
        let spare = Spare(buffer: buffer)
        let kept = spares.withLock { spares in
            guard spares.count < limit else { return false }
            spares.append(spare)
            return true
        }
        if !kept { buffer.deallocate() }
    }

    deinit {
        spares.withLock { $0.forEach { $0.buffer.deallocate() } }
    }
}

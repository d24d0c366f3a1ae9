import CZlib

/// The CRC-32 of a body of fixed bytes with one value of a fixed length at fixed places, for any
/// value, without reading the body again: what a gzip member's trailer needs when only the value
/// changes (`GzipPieces`, and a kept gzip answer lent with a fresh per-client value).
///
/// The CRC-32 is linear: the body's is the CRC of the body with NUL bytes for the values, plus the
/// values' own part, which is the CRC of one value (without the CRC's conditioning, `crc32` of the
/// value less `crc32` of as many NULs) shifted to each place it takes. The sum of those shifts is
/// one factor (`crc32_combine_gen` for each place, added), so a value costs one CRC of the value
/// and one multiplication (`crc32_combine_op`), whatever the number of places.
struct ValueCRC: Sendable {
    /// The CRC-32 of the body with NUL bytes for the values, and of one value's worth of NULs.
    private let crcWithNULs: uLong
    private let crcOfNULs: uLong
    /// What moves a value's part of the CRC to every place the value takes, at once.
    private let valuePlaces: uLong

    /// - Parameters:
    ///   - body: the body, with NUL bytes where the values go.
    ///   - valueLength: the length, in bytes, of every value.
    ///   - bytesAfter: for each place, how many bytes of the body follow the value there.
    init(bodyWithNULs body: UnsafeRawBufferPointer, valueLength: Int, bytesAfter: [Int]) {
        crcWithNULs = Self.crc(body)
        crcOfNULs = [UInt8](repeating: 0, count: valueLength).withUnsafeBytes { Self.crc($0) }
        valuePlaces = bytesAfter.reduce(0) { $0 ^ crc32_combine_gen($1) }
    }

    /// The body's CRC-32 with `value`, of `valueLength` bytes, at every place.
    func crc(with value: UnsafeRawBufferPointer) -> UInt32 {
        let valuePart = Self.crc(value) ^ crcOfNULs
        // zlib's multiplication never ends for a factor of zero (no places, or shifts that cancel).
        return UInt32(truncatingIfNeeded: valuePlaces == 0 ? crcWithNULs : crcWithNULs ^ crc32_combine_op(valuePart, 0, valuePlaces))
    }

    static func crc(_ bytes: UnsafeRawBufferPointer) -> uLong {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc32(0, nil, 0) }
        return crc32(0, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
    }
}

extension ValueCRC {
    /// The CRC of the gzip member `gzip` as `value` changes, when every place of `value` in its
    /// content is also written as it is in the member, `timesStored` times (as `GzipPieces` stores
    /// a value, in stored blocks), so that a new value is written over the old and the trailer's
    /// CRC-32 made again. `nil` when `gzip` is not one whole member, or its content holds `value`
    /// more or fewer times than that (one compressed with the rest).
    init?(gzipMember gzip: UnsafeRawBufferPointer, value: String, timesStored: Int) {
        guard gzip.count >= 8, var content = Self.inflated(gzip) else { return nil }
        let places = content.offsets(of: value.utf8)
        guard places.count == timesStored else { return nil }
        let length = value.utf8.count
        for place in places { content.replaceSubrange(place..<place + length, with: repeatElement(0, count: length)) }
        self = content.withUnsafeBytes { ValueCRC(bodyWithNULs: $0, valueLength: length, bytesAfter: places.map { content.count - $0 - length }) }
        var value = value
        let trailer = gzip.loadUnaligned(fromByteOffset: gzip.count - 8, as: UInt32.self)
        guard value.withUTF8({ crc(with: UnsafeRawBufferPointer($0)) }) == UInt32(littleEndian: trailer) else { return nil }
    }

    /// The content of the gzip member `gzip` (zlib's gzip reader, which checks its header, CRC-32
    /// and size), or `nil` when zlib refuses it or it does not end where the member does.
    static func inflated(_ gzip: UnsafeRawBufferPointer) -> [UInt8]? {
        var stream = z_stream()
        // Window bits 15, plus 16: a gzip wrapper.
        guard let input = gzip.baseAddress, inflateInit2_(&stream, 16 + 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: input.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(gzip.count)
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let status = chunk.withUnsafeMutableBytes { chunk in
                stream.next_out = chunk.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(chunk.count)
                return inflate(&stream, Z_NO_FLUSH)
            }
            content += chunk.prefix(chunk.count - Int(stream.avail_out))
            if status == Z_STREAM_END { return stream.avail_in == 0 ? content : nil }
            // Z_BUF_ERROR: no progress, the member is cut short.
            guard status == Z_OK else { return nil }
        }
    }
}

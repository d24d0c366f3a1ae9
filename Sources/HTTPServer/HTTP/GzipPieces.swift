import Bytes
import CZlib

/// A body of fixed pieces with one per-request value of a fixed length between each two (a cached
/// page around its CSRF token), kept deflated, so that a gzip answer costs a copy, not a compression.
///
/// The pieces are deflated by zlib as one stream, each ending byte-aligned (a flush, no final block),
/// with the values in its history as NUL bytes: distances then count the value's bytes, and since
/// no piece holds a NUL no match reaches into a value. An answer is the gzip header (RFC 1952), the pieces
/// with the value between them as stored blocks (RFC 1951, 3.2.4), an empty final block, and the
/// CRC-32 (`ValueCRC`: one CRC of the value and one multiplication) and size of the whole.
public struct GzipPieces: Sendable {
    let deflated: [SharedBytes]
    /// The length, in bytes, of every value this body is joined with.
    public let valueLength: Int
    private let valueHeaders: [[UInt8]]
    private let crc: ValueCRC
    private let size: Int

    /// A gzip member's header: deflate, no name, no time, unknown system.
    static let header: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]
    /// An empty final block with fixed codes: what deflate writes to finish.
    static let finalBlock: [UInt8] = [0x03, 0x00]

    /// `pieces` deflated at zlib's `level`, for values of `valueLength` bytes between them.
    public init(_ pieces: [SharedBytes], valueLength: Int, level: Int32 = Z_DEFAULT_COMPRESSION) {
        self.valueLength = valueLength
        valueHeaders = Self.storedBlockHeaders(valueLength)
        deflated = Self.deflate(pieces, valueLength: valueLength, level: level)
        let nuls = [UInt8](repeating: 0, count: valueLength)
        var before: [UInt8] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 { before += nuls }
            before += piece.buffer
        }
        size = before.count
        // The bytes after each value, to the end of the body.
        var after = 0
        var bytesAfter: [Int] = []
        for piece in pieces.dropFirst().reversed() {
            after += piece.count
            bytesAfter.append(after)
            after += valueLength
        }
        crc = before.withUnsafeBytes { ValueCRC(bodyWithNULs: $0, valueLength: valueLength, bytesAfter: bytesAfter) }
    }

    /// One gzip body: the pieces with `value`, of `valueLength` bytes, between each two.
    public func joined(separator value: String) -> SharedBytes {
        var value = value
        precondition(value.utf8.count == valueLength || deflated.count < 2, "the pieces were deflated for values of \(valueLength) bytes")
        return value.withUTF8 { value in
            let storedValue = valueHeaders.count * 5 + valueLength
            let count = Self.header.count + deflated.reduce(0) { $0 + $1.count } + max(0, deflated.count - 1) * storedValue
                + Self.finalBlock.count + 8
            let checksum = crc.crc(with: UnsafeRawBufferPointer(value))
            return SharedBytes(count: count) { buffer in
                var offset = 0
                func append(_ bytes: UnsafeRawBufferPointer) {
                    UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + bytes.count]).copyMemory(from: bytes)
                    offset += bytes.count
                }
                Self.header.withUnsafeBytes { append($0) }
                for (index, piece) in deflated.enumerated() {
                    if index > 0 {
                        var start = 0
                        for header in valueHeaders {
                            header.withUnsafeBytes { append($0) }
                            let length = min(0xffff, valueLength - start)
                            append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: value[start..<start + length])))
                            start += length
                        }
                    }
                    append(piece.buffer)
                }
                Self.finalBlock.withUnsafeBytes { append($0) }
                // The trailer: CRC-32 and size (modulo 2^32), little-endian.
                for word in [checksum, UInt32(truncatingIfNeeded: size)] {
                    withUnsafeBytes(of: word.littleEndian) { append($0) }
                }
            }
        }
    }

    /// The headers of the stored blocks that carry a value of `length` bytes: one per 65,535
    /// bytes, each not final, with the block's length and its complement.
    private static func storedBlockHeaders(_ length: Int) -> [[UInt8]] {
        stride(from: 0, to: length, by: 0xffff).map { start in
            let count = UInt16(min(0xffff, length - start))
            return [0, UInt8(count & 0xff), UInt8(count >> 8), UInt8(~count & 0xff), UInt8(~count >> 8)]
        }
    }

    /// `pieces` as raw deflate blocks (no zlib or gzip wrapper) of one stream, each piece's ending
    /// byte-aligned and not final. Between two pieces the value goes into the history as NULs
    /// without being written (`deflateSetDictionary`, which raw deflate takes after a flush), so each
    /// piece refers back to those before it and the page is read once. A piece that holds a NUL
    /// could match into a value: then the history is dropped at every piece (`Z_FULL_FLUSH`).
    private static func deflate(_ pieces: [SharedBytes], valueLength: Int, level: Int32) -> [SharedBytes] {
        var stream = z_stream()
        // Raw deflate (negative window bits), zlib's most memory.
        guard deflateInit2_(&stream, level, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            preconditionFailure("zlib refused its own defaults")
        }
        defer { deflateEnd(&stream) }
        let acrossValues = !pieces.contains { $0.buffer.contains(0) }
        let nuls = [UInt8](repeating: 0, count: valueLength)
        return pieces.enumerated().map { index, piece in
            if index > 0, acrossValues, valueLength > 0 {
                let status = nuls.withUnsafeBufferPointer { deflateSetDictionary(&stream, $0.baseAddress, uInt($0.count)) }
                precondition(status == Z_OK, "raw deflate takes a dictionary once a flush has delivered everything")
            }
            // A flush's marker (an empty stored block) on top of the bound.
            var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(piece.count))) + 64)
            let written = output.withUnsafeMutableBytes { output in
                stream.next_in = UnsafeMutablePointer(mutating: piece.buffer.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(piece.count)
                stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(output.count)
                let status = CZlib.deflate(&stream, acrossValues ? Z_SYNC_FLUSH : Z_FULL_FLUSH)
                // An empty piece after a flush has nothing to write: zlib says so with Z_BUF_ERROR.
                precondition((status == Z_OK || status == Z_BUF_ERROR) && stream.avail_in == 0 && stream.avail_out > 0,
                             "the output leaves room for the whole piece and its flush")
                return output.count - Int(stream.avail_out)
            }
            return SharedBytes(output.prefix(written))
        }
    }
}

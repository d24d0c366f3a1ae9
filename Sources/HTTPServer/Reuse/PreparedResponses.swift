import Bytes
import CMicroHTTPD
import Foundation
import Locking
import Telemetry

/// One kept answer as libmicrohttpd responses made once, headers and all, each lent to one
/// request at a time and given back when libmicrohttpd has finished with it (the
/// request-completed callback). Lending one changes only what is the request's own, through
/// libmicrohttpd's API while no request sends it: its `X-Request-Id` and the headers that carry a
/// per-client value (a fresh CSRF token) are removed and added again, and the value is written
/// over the last borrower's in the response's own copy of the body (memory this server made and
/// frees): in a gzip body, where it is stored as it is (`GzipPieces`), with the member's CRC-32
/// made again. A response made per request would cost three allocations a header, a dozen
/// headers an answer, and a copy of the body.
final class PreparedResponses: Sendable {
    /// A libmicrohttpd response of this answer, and what of it is the current borrower's.
    final class Prepared: @unchecked Sendable {
        // Unchecked: only the one request it is lent to touches it, between lending and giving back.
        let pointer: OpaquePointer
        /// Its own copy of the body when the answer has a per-client value in it.
        fileprivate let body: UnsafeMutableRawBufferPointer?
        /// The current borrower's `X-Request-Id`, as added: libmicrohttpd removes a header by its value.
        fileprivate var requestID: String?
        /// The values of the headers that hold the per-client value, as added, in `perClientHeaders`' order.
        fileprivate var perClientValues: [String]

        fileprivate init(pointer: OpaquePointer, body: UnsafeMutableRawBufferPointer?, perClientValues: [String]) {
            self.pointer = pointer
            self.body = body
            self.perClientValues = perClientValues
        }
    }

    let status: HTTPStatus
    private let headers: [(name: String, value: String)]
    /// The headers that hold the per-client value: as first made, and where the value sits in each.
    private let perClientHeaders: [(name: String, value: String, offsets: [Int])]
    private let template: SharedBytes
    /// Where the per-client value sits in the body, and its length.
    private let offsets: [Int]
    private let valueLength: Int
    /// A gzip body's CRC-32 for each value, written into its trailer.
    private let gzipCRC: ValueCRC?
    /// Kept per stripe of threads: a response is lent and given back on its connection's worker
    /// thread, so each worker takes from and returns to its own.
    private let spares = Striped(count: spareStripes) { [Prepared]() }

    /// Responses given back and kept for the next requests, in each stripe: a worker's answer is
    /// given back as soon as its last byte is in the socket, so a busy one seldom has two lent at
    /// once; more are destroyed as they come back. Sixteen in all, as many as with one list.
    static let spareLimit = 2
    private static let spareStripes = 8

    /// `response` as kept, with `value` (if any) the per-client value in it; `nil` when it
    /// cannot be lent again as it is (a body compressed around the value does not hold it as written,
    /// one in another encoding than gzip has no checksum this knows).
    init?(_ response: Response, perClientValue value: String?) {
        switch response.body {
        case .data(let data): template = SharedBytes(data)
        case .shared(let shared): template = shared
        case .stream: return nil
        }
        status = response.status
        // The request's id is each request's own.
        let fields = response.headers.filter { !HTTPHeaders.sameName($0.name, TraceContextPropagation.requestIDHeader) }
        guard let value else {
            headers = Array(fields)
            perClientHeaders = []
            offsets = []
            valueLength = 0
            gzipCRC = nil
            return
        }
        guard !value.isEmpty else { return nil }
        let offsets = template.buffer.offsets(of: value.utf8)
        switch response.headers["Content-Encoding"].map({ $0.lowercased() }) {
        case nil:
            gzipCRC = nil
        case "gzip":
            guard let crc = ValueCRC(gzipMember: template.buffer, value: value, timesStored: offsets.count) else { return nil }
            gzipCRC = crc
        default:
            return nil
        }
        headers = fields.filter { !$0.value.contains(value) }
        perClientHeaders = fields.filter { $0.value.contains(value) }.map { field in
            (field.name, field.value, Array(field.value.utf8).offsets(of: value.utf8))
        }
        self.offsets = offsets
        valueLength = value.utf8.count
    }

    /// The bytes it may hold: the body, and a copy for each spare when the body has a per-client value.
    var cost: Int { template.count * (offsets.isEmpty ? 1 : 1 + Self.spareLimit * Self.spareStripes) + 512 }

    /// A response for the request `requestID` with `value` as its per-client value; `nil` when
    /// `value` does not have the kept one's length (every token this dashboard issues has one).
    func lend(requestID: RequestID, value: String) -> Prepared? {
        guard perClientHeaders.isEmpty && offsets.isEmpty || value.utf8.count == valueLength else { return nil }
        let spare = spares.withLock { $0.popLast() }
        guard let prepared = spare ?? make() else { return nil }
        LibraryResponse.replace(TraceContextPropagation.requestIDHeader, prepared.requestID, with: requestID.description, in: prepared.pointer)
        prepared.requestID = requestID.description
        guard !perClientHeaders.isEmpty || prepared.body != nil else { return prepared }
        var value = value
        value.withUTF8 { value in
            for (index, header) in perClientHeaders.enumerated() {
                var field = Array(header.value.utf8)
                for offset in header.offsets { field.replaceSubrange(offset..<offset + value.count, with: value) }
                let fresh = String(decoding: field, as: UTF8.self)
                LibraryResponse.replace(header.name, prepared.perClientValues[index], with: fresh, in: prepared.pointer)
                prepared.perClientValues[index] = fresh
            }
            if let body = prepared.body {
                for offset in offsets {
                    UnsafeMutableRawBufferPointer(rebasing: body[offset..<offset + valueLength]).copyMemory(from: UnsafeRawBufferPointer(value))
                }
                // A gzip member's trailer: its CRC-32 then its size, little-endian.
                if let gzipCRC {
                    body.storeBytes(of: gzipCRC.crc(with: UnsafeRawBufferPointer(value)).littleEndian, toByteOffset: body.count - 8, as: UInt32.self)
                }
            }
        }
        return prepared
    }

    /// Takes back a response libmicrohttpd has finished with.
    func giveBack(_ prepared: Prepared) {
        let kept = spares.withLock { spares in
            guard spares.count < Self.spareLimit else { return false }
            spares.append(prepared)
            return true
        }
        if !kept { MHD_destroy_response(prepared.pointer) }
    }

    deinit {
        spares.forEach { $0.forEach { MHD_destroy_response($0.pointer) } }
    }

    /// A new response with the kept headers; the request's own are set when it is lent.
    private func make() -> Prepared? {
        var body: UnsafeMutableRawBufferPointer?
        let pointer: OpaquePointer?
        if offsets.isEmpty {
            // Every response points at the one body.
            pointer = LibraryResponse.pointing(at: template)
        } else {
            let copy = UnsafeMutableRawBufferPointer(start: malloc(template.count), count: template.count)
            copy.copyMemory(from: template.buffer)
            body = copy
            // Its own copy, written between lendings: freed by this server's callback, not handed over.
            pointer = MHD_create_response_from_buffer_with_free_callback(copy.count, copy.baseAddress) { free($0) }
        }
        guard let pointer else { return nil }
        for header in headers { LibraryResponse.add(header.name, header.value, to: pointer) }
        for header in perClientHeaders { LibraryResponse.add(header.name, header.value, to: pointer) }
        return Prepared(pointer: pointer, body: body, perClientValues: perClientHeaders.map(\.value))
    }
}

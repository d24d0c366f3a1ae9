import CMicroHTTPD
import Foundation
import Locking
import Telemetry

/// One kept answer as libmicrohttpd responses made once, headers and all, each lent to one
/// request at a time and given back when libmicrohttpd has finished with it (the
/// request-completed callback). Lending one changes only what is the request's own, written over
/// the last borrower's in place: its `X-Request-Id`, and a per-client value (a fresh CSRF token)
/// in libmicrohttpd's own copies of the headers that carry it and in the body: in a gzip body,
/// where it is stored as it is (`GzipPieces`), with the member's CRC-32 made again. Joined into new
/// header values, each found by name and replaced, the token would cost two strings and two walks
/// of the headers a page; a response made per request, three allocations a header, a dozen
/// headers an answer, and a copy of the body with the token in it.
final class PreparedResponses: Sendable {
    /// A libmicrohttpd response of this answer, and what of it is the current borrower's.
    final class Prepared: @unchecked Sendable {
        // Unchecked: only the one request it is lent to touches it, between lending and giving back.
        let pointer: OpaquePointer
        /// Its own copy of the body when the answer has a per-client value in it.
        fileprivate let body: UnsafeMutableRawBufferPointer?
        /// libmicrohttpd's own copy of the current borrower's `X-Request-Id`, which it reads when it
        /// sends the head: the next id of its length is written over it in place.
        fileprivate var requestID: UnsafeMutableBufferPointer<CChar>?
        /// libmicrohttpd's own copies of the values of the headers that hold the per-client value,
        /// in `perClientHeaders`' order: each value is written over the last in place.
        fileprivate let perClientFields: [UnsafeMutablePointer<CChar>]

        fileprivate init(pointer: OpaquePointer, body: UnsafeMutableRawBufferPointer?, perClientFields: [UnsafeMutablePointer<CChar>]) {
            self.pointer = pointer
            self.body = body
            self.perClientFields = perClientFields
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
        Self.write(requestID: requestID, into: prepared)
        guard !perClientHeaders.isEmpty || prepared.body != nil else { return prepared }
        var value = value
        value.withUTF8 { value in
            for (field, header) in zip(prepared.perClientFields, perClientHeaders) {
                for offset in header.offsets {
                    UnsafeMutableRawPointer(field + offset).copyMemory(from: value.baseAddress!, byteCount: value.count)
                }
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

    /// Sets the borrower's `X-Request-Id`: over the last one's bytes when it has their length (every
    /// id this server makes has), else as a new header in its place. Found by name and compared
    /// on each lending, it would be a walk of the headers and a string kept a request.
    private static func write(requestID: RequestID, into prepared: Prepared) {
        let written = requestID.withUTF8 { id in
            guard let held = prepared.requestID, held.count == id.count else { return false }
            UnsafeMutableRawBufferPointer(held).copyMemory(from: UnsafeRawBufferPointer(id))
            return true
        }
        guard !written else { return }
        let (name, id) = (TraceContextPropagation.requestIDHeader, requestID.description)
        if let held = prepared.requestID { LibraryResponse.remove(name, held.baseAddress!, from: prepared.pointer) }
        LibraryResponse.add(name, id, to: prepared.pointer)
        prepared.requestID = LibraryResponse.values(of: [(name, id)], in: prepared.pointer)?.first.map {
            UnsafeMutableBufferPointer(start: $0, count: id.utf8.count)
        }
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
            pointer = MHD_create_response_from_buffer(copy.count, copy.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_FREE)
        }
        guard let pointer else { return nil }
        for header in headers { LibraryResponse.add(header.name, header.value, to: pointer) }
        for header in perClientHeaders { LibraryResponse.add(header.name, header.value, to: pointer) }
        guard let fields = LibraryResponse.values(of: perClientHeaders.map { ($0.name, $0.value) }, in: pointer) else {
            MHD_destroy_response(pointer)
            return nil
        }
        return Prepared(pointer: pointer, body: body, perClientFields: fields)
    }
}

import CMicroHTTPD
import Foundation
import Locking
import Telemetry

/// Answers that handlers marked reusable (`Reuse`), kept by what the request asked: its method,
/// path, query arguments and every header but the trace's own (`X-Request-Id`, `traceparent`,
/// `tracestate`), as libmicrohttpd parsed them. A request that asks the same thing while the
/// answer's validity holds is answered at once on libmicrohttpd's thread: no `Request`, no task,
/// no middleware, no handler; the answer's effects run and a fresh per-client value is written
/// in. Everything a handler or a middleware reads of a request is in the key, so they would have
/// answered it the same.
///
/// Bounded by the bytes kept: past the budget the answers no longer current go, then all of them.
final class ReadyAnswers: Sendable {
    /// What a request asked, as bytes: equal keys, equal requests to every handler.
    struct Key: Hashable, Sendable {
        fileprivate let bytes: [UInt8]

        /// The bytes in one go: an array hashes its elements one at a time.
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// An answer kept: a per-client value is cut out of its headers and body, to be written in
    /// fresh for each reuse. A class: a reuse takes it out of the lock with one retain.
    private final class Entry: Sendable {
        let status: HTTPStatus
        /// Each header's value in the pieces around the per-client value (one piece when it has none).
        let headers: [(name: String, pieces: [String])]
        /// The body as kept, or with the per-client value's places known.
        let body: Body
        let reuse: Reuse
        let cost: Int

        enum Body {
            case fixed(SharedBytes)
            case perClient(PerClientBody)
        }

        init(status: HTTPStatus, headers: [(name: String, pieces: [String])], body: Body, reuse: Reuse) {
            self.status = status
            self.headers = headers
            self.body = body
            self.reuse = reuse
            switch body {
            case .fixed(let bytes): cost = bytes.count + 512
            case .perClient(let body): cost = body.cost + 512
            }
        }

        /// The answer with `value` written in where the per-client value was.
        func answer(with value: String) -> Response {
            var fields: [(name: String, value: String)] = []
            fields.reserveCapacity(headers.count + 1) // and the request's id, added when it is queued
            for header in headers {
                fields.append((header.name, Self.joined(header.pieces, with: value)))
            }
            let bytes = switch body {
            case .fixed(let bytes): bytes
            case .perClient(let body): body.filled(with: value)
            }
            return Response(status: status, headers: HTTPHeaders(fields: fields), body: .shared(bytes))
        }

        /// The pieces with `value` between each two, written into the new string's storage at once.
        private static func joined(_ pieces: [String], with value: String) -> String {
            guard pieces.count > 1 else { return pieces[0] }
            var value = value
            return value.withUTF8 { value in
                let count = pieces.reduce(0) { $0 + $1.utf8.count } + value.count * (pieces.count - 1)
                return String(unsafeUninitializedCapacity: count) { joined in
                    var end = 0
                    for (index, piece) in pieces.enumerated() {
                        if index > 0 {
                            _ = UnsafeMutableBufferPointer(rebasing: joined[end...]).initialize(fromContentsOf: value)
                            end += value.count
                        }
                        var piece = piece
                        end += piece.withUTF8 { UnsafeMutableBufferPointer(rebasing: joined[end...]).initialize(fromContentsOf: $0) }
                    }
                    return end
                }
            }
        }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
    }

    private let budget: Int
    private let state = Locked(State())

    /// Keeps up to `budget` bytes of answers; 0 keeps none.
    init(budget: Int) {
        self.budget = budget
    }

    var isEnabled: Bool { budget > 0 }

    /// The answer kept for `key` while it is current, with its effects run and its per-client
    /// value made fresh; one no longer current is dropped.
    func answer(for key: Key, started: ContinuousClock.Instant) -> Response? {
        // The lock only finds the entry: its validity is read outside, where no other thread waits on it.
        guard let entry = state.withLock({ $0.entries[key] }) else { return nil }
        let now = ContinuousClock.now
        guard entry.reuse.validity.isCurrent(at: now) else {
            state.withLock { state in
                guard state.entries[key] === entry else { return }
                state.entries[key] = nil
                state.bytes -= entry.cost
            }
            return nil
        }
        let answer = entry.answer(with: entry.reuse.perClientValue?.make() ?? "")
        let elapsed = now - started
        for effect in entry.reuse.effects { effect(elapsed) }
        return answer
    }

    /// Keeps `response` for `key` when its handler marked it reusable and it is still current.
    /// Not kept: a streamed body, and a per-client value that would stay in it (one the body is
    /// compressed around: the compressed bytes do not hold it as written).
    func keep(_ response: Response, for key: Key) {
        guard let reuse = response.reuse, reuse.validity.isCurrent(at: .now) else { return }
        let bytes: SharedBytes
        switch response.body {
        case .data(let data): bytes = SharedBytes(data)
        case .shared(let shared): bytes = shared
        case .stream: return
        }
        var body = Entry.Body.fixed(bytes)
        // The request's id is each request's own (the server adds it).
        var headers = response.headers.filter { !HTTPHeaders.sameName($0.name, TraceContextPropagation.requestIDHeader) }
            .map { (name: $0.name, pieces: [$0.value]) }
        if let value = reuse.perClientValue?.value {
            guard !value.isEmpty, response.headers["Content-Encoding"] == nil else { return }
            if let perClient = PerClientBody(bytes, value: value) { body = .perClient(perClient) }
            headers = headers.map { ($0.name, $0.pieces[0].components(separatedBy: value)) }
        }
        let entry = Entry(status: response.status, headers: headers, body: body, reuse: reuse)
        guard entry.cost <= budget / 4 else { return }
        state.withLock { state in
            if let old = state.entries.updateValue(entry, forKey: key) { state.bytes -= old.cost }
            state.bytes += entry.cost
            guard state.bytes > budget else { return }
            let now = ContinuousClock.now
            state.entries = state.entries.filter { $0.value.reuse.validity.isCurrent(at: now) }
            if state.entries.values.reduce(0, { $0 + $1.cost }) > budget { state.entries = [key: entry] }
            state.bytes = state.entries.values.reduce(0) { $0 + $1.cost }
        }
    }
}

extension ReadyAnswers.Key {
    /// The trace's own headers, which change no answer but its `X-Request-Id`, set per request.
    /// As C strings, made once: a short `String` passed as one is copied to the heap each time.
    private static let traceHeaders = [TraceContextPropagation.requestIDHeader, TraceContextPropagation.traceParentHeader,
                                       TraceContextPropagation.traceStateHeader].map { Array($0.utf8CString) }

    /// What the request on `connection` asks, for a GET or HEAD without a body; `nil` for
    /// anything else (a write is never answered twice).
    init?(connection: ConnectionHandle, method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?) {
        guard let method, let url, strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        Self.append(method, to: &bytes)
        Self.append(url, to: &bytes)
        withUnsafeMutablePointer(to: &bytes) { pointer in
            for kind in [MHD_ValueKind.GET_ARGUMENT_KIND, MHD_ValueKind.HEADER_KIND] {
                pointer.pointee.append(0xFF)
                pointer.pointee.append(UInt8(truncatingIfNeeded: kind.rawValue))
                _ = MHD_get_connection_values(connection.pointer, kind, { cls, kind, key, value in
                    guard let key else { return MHD_Result.YES }
                    if kind == MHD_ValueKind.HEADER_KIND,
                       ReadyAnswers.Key.traceHeaders.contains(where: { name in name.withUnsafeBufferPointer { strcasecmp(key, $0.baseAddress!) == 0 } }) { return MHD_Result.YES }
                    let bytes = cls!.assumingMemoryBound(to: [UInt8].self)
                    ReadyAnswers.Key.append(key, to: &bytes.pointee)
                    ReadyAnswers.Key.append(value, to: &bytes.pointee)
                    return MHD_Result.YES
                }, pointer)
            }
        }
        self.bytes = bytes
    }

    /// The C string and its end, so no two lists of strings run together alike.
    private static func append(_ string: UnsafePointer<CChar>?, to bytes: inout [UInt8]) {
        if let string {
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: string, count: strlen(string)))
        } else {
            bytes.append(1) // a key without a value, unlike one with an empty value
        }
        bytes.append(0)
    }
}

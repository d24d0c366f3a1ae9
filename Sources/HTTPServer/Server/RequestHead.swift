import CMicroHTTPD
import Foundation
import Telemetry

/// What the server reads of a request's head when its headers are in, in one walk over its query
/// arguments and one over its headers as libmicrohttpd parsed them: its size, how its body is
/// framed, the trace it came with and, for a GET or HEAD, what it asks (`ReadyAnswers.Asked`).
/// Read one by one, these would be eight walks a request, a header looked up by name being a
/// walk too.
struct RequestHead {
    /// Bytes the head takes of the connection's memory: the target, headers and cookies as parsed,
    /// and libmicrohttpd's record of each header, query argument and cookie.
    let size: Int
    /// Where the body ends, or the refusal of a head that says it ambiguously.
    let framing: Result<MessageFraming, HTTPError>
    /// `X-Request-Id`, `traceparent` and `tracestate` as they came, the first of each.
    let trace: Trace
    /// What a GET or HEAD asks, when answers are kept; nil for other methods.
    let asked: ReadyAnswers.Asked?

    init(connection: ConnectionHandle, method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?, readyAnswers: ReadyAnswers) {
        var walk = Walk(size: url.map { strlen($0) } ?? 0, key: readyAnswers.isEnabled ? ReadyAnswers.Key(method: method, url: url) : nil)
        walk.read(MHD_ValueKind.GET_ARGUMENT_KIND, of: connection)
        // The headers' values are kept only when answers for this key read them.
        walk.reads = walk.key.flatMap(readyAnswers.reads(for:))
        walk.variant = walk.reads.map(ReadyAnswers.Variant.init(for:))
        walk.read(MHD_ValueKind.HEADER_KIND, of: connection)
        // libmicrohttpd parses the Cookie header into a copy of it, with a record per cookie, in the
        // same memory: a large cookie takes its bytes twice.
        walk.read(MHD_ValueKind.COOKIE_KIND, of: connection)
        size = walk.size
        trace = walk.trace
        framing = MessageFraming.read(contentLengths: walk.lengths, transferEncodings: walk.codings)
        for (index, name) in (walk.reads?.cookies ?? []).enumerated() {
            let value = MHD_lookup_connection_value(connection.pointer, MHD_ValueKind.COOKIE_KIND, name)
            walk.variant?.append(cookie: index, value.map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) })
        }
        var echoed: [String] = []
        for (index, name) in (walk.reads?.echoedCookies ?? []).enumerated() {
            let value = MHD_lookup_connection_value(connection.pointer, MHD_ValueKind.COOKIE_KIND, name)
                .map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) }
            walk.variant?.append(echoed: index, value)
            echoed.append(value.flatMap { Cookies.isEchoable($0) ? String(decoding: $0, as: UTF8.self) : nil } ?? "")
        }
        asked = walk.key.map { ReadyAnswers.Asked(key: $0, variant: walk.variant, echoed: echoed) }
    }

    /// What the walks have read so far. Handed to libmicrohttpd's callback by pointer, with no
    /// closure: a Swift closure over the locals made two contexts on the heap a request.
    private struct Walk {
        var size: Int
        var key: ReadyAnswers.Key?
        /// What the answers kept for `key` read, and this request's values of it.
        var reads: ReadyAnswers.Reads?
        var variant: ReadyAnswers.Variant?
        var trace = Trace()
        var lengths: [String] = []
        var codings: [String] = []
        var reading = MHD_ValueKind.GET_ARGUMENT_KIND

        /// Reads libmicrohttpd's values of `kind` (query arguments, headers or cookies), in the order they came.
        mutating func read(_ kind: MHD_ValueKind, of connection: ConnectionHandle) {
            reading = kind
            withUnsafeMutablePointer(to: &self) { walk in
                _ = MHD_get_connection_values(connection.pointer, kind, { walk, _, name, value in
                    if let name { walk!.assumingMemoryBound(to: Walk.self).pointee.visit(name, value) }
                    return MHD_Result.YES
                }, walk)
            }
        }

        private mutating func visit(_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) {
            size += strlen(name) + (value.map { strlen($0) } ?? 0) + 4 + RequestHead.valueRecordSize // with room for the separators
            switch reading {
            case MHD_ValueKind.GET_ARGUMENT_KIND:
                key?.append(name, value)
                return
            case MHD_ValueKind.HEADER_KIND: break
            default: return // cookies count only for their size
            }
            if let reads, let index = reads.names.index(of: name) {
                variant?.append(header: index, value.map { UnsafeRawBufferPointer(start: $0, count: strlen($0)) } ?? UnsafeRawBufferPointer(start: nil, count: 0))
            }
            let text = { value.map { String(cString: $0) } ?? "" }
            switch RequestHead.named.index(of: name).flatMap(Named.init(rawValue:)) {
            case .requestID: trace.requestID = trace.requestID ?? text()
            case .traceParent: trace.traceParent = trace.traceParent ?? text()
            case .traceState: trace.traceState = trace.traceState ?? text()
            // A request with a body is never answered from a kept answer (`RequestContext.dispatch`).
            case .contentLength: lengths.append(text())
            case .transferEncoding: codings.append(text())
            case nil: break
            }
        }
    }

    /// What libmicrohttpd keeps per header or query argument besides its bytes, in the same memory:
    /// seven words (two links, two pointers, two lengths, a kind), in 0.9.75 and 1.0 alike. Counted,
    /// a head of many short headers is refused while the answer's header still fits beside it.
    static let valueRecordSize = 7 * MemoryLayout<Int>.size

    /// The trace headers a request came with; its `RequestTrace` is made from them when first needed.
    struct Trace {
        var requestID: String?
        var traceParent: String?
        var traceState: String?
    }

    /// The headers read by name; `named` lists them in this order.
    private enum Named: Int {
        case requestID, traceParent, traceState, contentLength, transferEncoding
    }

    private static let named = HeaderNames([TraceContextPropagation.requestIDHeader, TraceContextPropagation.traceParentHeader,
                                            TraceContextPropagation.traceStateHeader, "Content-Length", "Transfer-Encoding"])
}

import CMicroHTTPD
import Foundation
import Telemetry

/// What the server reads of a request's head when its headers are in, in one walk over its query
/// arguments and one over its headers as libmicrohttpd parsed them: its size, how its body is
/// framed, the trace it came with and, for a GET or HEAD, what it asks (`ReadyAnswers.Key`).
/// Read one by one, these were eight walks a request, a header looked up by name being a walk
/// too (perf, `/healthz` under wrk, 2026-11-27).
struct RequestHead {
    /// Bytes of the target (path and query arguments) and of the headers, as parsed.
    let size: Int
    /// Where the body ends, or the refusal of a head that says it ambiguously.
    let framing: Result<MessageFraming, HTTPError>
    /// `X-Request-Id`, `traceparent` and `tracestate` as they came, the first of each.
    let trace: Trace
    /// What a GET or HEAD asks, when `keyed`; nil for other methods.
    let readyKey: ReadyAnswers.Key?

    init(connection: ConnectionHandle, method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?, keyed: Bool) {
        var key = keyed ? ReadyAnswers.Key(method: method, url: url) : nil
        var size = url.map { strlen($0) } ?? 0
        key?.beginValues(of: MHD_ValueKind.GET_ARGUMENT_KIND)
        ConnectionValues.forEach(MHD_ValueKind.GET_ARGUMENT_KIND, of: connection) { name, value in
            size += Self.size(name, value)
            key?.append(name, value)
        }
        var trace = Trace()
        var lengths: [String] = []
        var codings: [String] = []
        key?.beginValues(of: MHD_ValueKind.HEADER_KIND)
        ConnectionValues.forEach(MHD_ValueKind.HEADER_KIND, of: connection) { name, value in
            size += Self.size(name, value)
            let text = { value.map { String(cString: $0) } ?? "" }
            switch Self.named.index(of: name).flatMap(Named.init(rawValue:)) {
            // The trace's own headers change no answer but its `X-Request-Id`, set per request.
            case .requestID: trace.requestID = trace.requestID ?? text()
            case .traceParent: trace.traceParent = trace.traceParent ?? text()
            case .traceState: trace.traceState = trace.traceState ?? text()
            case .contentLength:
                lengths.append(text())
                key?.append(name, value)
            case .transferEncoding:
                codings.append(text())
                key?.append(name, value)
            case nil: key?.append(name, value)
            }
        }
        self.size = size
        self.trace = trace
        framing = MessageFraming.read(contentLengths: lengths, transferEncodings: codings)
        readyKey = key
    }

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

    /// A name and value's bytes, with room for their separators.
    private static func size(_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) -> Int {
        strlen(name) + (value.map { strlen($0) } ?? 0) + 4
    }
}

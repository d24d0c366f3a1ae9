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
        var framingFields: [(name: String, value: String)] = []
        key?.beginValues(of: MHD_ValueKind.HEADER_KIND)
        ConnectionValues.forEach(MHD_ValueKind.HEADER_KIND, of: connection) { name, value in
            size += Self.size(name, value)
            switch Self.named.index(of: name) {
            // The trace's own headers change no answer but its `X-Request-Id`, set per request.
            case 0: trace.requestID = trace.requestID ?? value.map { String(cString: $0) } ?? ""
            case 1: trace.traceParent = trace.traceParent ?? value.map { String(cString: $0) } ?? ""
            case 2: trace.traceState = trace.traceState ?? value.map { String(cString: $0) } ?? ""
            case 3, 4:
                framingFields.append((String(cString: name), value.map { String(cString: $0) } ?? ""))
                key?.append(name, value)
            default: key?.append(name, value)
            }
        }
        self.size = size
        self.trace = trace
        framing = MessageFraming.read(framingFields)
        readyKey = key
    }

    /// The trace headers a request came with; its `RequestTrace` is made from them when first needed.
    struct Trace {
        var requestID: String?
        var traceParent: String?
        var traceState: String?
    }

    /// The headers read by name, in the order `init` tells them apart.
    private static let named = HeaderNames([TraceContextPropagation.requestIDHeader, TraceContextPropagation.traceParentHeader,
                                            TraceContextPropagation.traceStateHeader, "Content-Length", "Transfer-Encoding"])

    /// A name and value's bytes, with room for their separators.
    private static func size(_ name: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) -> Int {
        strlen(name) + (value.map { strlen($0) } ?? 0) + 4
    }
}

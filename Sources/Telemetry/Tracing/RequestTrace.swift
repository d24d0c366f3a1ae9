import Foundation
import Instrumentation
import Logging
import W3CTraceContext

/// What ties together everything one request caused: its id (kept from a valid incoming
/// `X-Request-Id`, else made here) and its W3C trace context (continued from an incoming
/// `traceparent`, else a new trace). The server binds it to `ServiceContext.current` for the
/// request's task, so log lines, BFF calls and recorded exchanges find it without being passed it.
public struct RequestTrace: Sendable, Equatable {
    public let requestID: String
    /// This request's span in its trace: the trace id, and the span id calls it makes name as parent.
    public let traceContext: TraceContext

    public var traceID: String { traceContext.traceID.description }

    public init(requestID: String, traceContext: TraceContext) {
        self.requestID = requestID
        self.traceContext = traceContext
    }

    /// The trace of a request that arrived with these headers: a valid `X-Request-Id` kept (1 to
    /// 128 of letters, digits and `-_.:@+=/`), anything else replaced; a valid `traceparent`
    /// continued with a span of this server's, anything else a new trace.
    public init(incomingRequestID: String?, traceParent: String?, traceState: String?) {
        self.init(requestID: RequestID(keeping: incomingRequestID).description, traceParent: traceParent, traceState: traceState)
    }

    /// The trace of the request `requestID` (as `RequestID` settled it) that came with
    /// these headers: a valid `traceparent` continued with a span of this server's, anything else a
    /// new trace.
    public init(requestID: String, traceParent: String?, traceState: String?) {
        var random = KernelRandom()
        self.requestID = requestID
        let incoming = traceParent.flatMap { try? TraceContext(traceParentHeaderValue: $0, traceStateHeaderValue: traceState) }
        traceContext = TraceContext(traceID: incoming?.traceID ?? TraceID.random(using: &random),
                                    spanID: SpanID.random(using: &random),
                                    flags: incoming?.flags ?? .sampled, state: incoming?.state ?? TraceState())
    }

    /// The trace of a request whose header of each name `header` reads (`X-Request-Id`,
    /// `traceparent`, `tracestate`).
    public init(headers header: (String) -> String?) {
        self.init(incomingRequestID: header(TraceContextPropagation.requestIDHeader),
                  traceParent: header(TraceContextPropagation.traceParentHeader),
                  traceState: header(TraceContextPropagation.traceStateHeader))
    }

    static func isValidRequestID(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "@"),
                 UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "/"): true
            default: false
            }
        }
    }

    /// Runs `body` as work of its own that no request caused (a background read of the BFF), under a
    /// new request id and trace, so its calls carry a `traceparent` as a request's do.
    public static func withNewTrace<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        try await ServiceContext.withValue(RequestTrace(incomingRequestID: nil, traceParent: nil, traceState: nil).serviceContext,
                                           operation: body)
    }

    /// The trace of the task running now, if a request's.
    public static var current: RequestTrace? { ServiceContext.current.flatMap(RequestTrace.init(of:)) }

    /// The trace `context` carries, if any.
    public init?(of context: ServiceContext) {
        guard let trace = context[RequestTraceKey.self] else { return nil }
        self = trace
    }

    /// `request_id` and `trace_id` on every line logged while a request is served.
    public static let metadataProvider = Logger.MetadataProvider {
        guard let trace = current else { return [:] }
        return ["request_id": .string(trace.requestID), "trace_id": .string(trace.traceID)]
    }

    /// A service context that carries this trace: bind it with `ServiceContext.withValue`.
    public var serviceContext: ServiceContext {
        var context = ServiceContext.topLevel
        context[RequestTraceKey.self] = self
        return context
    }

    public static func == (lhs: RequestTrace, rhs: RequestTrace) -> Bool {
        lhs.requestID == rhs.requestID && lhs.traceContext.traceParentHeaderValue == rhs.traceContext.traceParentHeaderValue
    }
}

enum RequestTraceKey: ServiceContextKey {
    typealias Value = RequestTrace
}

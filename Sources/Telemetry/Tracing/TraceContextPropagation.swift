import Instrumentation
import W3CTraceContext

/// The W3C Trace Context headers, as an `Instrument` of swift-distributed-tracing: `traceparent`
/// and `tracestate` read from a request into a `RequestTrace`, and written onto each call to a
/// BFF with the request's trace id and a new span id of the call's own, so the BFF's lines name
/// the same trace as the dashboard's log and network inspector.
public struct TraceContextPropagation: Instrument {
    public init() {}

    public static let traceParentHeader = "traceparent"
    public static let traceStateHeader = "tracestate"
    public static let requestIDHeader = "X-Request-Id"

    public func extract<Carrier, Extract: Extractor>(_ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract)
    where Extract.Carrier == Carrier {
        context[RequestTraceKey.self] = RequestTrace { extractor.extract(key: $0, from: carrier) }
    }

    public func inject<Carrier, Inject: Injector>(_ context: ServiceContext, into carrier: inout Carrier, using injector: Inject)
    where Inject.Carrier == Carrier {
        guard let trace = context[RequestTraceKey.self] else { return }
        var random = KernelRandom()
        let call = TraceContext(traceID: trace.traceContext.traceID, spanID: .random(using: &random),
                                flags: trace.traceContext.flags, state: trace.traceContext.state)
        injector.inject(call.traceParentHeaderValue, forKey: Self.traceParentHeader, into: &carrier)
        if let state = call.traceStateHeaderValue, !state.isEmpty {
            injector.inject(state, forKey: Self.traceStateHeader, into: &carrier)
        }
    }

    /// The headers a call made now carries: the current request's trace, or none outside a request.
    public static func outgoingHeaders() -> [String: String] {
        guard let context = ServiceContext.current else { return [:] }
        var headers: [String: String] = [:]
        TraceContextPropagation().inject(context, into: &headers, using: DictionaryInjector())
        return headers
    }
}

private struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key] = value
    }
}

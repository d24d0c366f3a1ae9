import Instrumentation
import Testing
@testable import Telemetry

@Suite struct RequestTraceTests {
    private struct Headers: Extractor {
        func extract(key: String, from carrier: [String: String]) -> String? {
            carrier.first { $0.key.lowercased() == key.lowercased() }?.value
        }
    }

    private func extracted(_ headers: [String: String]) -> RequestTrace? {
        var context = ServiceContext.topLevel
        TraceContextPropagation().extract(headers, into: &context, using: Headers())
        return RequestTrace(of: context)
    }

    @Test func aValidRequestID_isKept_andAnythingElseReplaced() throws {
        #expect(extracted(["X-Request-Id": "abc-123_X.y:z"])?.requestID == "abc-123_X.y:z")
        for bad in ["", "a b", "x\ny", String(repeating: "a", count: 129), "é", "<script>"] {
            let trace = try #require(extracted(["X-Request-Id": bad]))
            #expect(trace.requestID != bad)
            #expect(RequestTrace.isValidRequestID(trace.requestID))
            #expect(trace.requestID.count == 16)
        }
        #expect(extracted([:])?.requestID != extracted([:])?.requestID)
    }

    @Test func anIncomingTraceparent_continuesItsTrace_withASpanOfOurOwn() throws {
        let incoming = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        let trace = try #require(extracted(["traceparent": incoming, "tracestate": "congo=t61rcWkgMzE"]))
        #expect(trace.traceID == "0af7651916cd43dd8448eb211c80319c")
        #expect(trace.traceContext.spanID.description != "b7ad6b7169203331")
        #expect(trace.traceContext.traceStateHeaderValue == "congo=t61rcWkgMzE")
    }

    @Test(arguments: ["", "garbage", "00-00000000000000000000000000000000-b7ad6b7169203331-01", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331"])
    func anInvalidTraceparent_startsANewTrace(value: String) throws {
        let trace = try #require(extracted(["traceparent": value]))
        #expect(trace.traceID.count == 32)
        #expect(trace.traceID != "0af7651916cd43dd8448eb211c80319c")
        #expect(trace.traceID != "00000000000000000000000000000000")
    }

    @Test func outgoingHeaders_carryTheRequestsTraceID_withANewSpanEachCall() async throws {
        #expect(TraceContextPropagation.outgoingHeaders().isEmpty)
        let trace = RequestTrace(incomingRequestID: "r1", traceParent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", traceState: nil)
        let (first, second) = ServiceContext.withValue(trace.serviceContext) {
            (TraceContextPropagation.outgoingHeaders(), TraceContextPropagation.outgoingHeaders())
        }
        let parts = try #require(first["traceparent"]).split(separator: "-")
        #expect(parts.count == 4)
        #expect(parts[1] == "0af7651916cd43dd8448eb211c80319c")
        #expect(parts[3] == "01")
        #expect(first["traceparent"] != second["traceparent"])
        #expect(first["tracestate"] == nil)
    }
}

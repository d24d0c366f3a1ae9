import CMicroHTTPD
import CTCPInfo
import Foundation
import Instrumentation
import Logging
import Locking
import Synchronization
import Telemetry

/// An HTTP server on libmicrohttpd: a thread pool on poll that never waits on a handler.
///
/// Each request's handler runs as a Swift task while its connection is suspended; the
/// connection is resumed when the answer is ready, so a slow handler holds no worker thread.
public final class HTTPServer: Sendable {
    /// Limits and addresses; the defaults suit a dashboard on localhost.
    public struct Configuration: Sendable {
        public var host: String
        /// 0 binds a free port; `HTTPServer.port` tells which.
        public var port: Int
        /// libmicrohttpd's worker threads, each with its share of the connections.
        public var threadCount: Int
        public var connectionLimit: Int
        /// Seconds of silence after which a connection is dropped.
        public var connectionTimeout: Int
        /// Requests with larger bodies get 413 and never reach a handler, unless their route takes
        /// more (`RouteLimits.maxBodySize`).
        public var maxBodySize: Int
        /// Bytes a connection may use for its request line and headers and its answer's header;
        /// heads that would leave too little of it for the answer are refused. 24 KiB holds 100
        /// headers of 100 bytes, or one cookie of 8 KiB, and keeps 256 open connections within 6 MiB:
        /// libmicrohttpd zeroes the whole of it after each request.
        public var connectionMemoryLimit: Int
        /// Bytes of request line and headers answered; larger heads get 414 or 431 while there is
        /// still room in the connection's memory to say so.
        public var maxRequestHeadSize: Int { connectionMemoryLimit * 3 / 4 }
        /// How long a client may take to send a request's line and headers, however steadily it
        /// trickles them; past it the connection is dropped.
        public var requestHeaderTimeout: Duration
        /// Bytes of reusable answers kept (`ReadyAnswers`); 0 keeps none and runs every request's handler.
        public var readyAnswerBudget: Int

        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
            connectionLimit: Int = 1000,
            connectionTimeout: Int = 15,
            maxBodySize: Int = 64 * 1024,
            connectionMemoryLimit: Int = 24 * 1024,
            requestHeaderTimeout: Duration = .seconds(10),
            readyAnswerBudget: Int = 4 << 20
        ) {
            self.host = host
            self.port = port
            self.threadCount = threadCount
            self.connectionLimit = connectionLimit
            self.connectionTimeout = connectionTimeout
            self.maxBodySize = maxBodySize
            self.connectionMemoryLimit = connectionMemoryLimit
            self.requestHeaderTimeout = requestHeaderTimeout
            self.readyAnswerBudget = readyAnswerBudget
        }
    }

    private struct DaemonHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private struct State {
        var daemon: DaemonHandle?
        var port = 0
        var streams: [ObjectIdentifier: StreamPump] = [:]
        var deadlineWatch: Task<Void, Never>?
    }

    public let configuration: Configuration
    let responder: @Sendable (Request) async -> Response
    /// Renders the refusals the server makes before a request reaches the responder (413, 414,
    /// 431 at the head), so they take the same shape as every other error.
    let refuse: @Sendable (HTTPError, Request) -> Response
    /// The limits of the route a request's head names, when it has any.
    let routeLimits: @Sendable (Request) -> RouteLimits?
    let logger: Logger
    /// Whether each request gets a line: read once, as a logger's level is part of its value,
    /// rather than asking the handler on every request.
    private let logsRequests: Bool
    private let state = Locked(State())
    /// Set when `shutdown` begins: each request whose head arrives from then on is answered 503.
    private let isStopping = Atomic<Bool>(false)
    private let openConnections: OpenConnections
    private let readyAnswers: ReadyAnswers

    public init(
        configuration: Configuration,
        logger: Logger = Logger(label: "moments.http"),
        refuse: @escaping @Sendable (HTTPError, Request) -> Response = { error, _ in .json(error: error) },
        routeLimits: @escaping @Sendable (Request) -> RouteLimits? = { _ in nil },
        responder: @escaping @Sendable (Request) async -> Response
    ) {
        self.configuration = configuration
        self.logger = logger
        logsRequests = logger.logLevel <= .info
        self.refuse = refuse
        self.routeLimits = routeLimits
        self.responder = responder
        openConnections = OpenConnections(limit: configuration.requestHeaderTimeout)
        readyAnswers = ReadyAnswers(budget: configuration.readyAnswerBudget)
    }

    /// A server whose requests are answered, and refused at the head, by `router`.
    public convenience init(configuration: Configuration, router: Router, logger: Logger = Logger(label: "moments.http")) {
        self.init(configuration: configuration, logger: logger, refuse: router.refusal(_:for:), routeLimits: router.limits(for:),
                  responder: router.respond(to:))
    }

    /// The port the server listens on, once started.
    public var port: Int { state.withLock { $0.port } }

    /// Requests received and not yet answered and closed.
    public var inFlightCount: Int { openConnections.requests.count }

    /// Connections open now, idle ones included.
    public var openConnectionCount: Int { openConnections.count }

    /// Connections opened since the start: whether any came since a moment before.
    public var openedConnectionCount: Int { openConnections.opened }

    /// Binds the socket and starts the worker threads; returns once requests are accepted.
    public func start() throws(HTTPServerError) {
        let listener = try Listener.bind(host: configuration.host, port: configuration.port)
        // Poll, not epoll: libmicrohttpd's epoll loop loses the wake-up of a worker whose ready
        // connections number exactly 128 or 256 (docs/libmicrohttpd-lost-wakeup.md).
        let flags = UInt32(MHD_USE_POLL_INTERNAL_THREAD.rawValue)
            | UInt32(MHD_ALLOW_SUSPEND_RESUME.rawValue)
            | UInt32(MHD_USE_ERROR_LOG.rawValue)
        // The daemon's callbacks hold the server until the daemon is stopped: a server dropped
        // without `shutdown` then leaks instead of answering from freed memory.
        let context = Unmanaged.passRetained(self).toOpaque()
        let daemon = cmhd_start_daemon(
            flags,
            listener.descriptor,
            UInt32(max(1, configuration.threadCount)),
            UInt32(configuration.connectionLimit),
            UInt32(configuration.connectionTimeout),
            configuration.connectionMemoryLimit,
            { cls, connection, url, method, _, uploadData, uploadSize, requestContext in
                let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
                return server.access(
                    connection: ConnectionHandle(pointer: connection!),
                    url: url, method: method,
                    upload: uploadData, uploadSize: uploadSize!,
                    requestContext: requestContext!
                )
            },
            context,
            { cls, connection, requestContext, code in
                let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
                guard let connection else { return }
                let handle = ConnectionHandle(pointer: connection)
                let context = requestContext?.pointee.map { Unmanaged<RequestContext>.fromOpaque($0).takeUnretainedValue() }
                requestContext?.pointee = nil
                if let context {
                    context.finish()
                    if code == MHD_RequestTerminationCode.REQUEST_TERMINATED_WITH_ERROR {
                        server.sendLostRefusal(of: context, on: handle)
                    }
                }
                // Last: the connection lets the context go.
                OpenConnection.of(handle).requestFinished(context)
            },
            context,
            { cls, connection, socketContext, code in
                guard let connection, let socketContext else { return }
                let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
                let handle = ConnectionHandle(pointer: connection)
                if code == MHD_ConnectionNotificationCode.CONNECTION_NOTIFY_STARTED {
                    server.openConnections.opened(handle, socketContext: socketContext)
                } else {
                    server.openConnections.closed(handle)
                }
            },
            context,
            { cls, target, connection in
                let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
                return server.startRequest(connection: ConnectionHandle(pointer: connection!), target: target)
            },
            context
        )
        guard let daemon else {
            Unmanaged.passUnretained(self).release()
            close(listener.descriptor)
            throw .daemonFailedToStart
        }
        let openConnections = openConnections
        let deadlineWatch = Task.detached {
            while !Task.isCancelled {
                openConnections.enforceDeadline()
                try? await Task.sleep(for: .milliseconds(250))
            }
        }
        state.withLock {
            $0.daemon = DaemonHandle(pointer: daemon)
            $0.port = listener.port
            $0.deadlineWatch = deadlineWatch
        }
    }

    /// Answers every new request 503, lets requests in flight finish for up to `gracePeriod`,
    /// then stops and closes the listening socket.
    ///
    /// New connections are still accepted while it drains: libmicrohttpd 0.9.75's way to stop
    /// accepting, `MHD_quiesce_daemon`, takes the listening socket out of each worker's epoll set
    /// while the worker may be doing the same, and aborts the process when it loses that race
    /// ("Failed to remove listen FD from epoll set", seen once in the interop suite).
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        let daemon = state.withLock { state in
            defer { state.daemon = nil }
            state.deadlineWatch?.cancel()
            return state.daemon
        }
        guard let daemon else { return }
        isStopping.store(true, ordering: .relaxed)
        finishStreams()
        await waitForRequests(until: .now + gracePeriod)
        let abandoned = openConnections.requests
        if !abandoned.isEmpty {
            // libmicrohttpd aborts the process if stopped with a suspended connection, so the
            // handlers still waiting are answered 503 and their connections resumed first.
            logger.warning("stopping with requests still in flight", metadata: ["count": "\(abandoned.count)"])
            let answer = Response.text("503 Service Unavailable: the server is stopping.\n", status: .serviceUnavailable)
            for context in abandoned { context.complete(with: answer) }
            finishStreams()
            await waitForRequests(until: .now + .seconds(2))
        }
        guard !hasSuspendedConnections else {
            // Leaving the daemon running is better than the abort libmicrohttpd would make of it.
            logger.error("not stopping libmicrohttpd: a connection is still suspended")
            return
        }
        MHD_stop_daemon(daemon.pointer)
        Unmanaged.passUnretained(self).release()
    }

    /// Ends every open stream, including those opened while stopping.
    private func finishStreams() {
        for stream in state.withLock({ Array($0.streams.values) }) { stream.finish() }
    }

    private var hasSuspendedConnections: Bool {
        openConnections.requests.contains { $0.isSuspended }
            || state.withLock { $0.streams.values.contains { $0.isSuspended } }
    }

    private func waitForRequests(until deadline: ContinuousClock.Instant) async {
        while inFlightCount > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    // MARK: - libmicrohttpd callbacks (worker threads)

    private func access(
        connection: ConnectionHandle,
        url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?,
        upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        if requestContext.pointee == nil { // libmicrohttpd calls the URI log first; this is a safety net
            requestContext.pointee = startRequest(connection: connection, target: url)
        }
        let context = Unmanaged<RequestContext>.fromOpaque(requestContext.pointee!).takeUnretainedValue()
        if context.acceptHead() {
            // A target over the limit was answered when the request line arrived.
            guard context.refusal == nil else { return MHD_Result.NO }
            OpenConnection.of(connection).headersArrived()
            let head = RequestHead(connection: connection, method: method, url: url, readyAnswers: readyAnswers)
            context.read(head)
            let framing: MessageFraming
            switch head.framing {
            case .success(let read):
                framing = read
            case .failure(let error):
                let refusal = headRefusal(error, for: ConnectionValues.request(connection: connection, method: method, url: url, body: Data()))
                return queueRefusal(refusal, on: connection, context: context, method: method, url: url)
            }
            if isStopping.load(ordering: .relaxed) {
                let refusal = headRefusal(HTTPError(.serviceUnavailable, code: "server_stopping", message: "The server is stopping."),
                                          for: ConnectionValues.request(connection: connection, method: method, url: url, body: Data()))
                return queueRefusal(refusal, on: connection, context: context, method: method, url: url)
            }
            let length = framing.contentLength
            // Only a body the server's cap may not hold asks for its route's cap: most requests have none.
            if (length ?? 0) > configuration.maxBodySize || framing.isChunked,
               let routeLimit = routeLimits(Request(method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? "GET"),
                                                    path: url.map { String(cString: $0) } ?? "/"))?.maxBodySize {
                context.raiseBodyLimit(to: routeLimit)
            }
            if let length, length > context.bodyLimit {
                return queue(tooLarge(context.bodyLimit, connection: connection, method: method, url: url), on: connection, context: context, method: method, url: url)
            }
            if let refusal = oversizedHead(head, connection: connection, method: method, path: url) {
                return queueRefusal(refusal, on: connection, context: context, method: method, url: url)
            }
            // Answered from the next call, even without a body: libmicrohttpd 0.9.75 closes a
            // connection whose answer is queued from this first call (`MHD_queue_response`, "queued
            // early"), which ends keep-alive.
            return MHD_Result.YES
        }

        if uploadSize.pointee > 0 {
            context.append(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee))
            uploadSize.pointee = 0
            // libmicrohttpd cannot answer in the middle of an upload: an oversized body of unknown
            // length is read and dropped to its end and answered there, up to a bound past which
            // the connection is simply closed.
            return context.bytesReceived > context.bodyLimit + configuration.maxBodySize * 16 ? MHD_Result.NO : MHD_Result.YES
        }
        if let response = context.takeResponse() {
            return queue(response, on: connection, context: context, method: method, url: url)
        }
        if context.bodyTooLarge {
            return queue(tooLarge(context.bodyLimit, connection: connection, method: method, url: url), on: connection, context: context, method: method, url: url)
        }
        guard let (body, asked) = context.dispatch() else { return MHD_Result.YES }

        if let asked, let lent = readyAnswers.lend(for: asked, started: context.started, requestID: context.requestID) {
            context.hold(lent)
            return submit(lent.prepared.pointer, status: lent.responses.status, on: connection, context: context, method: method, url: url)
        }
        let request = ConnectionValues.request(connection: connection, method: method, url: url, body: body)
        let responder = self.responder
        let readyAnswers = self.readyAnswers
        let serviceContext = context.makeTrace().serviceContext
        // The request's trace is current in its handler, for every line it logs and every call it makes.
        let answer: @Sendable () async -> Void = {
            let response = await ServiceContext.withValue(serviceContext) { await responder(request) }
            if let asked { readyAnswers.keep(response, to: request, for: asked.key) }
            context.complete(with: response)
        }
        if !request.method.isSafe, let gate = routeLimits(request)?.concurrency {
            // Its turn may come on another request's task: this one runs in a task of its own,
            // after the connection sleeps below. One answered meanwhile (503, stopping) is not handled.
            gate.enter {
                guard !context.isAnswered else { return gate.leave() }
                Task {
                    await answer()
                    gate.leave()
                }
            }
        } else {
            // Runs on this thread up to the handler's first suspension: an answer that needs none
            // (a cached page) is queued below without waking another thread; one that suspends is
            // resumed by the task and completed from there.
            Task.immediate { await answer() }
        }
        if let response = context.suspendUnlessAnswered() {
            return queue(response, on: connection, context: context, method: method, url: url)
        }
        return MHD_Result.YES
    }

    /// 431 for a request line and headers together over the limit (a target alone over it was
    /// answered 414 at the request line). libmicrohttpd refuses heads larger than its memory
    /// itself; one that just fits is answered here, by `LastResortAnswer` when no room is left.
    private func oversizedHead(_ head: RequestHead, connection: ConnectionHandle, method: UnsafePointer<CChar>?,
                               path: UnsafePointer<CChar>?) -> Response? {
        guard head.size > configuration.maxRequestHeadSize else { return nil }
        let request = ConnectionValues.request(connection: connection, method: method, url: path, body: Data())
        return headRefusal(HTTPError(.requestHeaderFieldsTooLarge, code: "headers_too_large",
                                     message: "The request's line and headers are limited to \(configuration.maxRequestHeadSize) bytes."),
                           for: request)
    }

    /// Queues the refusal of a head, kept with what the socket had sent so far: libmicrohttpd
    /// 0.9.75 builds the answer's header in what the head left of the connection's memory, and
    /// when that is too little it closes the connection with nothing sent (`sendLostRefusal`).
    private func queueRefusal(
        _ refusal: Response,
        on connection: ConnectionHandle,
        context: RequestContext,
        method: UnsafePointer<CChar>?,
        url: UnsafePointer<CChar>?
    ) -> MHD_Result {
        context.holdRefusal(refusal, queuedAfter: ctcp_bytes_sent(cmhd_connection_socket(connection.pointer)))
        return queue(refusal, on: connection, context: context, method: method, url: url)
    }

    /// A refusal made before the request reached the responder, after which the connection closes.
    private func headRefusal(_ error: HTTPError, for request: Request) -> Response {
        var response = refuse(error, request)
        response.headers.set("Connection", "close")
        return response
    }

    /// The request's context, made when its request line arrives (libmicrohttpd's URI log
    /// callback), so a head that libmicrohttpd then refuses still has one at completion. A target
    /// over the limit is answered 414 here: 0.9.75 goes on to parse its query into a pool with no
    /// room left, fails, and loses its own answer (see `LastResortAnswer`).
    private func startRequest(connection: ConnectionHandle, target: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        let context = RequestContext(
            bodyLimit: configuration.maxBodySize,
            connection: connection,
            targetLength: target.map { strlen($0) } ?? 0
        )
        OpenConnection.of(connection).requestStarted(context)
        if context.targetLength > configuration.maxRequestHeadSize {
            // Only the target has arrived: the refusal is made for its path, as a GET.
            let path = target.map { String(cString: $0).prefix { $0 != "?" } } ?? "/"
            let refusal = headRefusal(HTTPError(.uriTooLong, code: "target_too_long",
                                                message: "Request targets are limited to \(configuration.maxRequestHeadSize) bytes."),
                                      for: Request(method: .get, path: String(path)))
            context.holdRefusal(refusal, queuedAfter: nil)
            LastResortAnswer.send(context.refusal ?? refusal, on: cmhd_connection_socket(connection.pointer))
            logger.info("request", metadata: ["path": "(\(context.targetLength) bytes)", "status": "\(refusal.status.code)",
                                              "request_id": "\(context.requestID)"])
        }
        return Unmanaged.passUnretained(context).toOpaque()
    }

    /// A request ended in error: a refusal queued for its head (`queueRefusal`) with nothing sent
    /// since goes out by `LastResortAnswer`. libmicrohttpd's own 431, for a head larger than its
    /// memory, needs no help: 0.9.75 empties the connection's memory and builds it again when it
    /// does not fit (`transmit_error_response_len`). Other errors (a client gone) are left alone.
    private func sendLostRefusal(of context: RequestContext, on connection: ConnectionHandle) {
        let socket = cmhd_connection_socket(connection.pointer)
        let sent = ctcp_bytes_sent(socket)
        guard sent != .max, let refusal = context.lostRefusal(bytesSentNow: sent) else { return }
        LastResortAnswer.send(refusal, on: socket)
    }

    /// 413 for a body over the server's cap, refused before any handler sees it.
    private func tooLarge(_ limit: Int, connection: ConnectionHandle, method: UnsafePointer<CChar>?, url: UnsafePointer<CChar>?) -> Response {
        refuse(HTTPError(.payloadTooLarge, code: "payload_too_large",
                         message: "Request bodies are limited to \(limit) bytes."),
               ConnectionValues.request(connection: connection, method: method, url: url, body: Data()))
    }

    private func queue(
        _ response: Response,
        on connection: ConnectionHandle,
        context: RequestContext,
        method: UnsafePointer<CChar>?,
        url: UnsafePointer<CChar>?
    ) -> MHD_Result {
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .data(let data):
            mhdResponse = data.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                                                MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
            }
        case .shared(let bytes):
            mhdResponse = LibraryResponse.pointing(at: bytes)
        case .stream(let stream):
            mhdResponse = makeStreamingResponse(stream, connection: connection)
        }
        guard let mhdResponse else { return MHD_Result.NO }
        defer { MHD_destroy_response(mhdResponse) }
        for (name, value) in response.headers {
            LibraryResponse.add(name, value, to: mhdResponse)
        }
        if response.headers[TraceContextPropagation.requestIDHeader] == nil {
            LibraryResponse.add(TraceContextPropagation.requestIDHeader, context.requestID.description, to: mhdResponse)
        }
        return submit(mhdResponse, status: response.status, on: connection, context: context, method: method, url: url)
    }

    /// Queues a libmicrohttpd response made for this request, or lent to it, and logs the request.
    private func submit(
        _ mhdResponse: OpaquePointer,
        status: HTTPStatus,
        on connection: ConnectionHandle,
        context: RequestContext,
        method: UnsafePointer<CChar>?,
        url: UnsafePointer<CChar>?
    ) -> MHD_Result {
        if logsRequests {
            let duration = ContinuousClock.now - context.started
            logger.info("request", metadata: [
                "method": "\(method.map { String(cString: $0) } ?? "?")",
                "path": "\(url.map { String(cString: $0) } ?? "?")",
                "status": "\(status.code)",
                "duration_ms": "\(duration.milliseconds)",
                "request_id": "\(context.requestID)",
            ])
        }
        return MHD_queue_response(connection.pointer, UInt32(status.code), mhdResponse)
    }

    private func makeStreamingResponse(_ stream: ResponseStream, connection: ConnectionHandle) -> OpaquePointer? {
        let pump = StreamPump(connection: connection)
        let key = ObjectIdentifier(pump)
        state.withLock { $0.streams[key] = pump }
        let box = StreamBox(pump: pump, server: self)
        let response = MHD_create_response_from_callback(
            UInt64.max, // MHD_SIZE_UNKNOWN
            4096,
            { cls, _, buffer, capacity in
                let box = Unmanaged<StreamBox>.fromOpaque(cls!).takeUnretainedValue()
                return box.pump.read(into: buffer!, capacity: capacity)
            },
            Unmanaged.passRetained(box).toOpaque(),
            { cls in
                let box = Unmanaged<StreamBox>.fromOpaque(cls!).takeRetainedValue()
                box.pump.close()
                box.server.state.withLock { _ = $0.streams.removeValue(forKey: ObjectIdentifier(box.pump)) }
            }
        )
        pump.start(stream)
        return response
    }
}

/// What the content-reader callbacks of one streaming response need.
private final class StreamBox: Sendable {
    let pump: StreamPump
    let server: HTTPServer

    init(pump: StreamPump, server: HTTPServer) {
        self.pump = pump
        self.server = server
    }
}

private extension Duration {
    var milliseconds: String {
        let (seconds, attoseconds) = components
        return String(format: "%.1f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}

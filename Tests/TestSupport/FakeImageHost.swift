import Foundation
import HTTPServer

/// An image host at the far edge of a test (a CDN a BFF points at): a real HTTP server that
/// answers every path ending in `.png` (or `.jpg`, as `image/jpeg`) with a small PNG, `*.html` with a page (not an image) and
/// `/big/{bytes}.png` with a PNG of that many bytes, `/moved?to={url}` with a redirect there, and counts the
/// requests per path.
public final class FakeImageHost: Sendable {
    /// A 1×1 PNG.
    public static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP438DwHwAGgAJ/EEwb4QAAAABJRU5ErkJggg==")!

    /// Test code only: one lock around the counts, shared with the server's handler.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var requests: [String: Int] = [:]
        var headers: [[String: String]] = []
    }

    private let state = State()
    private let server: TestServer

    public init() throws {
        let state = state
        var router = Router()
        router.fallback = { request in
            state.lock.withLock {
                state.requests[request.path, default: 0] += 1
                state.headers.append(Dictionary(request.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a }))
            }
            if request.path.hasPrefix("/big/"), let size = Int(request.path.dropFirst("/big/".count).dropLast(".png".count)) {
                return Response(headers: ["Content-Type": "image/png"], data: FakeImageHost.png + Data(count: max(0, size - FakeImageHost.png.count)))
            }
            if request.path == "/moved", let location = request.query["to"] {
                return .seeOther(location)
            }
            if request.path.hasSuffix(".png") {
                return Response(headers: ["Content-Type": "image/png"], data: FakeImageHost.png)
            }
            if request.path.hasSuffix(".jpg") {
                return Response(headers: ["Content-Type": "image/jpeg"], data: FakeImageHost.png)
            }
            if request.path.hasSuffix(".html") {
                return .html("<html><body>not a picture</body></html>")
            }
            return .text("no such picture", status: .notFound)
        }
        server = try TestServer(router: router)
    }

    /// The absolute URL of `path` on this host.
    public func url(_ path: String) -> String { server.url(path).absoluteString }

    /// How many requests asked for `path`.
    public func requestCount(_ path: String) -> Int {
        state.lock.withLock { state.requests[path] ?? 0 }
    }

    /// Every request's headers (names lowercased), in order.
    public var receivedHeaders: [[String: String]] {
        state.lock.withLock { state.headers }
    }

    public var totalRequests: Int {
        state.lock.withLock { state.requests.values.reduce(0, +) }
    }

    /// Stops answering: connections are refused from now on, as a host that is down.
    public func stop() async {
        await server.stop()
    }
}

import ServiceLifecycle

/// Writes what background work still holds once the requests have ended: the timeline pages
/// that likes changed and the write-behind saver has not written yet.
struct FlushAtShutdown: Service {
    let flush: @Sendable () async -> Void

    func run() async {
        // A cancelled group (another service failed) flushes too: what is held is the user's.
        try? await gracefulShutdown()
        await flush()
    }
}

import ServiceLifecycle

/// Finishes what background work still holds once the requests have ended: likes on their way
/// to the BFF, and the timeline pages they changed that the write-behind saver has not written.
struct FlushAtShutdown: Service {
    let flush: @Sendable () async -> Void

    func run() async {
        // A cancelled group (another service failed) flushes too: what is held is the user's.
        try? await gracefulShutdown()
        await flush()
    }
}

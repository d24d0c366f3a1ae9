import ServiceLifecycle

/// Work that runs as long as the process serves (the remote config's refresh, the BFF's watch
/// of its storage), owned by the process's `ServiceGroup`: cancelled at a graceful shutdown.
struct BackgroundWork: Service {
    let body: @Sendable () async -> Void

    func run() async {
        await cancelWhenGracefulShutdown(body)
    }
}

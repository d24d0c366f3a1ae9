import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM without the default handlers killing the process first.
enum SignalWaiter {
    static func waitForTermination() async {
        let signals = [SIGINT, SIGTERM]
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let queue = DispatchQueue(label: "moments.signals")
            let once = Once(continuation)
            let sources = signals.map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { once.fire() }
                source.resume()
                return source
            }
            once.retain(sources)
        }
    }

    /// Resumes the continuation on the first signal only, and keeps the sources alive.
    private final class Once: @unchecked Sendable {
        private var continuation: CheckedContinuation<Void, Never>?
        private var sources: [any DispatchSourceSignal] = []
        private let lock = NSLock()

        init(_ continuation: CheckedContinuation<Void, Never>) {
            self.continuation = continuation
        }

        func retain(_ sources: [any DispatchSourceSignal]) {
            lock.withLock { self.sources = sources }
        }

        func fire() {
            let continuation = lock.withLock {
                defer { self.continuation = nil }
                return self.continuation
            }
            continuation?.resume()
        }
    }
}

import Dispatch
import Foundation
import Locking
import ServiceLifecycle

/// SIGINT and SIGTERM, caught without the default handlers killing the process first.
///
/// Made before the server announces its URL, and returns only once libdispatch has armed its
/// sources, so that a signal sent as soon as that line is read is caught. The sources need the
/// signal ignored first, and libdispatch arms them later on its own thread: a SIGTERM between the
/// two was lost, leaving a process that never stopped (`Tests/Interop/test_signals.py`: one
/// start in about thirty under load, more on a busy machine).
///
/// As a service of the process's `ServiceGroup`, it ends when a signal comes, which shuts the
/// group down gracefully. Sendable by hand: `sources` only keeps the sources alive.
struct SignalWaiter: Service, @unchecked Sendable {
    private let signals = Signals()
    /// Kept alive as long as the waiter; never changed after `init`.
    private let sources: [any DispatchSourceSignal]

    init() {
        let queue = DispatchQueue(label: "moments.signals")
        let signals = signals
        let armed = DispatchGroup()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { signals.fire() }
            armed.enter()
            source.setRegistrationHandler { armed.leave() }
            source.resume()
            return source
        }
        // Milliseconds at start-up, once; bounded so that a libdispatch that never says so cannot
        // keep the server from starting.
        _ = armed.wait(timeout: .now() + .seconds(5))
    }

    /// Returns once a signal came (at once if one came before), or once the group stops for
    /// another reason.
    func run() async {
        let signals = signals
        await withTaskCancellationOrGracefulShutdownHandler {
            await signals.wait()
        } onCancelOrGracefulShutdown: {
            signals.fire()
        }
    }

    /// Whether a signal came, and who waits for one.
    private final class Signals: Sendable {
        private struct State {
            var fired = false
            var continuation: CheckedContinuation<Void, Never>?
        }

        private let state = Locked(State())

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let firedAlready = state.withLock { state in
                    if !state.fired { state.continuation = continuation }
                    return state.fired
                }
                if firedAlready { continuation.resume() }
            }
        }

        func fire() {
            let continuation = state.withLock { state in
                defer { state.fired = true; state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
    }
}

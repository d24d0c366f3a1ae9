import CChildProcess
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// A program run in a child process by `posix_spawn`, with its standard output in a pipe: what
/// the tests use instead of Foundation's `Process`.
///
/// On Linux, `Process.run()` lists `/proc/self/fd` to close the parent's descriptors in the
/// child, and copies 256 bytes from each entry's `d_name`, past the end of the `dirent`
/// (`findMaximumOpenFromProcSelfFD`, fixed by swift-corelibs-foundation PR #5472, which our
/// toolchain predates). When the copy runs into an unmapped page the test process dies ("Bad
/// pointer dereference" in memcpy): not a race, so launches taking turns did not help, and about
/// one run in five of the suite. Here glibc closes those descriptors in the child (`closefrom`).
public final class ChildProcess: Sendable {
    /// Where the child's standard error goes.
    public enum StandardError: Sendable {
        /// Into the same pipe as its standard output, in the order written.
        case output
        /// To `/dev/null`.
        case discarded
        /// To this open file.
        case file(FileHandle)
    }

    /// How the child ended, in the words of Foundation's `Process.TerminationReason`.
    public enum TerminationReason: Sendable {
        case exit
        case uncaughtSignal
    }

    public let processIdentifier: pid_t
    /// The read end of the pipe the child's standard output goes to; it ends when the child and
    /// any children of its own have closed it.
    public let output: FileHandle
    /// The status `waitpid` reported, once it has: from then on the identifier may name another
    /// process, so nothing is sent to it.
    private let reapedStatus = Locked<Int32?>(nil)

    /// Starts `executable` (a path, not looked up in `PATH`) with `arguments` and `environment`
    /// (the test process's own by default), its standard input `/dev/null`, and no other
    /// descriptor of the test process: a socket a test closes is closed.
    public init(executable: String, arguments: [String],
                environment: [String: String] = ProcessInfo.processInfo.environment,
                standardError: StandardError) throws {
        var pipe: [Int32] = [-1, -1]
        guard cchild_pipe_cloexec(&pipe) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        let (readEnd, writeEnd) = (pipe[0], pipe[1])
        // Closed whether or not the spawn works: a write end left open here would keep the pipe
        // from ever reporting its end to `output`'s reader.
        defer { close(writeEnd) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // `dup2` leaves the copies on 0, 1 and 2 without the pipe's close-on-exec flag.
        var result = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if result == 0 { result = posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO) }
        if result == 0 {
            switch standardError {
            case .output: result = posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
            case .discarded: result = posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            case .file(let handle): result = posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, STDERR_FILENO)
            }
        }
        if result == 0 { result = cchild_add_close_from(&actions, STDERR_FILENO + 1) }

        var identifier = pid_t()
        if result == 0 {
            let argv = [executable] + arguments
            let envp = environment.map { "\($0.key)=\($0.value)" }
            result = withCStrings(argv) { argv in
                withCStrings(envp) { envp in posix_spawn(&identifier, executable, &actions, nil, argv, envp) }
            }
        }
        guard result == 0 else {
            close(readEnd)
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        processIdentifier = identifier
        output = FileHandle(fileDescriptor: readEnd, closeOnDealloc: true)
    }

    /// Whether the child still runs; the first answer of no reaps it and keeps its status.
    public var isRunning: Bool {
        reapedStatus.withLock { reaped in
            guard reaped == nil else { return false }
            var status: Int32 = 0
            guard waitpid(processIdentifier, &status, WNOHANG) == processIdentifier else { return true }
            reaped = status
            return false
        }
    }

    /// Asks the child to stop (SIGTERM), unless it has already ended.
    public func terminate() {
        reapedStatus.withLock { reaped in
            if reaped == nil { kill(processIdentifier, SIGTERM) }
        }
    }

    /// Blocks until the child has ended.
    public func waitUntilExit() {
        // Waits without reaping, so that `isRunning` stays the one place that reaps and a
        // concurrent `terminate()` never signals an identifier already given back.
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        _ = isRunning
    }

    /// The exit code, or the number of the signal that ended the child; only once it has ended.
    public var terminationStatus: Int32 {
        let status = endStatus
        return status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f
    }

    /// Whether the child exited or a signal ended it; only once it has ended.
    public var terminationReason: TerminationReason {
        endStatus & 0x7f == 0 ? .exit : .uncaughtSignal
    }

    private var endStatus: Int32 {
        guard let status = reapedStatus.withLock({ $0 }) else { preconditionFailure("process \(processIdentifier) has not ended") }
        return status
    }
}

/// Calls `body` with `strings` as a C array of C strings ending in a null pointer, as `argv`
/// and `envp` are.
private func withCStrings<Result>(_ strings: [String],
                                  _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
}

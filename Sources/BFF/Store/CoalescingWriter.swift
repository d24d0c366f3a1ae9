import GRDB
import Locking

/// Runs many small writes (likes) in few transactions: the writes that arrive while a transaction
/// runs and commits go together into the next one, so a burst of likes costs a few commits
/// instead of one each.
///
/// Each write runs in its own savepoint: one that throws is rolled back alone and its caller gets
/// the error, while the others of its transaction go on. A caller is answered only once the
/// transaction holding its write has committed (or failed: then every write of it failed), so
/// nothing acknowledged is ever lost.
final class CoalescingWriter: Sendable {
    /// One caller's write, and how to answer the caller once its transaction has ended.
    private struct Pending: Sendable {
        /// Runs the write in the transaction; answers how to resume the caller after the commit.
        let run: @Sendable (Database) -> @Sendable () -> Void
        /// Resumes the caller with the error of a transaction that did not commit.
        let fail: @Sendable (any Error) -> Void
    }

    private let writer: any DatabaseWriter
    /// The writes waiting for the next transaction, and whether a transaction is under way.
    private let state = Locked<(waiting: [Pending], isWriting: Bool)>(([], false))

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in a savepoint of the next transaction and answers its result once that
    /// transaction has committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let pending = Pending(
                run: { db in
                    do {
                        var result: T?
                        try db.inSavepoint {
                            result = try body(db)
                            return .commit
                        }
                        return { [result] in continuation.resume(returning: result!) }
                    } catch {
                        return { continuation.resume(throwing: error) }
                    }
                },
                fail: { error in continuation.resume(throwing: error) }
            )
            let startsWriting = state.withLock { state in
                state.waiting.append(pending)
                guard !state.isWriting else { return false }
                state.isWriting = true
                return true
            }
            if startsWriting {
                Task { await writeWaiting() }
            }
        }
    }

    /// Writes what waits, a transaction at a time, until nothing does.
    private func writeWaiting() async {
        while let batch = takeWaiting() {
            do {
                let answers = try await writer.write { db in batch.map { $0.run(db) } }
                for answer in answers { answer() }
            } catch {
                for pending in batch { pending.fail(error) }
            }
        }
    }

    /// The writes waiting, or `nil` (and no transaction under way) when none is.
    private func takeWaiting() -> [Pending]? {
        state.withLock { state in
            guard !state.waiting.isEmpty else {
                state.isWriting = false
                return nil
            }
            defer { state.waiting.removeAll() }
            return state.waiting
        }
    }
}

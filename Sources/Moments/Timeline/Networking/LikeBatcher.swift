import Foundations
import Locking

/// Sends likes that arrive together in one document: a like goes at once when fewer than
/// `maximumInFlight` documents are on their way, and those that arrive meanwhile go together in the
/// next one, so a burst of likes costs a few exchanges with the BFF instead of one each, and a
/// lone like waits for nothing. Two documents on their way keep the BFF busy while the dashboard
/// answers the likes of the last one and gathers the next. A change of a moment by a user whose
/// earlier change of it is on its way, or in the same document, waits for the next document after
/// that one's answer: the BFF applies a user's likes and unlikes of a moment in the order they
/// came, and answers each with the moment as that change left it. `Answer` is what the document
/// selects of each changed moment.
final class LikeBatcher<Answer: LikeBatchAnswer>: Sendable {
    /// How one change came out.
    enum Outcome: Sendable {
        /// The BFF answered the change's moment; `nil` when it answered no moments at all (as an
        /// `emptyMoments` fault makes it), which the caller takes as a lone like's answer that
        /// lists no moments.
        case answered(Answer?)
        /// The exchange failed: the error is every change's.
        case failed(APISessionError)
        /// The BFF refused a batch of several changes with GraphQL errors, which may be about one
        /// of them only: the change is to be sent alone to learn its own outcome.
        case refusedInBatch
    }

    /// Changes a document carries at most.
    static var maximumBatch: Int { 100 }
    /// Documents on their way at once.
    static var maximumInFlight: Int { 2 }

    private struct Pending: Sendable {
        let change: MomentLikeChange
        let continuation: CheckedContinuation<Outcome, Never>
        /// The deadline of the request that sent it (`APISession.deadline`).
        let deadline: ContinuousClock.Instant?
    }

    private struct State {
        /// The changes waiting for a document, oldest first.
        var waiting: [Pending] = []
        /// How many documents are on their way.
        var inFlight = 0
        /// The moments and users of the changes on their way.
        var sending: Set<MomentLikeChange.Target> = []
        /// Who waits for the last document on its way to be answered (`drained`).
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let send: @Sendable ([MomentLikeChange]) async throws(APISessionError) -> [Answer]
    private let state = Locked(State())

    /// - Parameter send: sends the changes in one document and answers the moments the BFF
    ///   sent back, one per change, in their order.
    init(send: @escaping @Sendable ([MomentLikeChange]) async throws(APISessionError) -> [Answer]) {
        self.send = send
    }

    /// Sends `change` with the others waiting, and answers how it came out.
    func send(_ change: MomentLikeChange) async -> Outcome {
        let deadline = APISession.deadline
        return await withCheckedContinuation { continuation in
            let startsSending = state.withLock { state in
                state.waiting.append(Pending(change: change, continuation: continuation, deadline: deadline))
                guard state.inFlight < Self.maximumInFlight else { return false }
                state.inFlight += 1
                return true
            }
            if startsSending {
                Task { await sendWaiting() }
            }
        }
    }

    /// The changes waiting for a document.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Returns once no document is on its way (and so no change waits): at shutdown, after the
    /// requests, so that no like the BFF may have taken is left unanswered when the process ends.
    func drained() async {
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state in
                guard state.inFlight > 0 else { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    /// Sends what waits, a document at a time, until nothing does (one of `maximumInFlight` such
    /// loops). A document waits for the BFF until the last of its requests' deadlines, not the
    /// deadline of the request that started the loop.
    private func sendWaiting() async {
        var answered: [Pending] = []
        while let batch = takeWaiting(after: answered) {
            let deadlines = batch.map(\.deadline)
            let deadline = deadlines.contains(nil) ? nil : deadlines.compactMap { $0 }.max()
            let results = await APISession.$deadline.withValue(deadline) { await self.outcomes(of: batch.map(\.change)) }
            for (pending, outcome) in zip(batch, results) {
                pending.continuation.resume(returning: outcome)
            }
            answered = batch
        }
        // The last loop to end takes no change with it: none waits once no document is on its way.
        let drainWaiters = state.withLock { state in
            guard state.inFlight == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { state.drainWaiters.removeAll() }
            return state.drainWaiters
        }
        for waiter in drainWaiters { waiter.resume() }
    }

    /// The outcome of each of `changes`, sent in one document.
    private func outcomes(of changes: [MomentLikeChange]) async -> [Outcome] {
        do {
            let answers = try await send(changes)
            if answers.isEmpty { return changes.map { _ in .answered(nil) } }
            // One moment per change, in order: anything else is not an answer to these changes.
            guard answers.map(\.id) == changes.map(\.momentID) else {
                return changes.map { _ in .failed(.missingData("updateMomentLikes answered other moments than it was sent")) }
            }
            return answers.map { .answered($0) }
        } catch {
            if case .graphQL = error, changes.count > 1 {
                return changes.map { _ in .refusedInBatch }
            }
            return changes.map { _ in .failed(error) }
        }
    }

    /// Up to `maximumBatch` changes waiting, oldest first, none of a moment and user that another
    /// change on its way or in the batch has, once `answered` (this loop's last document) is no
    /// longer on its way; `nil` (and one document fewer on its way) when none can go.
    private func takeWaiting(after answered: [Pending]) -> [Pending]? {
        state.withLock { state in
            state.sending.subtract(answered.map(\.change.target))
            var batch: [Pending] = []
            var later: [Pending] = []
            for pending in state.waiting {
                if batch.count < Self.maximumBatch, state.sending.insert(pending.change.target).inserted {
                    batch.append(pending)
                } else {
                    later.append(pending)
                }
            }
            state.waiting = later
            guard !batch.isEmpty else {
                state.inFlight -= 1
                return nil
            }
            return batch
        }
    }
}

/// One like or unlike, as `updateMomentLikes` takes it.
struct MomentLikeChange: Codable, Sendable, Equatable {
    let momentID: String
    let userID: String
    let isLiked: Bool

    /// Whose like of which moment it changes.
    struct Target: Hashable, Sendable {
        let momentID: String
        let userID: String
    }

    var target: Target { Target(momentID: momentID, userID: userID) }
}

/// What a batch of likes answers for each changed moment: at least the moment's ID.
protocol LikeBatchAnswer: Sendable {
    var id: String { get }
}

extension MomentLikes: LikeBatchAnswer {}
extension MomentsDetails.Moment: LikeBatchAnswer {}

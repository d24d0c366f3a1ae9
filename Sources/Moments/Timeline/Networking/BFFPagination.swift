import Foundations
import Locking

/// Whether the BFF takes the optional `first` and `after` arguments of the timeline fields (and
/// `from`, a page that starts at a moment), as learned from the BFF itself, never guessed from an
/// error's wording.
///
/// - First it asks the schema (`BFFSchemaProbe`), when the BFF is first reached and again once
///   it answers after being unreachable.
/// - When introspection is off, it sends the paging documents, and a refusal that carries no
///   `data` (an HTTP 4xx, or `errors` without `data` and without a field's path) without one of the codes a paging BFF gives
///   for a page it understood makes it send them without paging from then on; the sessions then
///   cut the page out of the whole timeline themselves.
/// - `from`, and likes in batches (`updateMomentLikes`), are used only when the schema shows them.
public final class BFFPagination: Sendable {
    /// What is known about the BFF's paging.
    public enum Support: String, Sendable, Encodable {
        /// Not asked yet, or the BFF was unreachable since.
        case unknown
        /// Its schema shows the arguments, or a paging document was answered.
        case supported
        /// Its schema lacks them, or it refused a paging document.
        case unsupported
    }

    /// Codes a BFF that pages gives for a page it understood: the `after` or a user is unknown,
    /// `first` is out of range. These are answers, not refusals of the arguments.
    static let understoodPageCodes: [BFFErrorCode] = [.badPageArguments, .unknownMoment, .unknownUser]

    /// Which optional arguments a document may carry.
    enum Arguments: Sendable, Equatable {
        /// None: the sessions cut the page out of the whole timeline.
        case none
        /// `first` and `after`.
        case paging
        /// `first`, `after` and `from` (a page that starts at a moment), shown by the schema.
        case pagingFromMoment
    }

    /// What is known. `generation` counts the times the BFF was unreachable: a schema question
    /// asked before the last of them answers nothing, the BFF may have gone away since.
    private struct State {
        var support = Support.unknown
        var introspection: Bool?
        var startsAtMoment = false
        var batchesLikes = false
        var subscribesToLikes = false
        var generation = 0
    }

    private let probe: BFFSchemaProbe?
    private let state = Locked(State())
    /// The schema question on its way, per generation, which every caller that arrives meanwhile
    /// waits for instead of asking again.
    private let probing = SingleFlight<Int, BFFSchemaProbe.Capabilities?, Never>()

    /// - Parameter probe: asks the schema; without one, paging is tried and a refusal decides.
    public init(probe: BFFSchemaProbe? = nil) {
        self.probe = probe
    }

    /// What is known now, and whether the BFF answered introspection (`nil`: not asked yet).
    public var status: (support: Support, introspection: Bool?) { state.withLock { ($0.support, $0.introspection) } }

    /// Runs `call` with the optional arguments the BFF takes, else (or once it turns out not to
    /// take them) without; `call` sends its document with those it is given.
    func send<Answer>(
        _ call: (_ arguments: Arguments) async throws(APISessionError) -> Answer
    ) async throws(APISessionError) -> Answer {
        let arguments = await allowedArguments()
        if arguments != .none {
            do {
                let answer = try await call(arguments)
                learn(.supported)
                return answer
            } catch where Self.isRefusal(error) && status.support != .supported {
                // Once the BFF is known to page, a refusal is about this page (an unknown
                // `after` from a BFF without codes), not about the arguments.
                learn(.unsupported)
            } catch where Self.isUnreachable(error) {
                // Ask the schema again once it answers: it may be another BFF by then.
                state.withLock { $0 = State(generation: $0.generation + 1) }
                throw error
            }
        }
        return try await call(.none)
    }

    /// Whether the BFF's schema shows `from` on both root fields, so one moment is read by its
    /// ID. Only the schema says so: a BFF with introspection off is never sent `from`.
    func startsAtMoment() async -> Bool {
        await allowedArguments() == .pagingFromMoment
    }

    /// Whether the BFF's schema shows `updateMomentLikes`, which takes many likes in one document.
    func batchesLikes() async -> Bool {
        _ = await allowedArguments()
        return state.withLock { $0.batchesLikes }
    }

    /// Whether the BFF's schema shows `momentLikesChanged(userID:)`, a subscription to like changes.
    func subscribesToLikes() async -> Bool {
        _ = await allowedArguments()
        return state.withLock { $0.subscribesToLikes }
    }

    /// Which arguments to send: known from before, else from the schema, else try paging.
    private func allowedArguments() async -> Arguments {
        let known = state.withLock { $0 }
        guard known.support == .unknown, let probe else {
            return known.support == .unsupported ? .none : known.startsAtMoment ? .pagingFromMoment : .paging
        }
        let learned = await probing.value(known.generation) { [self] in
            let learned = await probe.capabilities()
            record(learned, generation: known.generation)
            return learned
        }
        guard let learned else { return .paging }
        return learned.startsAtMoment ? .pagingFromMoment : learned.paging ? .paging : .none
    }

    /// Keeps what the schema showed, unless the BFF was unreachable since the question was asked.
    private func record(_ learned: BFFSchemaProbe.Capabilities?, generation: Int) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.introspection = learned != nil
            if let learned {
                state.support = learned.paging ? .supported : .unsupported
                state.startsAtMoment = learned.startsAtMoment
                state.batchesLikes = learned.batchesLikes
                state.subscribesToLikes = learned.subscribesToLikes
            }
        }
    }

    private func learn(_ support: Support) {
        state.withLock { $0.support = support }
    }

    /// Whether the BFF refused the document as a whole rather than answering it.
    private static func isRefusal(_ error: APISessionError) -> Bool {
        switch error {
        case .httpStatus(let status): (400..<500).contains(status) && status != 401 && status != 403
        // Errors with a path are a field's: the document ran (a root field failed, the database is down).
        case .graphQL(let errors, let hasData):
            !hasData && errors.allSatisfy { $0.path == nil } && !understoodPageCodes.contains(where: error.carries)
        case .transport, .timeout, .credentialsRefused, .notJSON, .notGraphQL, .missingData: false
        }
    }

    private static func isUnreachable(_ error: APISessionError) -> Bool {
        switch error {
        case .transport, .timeout: true
        case .httpStatus, .graphQL, .credentialsRefused, .notJSON, .notGraphQL, .missingData: false
        }
    }
}

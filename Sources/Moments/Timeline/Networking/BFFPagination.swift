import Foundations
import Synchronization

/// Whether the BFF takes the optional `first` and `after` arguments of the timeline fields, as
/// learned from the BFF itself, never guessed from an error's wording.
///
/// - First it asks the schema (`BFFSchemaProbe`), when the BFF is first reached and again once
///   it answers after being unreachable.
/// - When introspection is off, it sends the paging documents, and a refusal that carries no
///   `data` (an HTTP 4xx, or `errors` without `data`) without one of the codes a paging BFF gives
///   for a page it understood makes it send them without paging from then on; the sessions then
///   cut the page out of the whole timeline themselves.
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
    static let understoodPageCodes: Set<String> = ["BAD_PAGE_ARGUMENTS", "UNKNOWN_MOMENT", "UNKNOWN_USER"]

    private let probe: BFFSchemaProbe?
    private let state = Mutex<(support: Support, introspection: Bool?)>((.unknown, nil))

    /// - Parameter probe: asks the schema; without one, paging is tried and a refusal decides.
    public init(probe: BFFSchemaProbe? = nil) {
        self.probe = probe
    }

    /// What is known now, and whether the BFF answered introspection (`nil`: not asked yet).
    public var status: (support: Support, introspection: Bool?) { state.withLock { $0 } }

    /// Runs `call` with pagination if the BFF takes it, else (or once it turns out not to)
    /// without, cutting `page` out of the whole answer: at most `first` moments after `after`.
    func send(
        first: Int,
        after: String?,
        _ call: (_ paginated: Bool) async throws(APISessionError) -> MomentsDetails
    ) async throws(APISessionError) -> MomentsDetails {
        if await mayPage() {
            do {
                let answer = try await call(true)
                learn(.supported)
                return answer
            } catch where Self.isRefusal(error) && status.support != .supported {
                // Once the BFF is known to page, a refusal is about this page (an unknown
                // `after` from a BFF without codes), not about the arguments.
                learn(.unsupported)
            } catch where Self.isUnreachable(error) {
                // Ask the schema again once it answers: it may be another BFF by then.
                state.withLock { $0 = (.unknown, nil) }
                throw error
            }
        }
        let whole = try await call(false)
        guard let page = whole.slice(after: after, first: first) else {
            // What a paging BFF answers for an `after` that names no moment.
            throw .graphQL([GraphQLErrorDetail(message: "There is no moment with ID \"\(after ?? "")\".", code: "UNKNOWN_MOMENT")],
                           hasData: false)
        }
        return page
    }

    /// Whether to send the paging documents: known from before, else from the schema, else try.
    private func mayPage() async -> Bool {
        let known = state.withLock { $0.support }
        guard known == .unknown, let probe else { return known != .unsupported }
        let learned = await probe.supportsPaging()
        state.withLock { state in
            state.introspection = learned != nil
            if let learned { state.support = learned ? .supported : .unsupported }
        }
        return learned ?? true
    }

    private func learn(_ support: Support) {
        state.withLock { $0.support = support }
    }

    /// Whether the BFF refused the document as a whole rather than answering it.
    private static func isRefusal(_ error: APISessionError) -> Bool {
        switch error {
        case .httpStatus(let status): (400..<500).contains(status) && status != 401 && status != 403
        case .graphQL(_, let hasData): !hasData && error.graphQLCodes.isDisjoint(with: understoodPageCodes)
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

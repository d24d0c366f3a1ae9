import Foundations
import Synchronization

/// Whether the BFF takes the optional `first` and `after` arguments of the timeline fields.
///
/// The embedded BFF does; a BFF built to DESIGN.md's schema alone refuses them (graphql-js and
/// graphql-core even refuse `$first: Int` when the schema has no `Int`). A refusal is told by
/// its structure, never its wording: an HTTP 4xx, or `errors` without `data`, that carries none
/// of the codes a BFF gives when it understood the page and found its arguments wrong. Then the
/// sessions send their documents without them from that moment on and cut the page out of the
/// whole timeline themselves.
public final class BFFPagination: Sendable {
    /// Codes a BFF that pages gives for a page it understood: the `after` or a user is unknown,
    /// `first` is out of range. These are answers, not refusals of the arguments.
    static let understoodPageCodes: Set<String> = ["BAD_PAGE_ARGUMENTS", "UNKNOWN_MOMENT", "UNKNOWN_USER"]

    private let isSupported = Mutex(true)

    public init() {}

    /// Runs `call` with pagination if the BFF takes it, else (or once it turns out not to)
    /// without, cutting `page` out of the whole answer: at most `first` moments after `after`.
    func send(
        first: Int,
        after: String?,
        _ call: (_ paginated: Bool) async throws(APISessionError) -> MomentsDetails
    ) async throws(APISessionError) -> MomentsDetails {
        if isSupported.withLock({ $0 }) {
            do {
                return try await call(true)
            } catch where Self.isRefusal(error) {
                isSupported.withLock { $0 = false }
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

    /// Whether the BFF refused the document as a whole rather than answering it.
    private static func isRefusal(_ error: APISessionError) -> Bool {
        switch error {
        case .httpStatus(let status): (400..<500).contains(status) && status != 401 && status != 403
        case .graphQL(_, let hasData): !hasData && error.graphQLCodes.isDisjoint(with: understoodPageCodes)
        case .transport, .timeout, .credentialsRefused, .notJSON, .notGraphQL, .missingData: false
        }
    }
}

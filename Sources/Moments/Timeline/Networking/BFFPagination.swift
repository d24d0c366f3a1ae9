import Foundations
import Synchronization

/// Whether the BFF takes the optional `first` and `after` arguments of the timeline fields.
///
/// The embedded BFF does; a BFF built to DESIGN.md's schema alone refuses them with a
/// validation error. Then the sessions send their documents without
/// them from that moment on and cut the page out of the whole timeline themselves.
public final class BFFPagination: Sendable {
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
            } catch where Self.refusesArguments(error) {
                isSupported.withLock { $0 = false }
            }
        }
        let whole = try await call(false)
        guard let page = whole.slice(after: after, first: first) else {
            throw .graphQL(["Unknown moment \(after ?? "")"])
        }
        return page
    }

    /// Whether validation refused `first` or `after`: `Unknown argument "first" on field …`
    /// (graphql-js), `Field … does not have argument "first".` (GraphQLSwift).
    private static func refusesArguments(_ error: APISessionError) -> Bool {
        guard case .graphQL(let messages) = error else { return false }
        return messages.contains { message in
            message.localizedCaseInsensitiveContains("argument") && (message.contains(#""first""#) || message.contains(#""after""#))
        }
    }
}

import Foundations
import Locking
import Logging

/// The BFF's live likes: `momentLikesChanged(userID:)` over server-sent events, one subscription
/// per user the dashboard acts as, opened when their timeline is first read and opened again
/// whenever it ends (the BFF restarted, the network was away). Only when the BFF's schema shows
/// the subscription: without it the timeline's reads keep pages fresh, as they always did.
public final class MomentLikesSubscription: Sendable {
    static let document = """
        subscription momentLikesChanged($userID: ID!) {
          momentLikesChanged(userID: $userID) { \(MomentsDetailsFields.momentLikeFields) }
        }
        """

    private struct Variables: Encodable, Sendable {
        let userID: String
    }

    private struct Payload: Decodable {
        let momentLikesChanged: MomentLikes
    }

    private let apiSession: APISession
    private let stream: HTTPGraphQLTransport
    private let pagination: BFFPagination
    /// The wait before a subscription is opened again, doubled while it cannot be, up to `maximumRetryDelay`.
    private let retryDelay: Duration
    private let maximumRetryDelay: Duration
    private let followed = Locked<[String: Task<Void, Never>]>([:])
    private let logger = Logger(label: "moments.live-likes")

    public init(apiSession: APISession, stream: HTTPGraphQLTransport, pagination: BFFPagination,
                retryDelay: Duration = .milliseconds(250), maximumRetryDelay: Duration = .seconds(2)) {
        self.apiSession = apiSession
        self.stream = stream
        self.pagination = pagination
        self.retryDelay = retryDelay
        self.maximumRetryDelay = maximumRetryDelay
    }

    /// Follows `userID`'s like changes, handing the likes of each moment that changed to
    /// `onChange`; once per user, however often it is asked.
    func follow(userID: String, onChange: @escaping @Sendable (MomentLikes) -> Void) {
        followed.withLock { followed in
            guard followed[userID] == nil else { return }
            followed[userID] = Task { [self] in
                await run(userID: userID, onChange: onChange)
                _ = self.followed.withLock { $0.removeValue(forKey: userID) }
            }
        }
    }

    /// Ends every subscription: the server is stopping.
    public func stop() {
        for task in followed.withLock({ Array($0.values) }) {
            task.cancel()
        }
    }

    /// Subscribes, and again each time the subscription ends (the BFF completed it, stopped, or
    /// cannot be reached); stops when the schema shows no subscription or the BFF refuses it
    /// (another BFF by now): the user's next read asks again.
    private func run(userID: String, onChange: @Sendable (MomentLikes) -> Void) async {
        guard await pagination.subscribesToLikes() else { return }
        var delay = retryDelay
        while !Task.isCancelled {
            do {
                try await apiSession.subscribe(query: Self.document, variables: Variables(userID: userID),
                                               operationName: "momentLikesChanged", as: Payload.self, over: stream) { event in
                    // None after `stop`: the pages are being saved for the last time.
                    guard !Task.isCancelled else { return }
                    delay = retryDelay
                    // A partial event says nothing sure of the likes: the next read brings them.
                    if case .success(let answer) = event, !answer.isPartial { onChange(answer.data.momentLikesChanged) }
                }
            } catch .transport, .timeout {
                logger.notice("Live likes lost the BFF", metadata: ["userID": "\(userID)"])
            } catch {
                logger.warning("Live likes refused", metadata: ["userID": "\(userID)", "error": "\(error)"])
                return
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, maximumRetryDelay)
        }
    }
}

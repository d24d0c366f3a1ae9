import Foundation
import Synchronization

/// One GraphQL call as Area 51 shows it.
public struct GraphQLRequestRecord: Encodable, Sendable, Equatable {
    public let operationName: String
    /// The variables as sent, in JSON.
    public let variables: String
    /// `ok`, or what went wrong.
    public let status: String
    public let durationMilliseconds: Double
    public let sentAt: Date
}

/// Keeps the latest GraphQL calls in memory, newest first.
public final class GraphQLRequestLog: Sendable {
    private let capacity: Int
    private let records = Mutex<[GraphQLRequestRecord]>([])

    public init(capacity: Int = 100) {
        self.capacity = capacity
    }

    func record(_ record: GraphQLRequestRecord) {
        records.withLock { records in
            records.insert(record, at: 0)
            if records.count > capacity { records.removeLast(records.count - capacity) }
        }
    }

    /// The latest calls, newest first.
    public var latest: [GraphQLRequestRecord] { records.withLock { $0 } }
}

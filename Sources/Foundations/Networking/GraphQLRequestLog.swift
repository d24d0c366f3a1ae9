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

/// The latest failure of a call to the BFF, with its class, for Area 51.
public struct BFFFailureRecord: Sendable, Equatable {
    public let error: APISessionError
    public let operationName: String
    public let failedAt: Date

    public init(error: APISessionError, operationName: String, failedAt: Date) {
        self.error = error
        self.operationName = operationName
        self.failedAt = failedAt
    }
}

/// Keeps the latest GraphQL calls in memory, newest first, and the latest failure.
public final class GraphQLRequestLog: Sendable {
    private let capacity: Int
    private let records = Mutex<[GraphQLRequestRecord]>([])
    private let failure = Mutex<BFFFailureRecord?>(nil)

    public init(capacity: Int = 100) {
        self.capacity = capacity
    }

    func record(_ record: GraphQLRequestRecord) {
        records.withLock { records in
            records.insert(record, at: 0)
            if records.count > capacity { records.removeLast(records.count - capacity) }
        }
    }

    func recordFailure(_ error: APISessionError, operationName: String) {
        failure.withLock { $0 = BFFFailureRecord(error: error, operationName: operationName, failedAt: Date()) }
    }

    /// The latest call that failed, whatever came after it.
    public var lastFailure: BFFFailureRecord? { failure.withLock { $0 } }

    /// The latest calls, newest first.
    public var latest: [GraphQLRequestRecord] { records.withLock { $0 } }
}

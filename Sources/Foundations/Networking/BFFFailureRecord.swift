import Foundation

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

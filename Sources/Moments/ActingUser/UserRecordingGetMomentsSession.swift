import Foundations

/// Reads timelines and single moments through `session` and tells `directory` the users in
/// every answer.
public struct UserRecordingGetMomentsSession: GetMomentsByUserIDSessionType {
    let session: any GetMomentsByUserIDSessionType
    let directory: UserDirectory

    public init(session: any GetMomentsByUserIDSessionType, directory: UserDirectory) {
        self.session = session
        self.directory = directory
    }

    public func getMoments(userID: String, first: Int?, after: String?) async throws(APISessionError) -> MomentsDetails? {
        let details = try await session.getMoments(userID: userID, first: first, after: after)
        if let details { directory.record(details) }
        return details
    }

    public func getMoment(userID: String, momentID: String) async throws(APISessionError) -> MomentsDetails? {
        let details = try await session.getMoment(userID: userID, momentID: momentID)
        if let details { directory.record(details) }
        return details
    }
}

/// One document the dashboard can send to the BFF: the text its session sends, named for the
/// network inspector (`operationName`) and, where one operation has several documents (paged or
/// not, one like or a batch), for the variant (`name`).
public struct DashboardDocument: Sendable, Equatable {
    /// Unique among the contract's documents: the operation, and the variant after a slash.
    public let name: String
    /// The GraphQL operation name the network inspector shows for it.
    public let operationName: String
    public let text: String
}

/// Every document the dashboard can send, read from the sessions that send them (never copied),
/// so it can be checked against any schema.
public enum DashboardContract {
    public static let documents: [DashboardDocument] = [
        DashboardDocument(name: "getMomentsDetailsByUserID", operationName: "getMomentsDetailsByUserID",
                          text: GetMomentsByUserIDSession.unpaginatedQuery),
        DashboardDocument(name: "getMomentsDetailsByUserID/paging", operationName: "getMomentsDetailsByUserID",
                          text: GetMomentsByUserIDSession.query),
        DashboardDocument(name: "getMomentsDetailsByUserID/fromMoment", operationName: "getMomentsDetailsByUserID",
                          text: GetMomentsByUserIDSession.fromMomentQuery),
        DashboardDocument(name: "updateMomentLike", operationName: "updateMomentLike", text: UpdateMomentLikeSession.unpaginatedQuery),
        DashboardDocument(name: "updateMomentLike/paging", operationName: "updateMomentLike", text: UpdateMomentLikeSession.query),
        DashboardDocument(name: "updateMomentLike/fromMoment", operationName: "updateMomentLike",
                          text: UpdateMomentLikeSession.fromMomentQuery),
        DashboardDocument(name: "updateMomentLike/readingMoment", operationName: "updateMomentLike",
                          text: UpdateMomentLikeSession.readingMomentQuery),
        DashboardDocument(name: "updateMomentLike/batch", operationName: "updateMomentLike", text: UpdateMomentLikeSession.batchQuery),
        DashboardDocument(name: "updateMomentLike/readingBatch", operationName: "updateMomentLike",
                          text: UpdateMomentLikeSession.readingBatchQuery),
        DashboardDocument(name: "momentLikesChanged", operationName: "momentLikesChanged", text: MomentLikesSubscription.document),
        DashboardDocument(name: "BFFCapabilities", operationName: "BFFCapabilities", text: BFFSchemaProbe.document),
    ]
}

/// Which moments of the timeline an answer holds, the timeline being newest first (`createdAt`
/// descending, then the latest written first).
///
/// The page starts strictly after the moment `afterMomentID` (at the newest when nil) and holds at
/// most `first` moments (all that follow when nil). A client learns whether more follow by asking
/// for one moment more than it shows.
struct MomentsPage: Sendable, Equatable {
    /// The most moments a client may ask for in one page.
    static let maximumFirst = 1000

    /// Every moment: what a client that does not page gets.
    static let all = MomentsPage(checkedFirst: nil, afterMomentID: nil)

    let first: Int?
    let afterMomentID: String?

    /// A page as a client asks for it; `first` must be between 0 and `maximumFirst`.
    /// An unknown `afterMomentID` is found out when the page is read.
    init(first: Int?, afterMomentID: String?) throws(MomentsStoreError) {
        if let first, !(0...Self.maximumFirst).contains(first) {
            throw .pageSizeOutOfRange(first)
        }
        self.init(checkedFirst: first, afterMomentID: afterMomentID)
    }

    private init(checkedFirst first: Int?, afterMomentID: String?) {
        self.first = first
        self.afterMomentID = afterMomentID
    }
}

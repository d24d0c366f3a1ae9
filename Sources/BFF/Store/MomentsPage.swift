/// Which moments of the timeline an answer holds, the timeline being newest first (`createdAt`
/// descending, then the latest written first).
///
/// The page starts strictly after the moment `afterMomentID`, or at the moment `fromMomentID`
/// itself (at the newest when both are nil; never both), and holds at most `first` moments (all
/// that follow when nil). A client learns whether more follow by asking for one moment more than
/// it shows; `first: 1, from:` a moment's ID reads that one moment.
struct MomentsPage: Sendable, Equatable {
    /// The most moments a client may ask for in one page.
    static let maximumFirst = 1000

    /// Every moment: what a client that does not page gets.
    static let all = MomentsPage(checkedFirst: nil, afterMomentID: nil, fromMomentID: nil)

    let first: Int?
    let afterMomentID: String?
    let fromMomentID: String?

    /// A page as a client asks for it; `first` must be between 0 and `maximumFirst`, and at most
    /// one of `afterMomentID` and `fromMomentID` is given. An unknown moment is found out when
    /// the page is read.
    init(first: Int?, afterMomentID: String?, fromMomentID: String? = nil) throws(MomentsStoreError) {
        if let first, !(0...Self.maximumFirst).contains(first) {
            throw .pageSizeOutOfRange(first)
        }
        if afterMomentID != nil, fromMomentID != nil {
            throw .twoPageStarts
        }
        self.init(checkedFirst: first, afterMomentID: afterMomentID, fromMomentID: fromMomentID)
    }

    /// The moment the page starts after or from, when it names one.
    var startMomentID: String? { afterMomentID ?? fromMomentID }

    /// The error for a page whose start names no moment: a page from a moment asked for that
    /// moment itself, which is UNKNOWN_MOMENT as for a like; a page after one has a bad argument.
    var unknownStart: MomentsStoreError? {
        if let fromMomentID { return .unknownMoment(fromMomentID) }
        return afterMomentID.map { .unknownPageStart($0) }
    }

    private init(checkedFirst first: Int?, afterMomentID: String?, fromMomentID: String?) {
        self.first = first
        self.afterMomentID = afterMomentID
        self.fromMomentID = fromMomentID
    }
}

import Foundation

/// Which part of the timeline to show: up to `size` moments after the moment `after`, or from
/// the newest when `after` is `nil`.
public struct MomentsPage: Hashable, Sendable {
    /// How many moments a page of the timeline shows.
    public static let size = 10

    public var after: String?
    public var size: Int

    public init(after: String? = nil, size: Int = MomentsPage.size) {
        self.after = after
        self.size = size
    }

    /// The newest moments: the page the timeline opens on, and the one saved for offline use.
    public static let newest = MomentsPage()

    public var isNewest: Bool { after == nil }

    /// `after=` the cursor, percent-encoded: the query of a link to the page after it.
    public static func query(after cursor: String) -> String {
        "after=\(cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)"
    }
}

extension MomentsDetails {
    /// At most `first` moments (all when `nil`) after the moment `after` (from the newest when
    /// `nil`); `nil` when `after` is not one of them. For BFFs that answer every moment.
    func slice(after: String?, first: Int?) -> MomentsDetails? {
        var start = moments.startIndex
        if let after {
            guard let index = moments.firstIndex(where: { $0.id == after }) else { return nil }
            start = index + 1
        }
        return MomentsDetails(userDetails: userDetails, moments: Array(moments[start...].prefix(first ?? Int.max)),
                              fieldErrors: fieldErrors)
    }
}

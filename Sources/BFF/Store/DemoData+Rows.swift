import Foundation

/// The rows demo data becomes in any store, in the order they are written.
struct DemoRows: Sendable {
    var users: [UserRecord] = []
    /// Oldest first, as they were posted: moments of the same second then read newest first in the
    /// list's order, since the timeline puts the latest written first among them.
    var moments: [MomentRecord] = []
    var photos: [PhotoRecord] = []
    var likes: [LikeRecord] = []
}

extension DemoData {
    /// The users and moments as rows, each moment `age` before `now`, its likes spread between
    /// its posting and `now` in `likedBy` order (so the last liker is the most recent). The
    /// timeline reads the moments in the list's order.
    func rows(now: Date) -> DemoRows {
        var rows = DemoRows()
        rows.users = users.map {
            UserRecord(id: $0.id, name: $0.name, avatar: $0.avatar, backgroundImage: $0.backgroundImage)
        }
        let now = now.timeIntervalSince1970
        for moment in moments.reversed() {
            let age = Double(moment.age.seconds)
            let createdAt = now - age
            var record = MomentRecord(id: moment.id, userID: moment.authorID, type: .url, title: moment.title, url: nil,
                                      createdAt: Int64(createdAt))
            switch moment.content {
            case .photos(let paths):
                record.type = .photos
                rows.photos += paths.enumerated().map { PhotoRecord(momentID: moment.id, position: $0, url: $1) }
            case .url(let url):
                record.url = url
            }
            rows.moments.append(record)
            for (index, userID) in moment.likedBy.enumerated() {
                let likedAt = createdAt + age * Double(index + 1) / Double(moment.likedBy.count + 1)
                rows.likes.append(LikeRecord(momentID: moment.id, userID: userID, likedAt: likedAt))
            }
        }
        return rows
    }
}

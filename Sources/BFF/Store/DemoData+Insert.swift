import Foundation
import GRDB

extension DemoData {
    /// Writes the users and moments, each moment `age` before `now`, its likes spread between
    /// its posting and `now` in `likedBy` order (so the last liker is the most recent).
    func insert(into db: Database, now: Date) throws {
        for user in users {
            try UserRecord(id: user.id, name: user.name, avatar: user.avatar, backgroundImage: user.backgroundImage)
                .insert(db)
        }
        let now = now.timeIntervalSince1970
        for moment in moments {
            let age = Double(moment.age.seconds)
            let createdAt = now - age
            var record = MomentRecord(id: moment.id, userID: moment.authorID, type: .photos, title: moment.title,
                                      url: nil, createdAt: Int64(createdAt))
            var photos: [String] = []
            switch moment.content {
            case .photos(let paths):
                photos = paths
            case .url(let url):
                record.type = .url
                record.url = url
            }
            try record.insert(db)
            for (position, url) in photos.enumerated() {
                try PhotoRecord(momentID: moment.id, position: position, url: url).insert(db)
            }
            for (index, userID) in moment.likedBy.enumerated() {
                let likedAt = createdAt + age * Double(index + 1) / Double(moment.likedBy.count + 1)
                try LikeRecord(momentID: moment.id, userID: userID, likedAt: likedAt).insert(db)
            }
        }
    }
}

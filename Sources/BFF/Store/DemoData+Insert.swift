import Foundation
import GRDB

extension DemoData {
    /// Writes the users and moments, each moment `age` before `now`, its likes spread between
    /// its posting and `now` in `likedBy` order (so the last liker is the most recent). The
    /// timeline reads the moments in the list's order.
    ///
    /// One prepared statement per table, run once per row: a generated timeline of 100,000
    /// moments and a million likes is written in seconds.
    func insert(into db: Database, now: Date) throws {
        let insertUser = try db.makeStatement(sql: """
            INSERT INTO users (id, name, avatar, backgroundImage) VALUES (?, ?, ?, ?)
            """)
        let insertMoment = try db.makeStatement(sql: """
            INSERT INTO moments (id, userID, type, title, url, createdAt) VALUES (?, ?, ?, ?, ?, ?)
            """)
        let insertPhoto = try db.makeStatement(sql: "INSERT INTO photos (momentID, position, url) VALUES (?, ?, ?)")
        let insertLike = try db.makeStatement(sql: "INSERT INTO likes (momentID, userID, likedAt) VALUES (?, ?, ?)")
        for user in users {
            try insertUser.execute(arguments: [user.id, user.name, user.avatar, user.backgroundImage])
        }
        let now = now.timeIntervalSince1970
        // Oldest first, as they were posted: moments of the same second then read newest first in
        // the list's order, since the timeline puts the latest written first among them.
        for moment in moments.reversed() {
            let age = Double(moment.age.seconds)
            let createdAt = now - age
            switch moment.content {
            case .photos(let paths):
                try insertMoment.execute(arguments: [moment.id, moment.authorID, MomentType.photos, moment.title,
                                                     nil, Int64(createdAt)])
                for (position, url) in paths.enumerated() {
                    try insertPhoto.execute(arguments: [moment.id, position, url])
                }
            case .url(let url):
                try insertMoment.execute(arguments: [moment.id, moment.authorID, MomentType.url, moment.title,
                                                     url, Int64(createdAt)])
            }
            for (index, userID) in moment.likedBy.enumerated() {
                let likedAt = createdAt + age * Double(index + 1) / Double(moment.likedBy.count + 1)
                try insertLike.execute(arguments: [moment.id, userID, likedAt])
            }
        }
    }
}

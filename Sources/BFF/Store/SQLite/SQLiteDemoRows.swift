import GRDB

extension DemoRows {
    /// Writes the rows into SQLite with one prepared statement per table, run once per row: a
    /// generated timeline of 100,000 moments and a million likes is written in seconds.
    func insert(into db: Database) throws {
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
        for moment in moments {
            try insertMoment.execute(arguments: [moment.id, moment.userID, moment.type, moment.title, moment.url,
                                                 moment.createdAt])
        }
        for photo in photos {
            try insertPhoto.execute(arguments: [photo.momentID, photo.position, photo.url])
        }
        for like in likes {
            try insertLike.execute(arguments: [like.momentID, like.userID, like.likedAt])
        }
    }
}

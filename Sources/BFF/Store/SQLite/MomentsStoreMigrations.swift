import GRDB

/// The schema of the BFF's database, one migration per change, applied in order on open.
enum MomentsStoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: users, moments, photos, likes") { db in
            try db.create(table: UserRecord.databaseTableName) { table in
                table.primaryKey("id", .text)
                table.column("name", .text).notNull()
                table.column("avatar", .text).notNull()
                table.column("backgroundImage", .text).notNull()
            }
            try db.create(table: MomentRecord.databaseTableName) { table in
                table.primaryKey("id", .text)
                table.column("userID", .text).notNull().indexed()
                    .references(UserRecord.databaseTableName, onDelete: .cascade)
                table.column("type", .text).notNull()
                    .check { MomentType.allCases.map(\.rawValue).contains($0) }
                table.column("title", .text)
                table.column("url", .text)
                table.column("createdAt", .integer).notNull().indexed()
            }
            try db.create(table: PhotoRecord.databaseTableName) { table in
                table.column("momentID", .text).notNull()
                    .references(MomentRecord.databaseTableName, onDelete: .cascade)
                table.column("position", .integer).notNull()
                table.column("url", .text).notNull()
                table.primaryKey(["momentID", "position"])
            }
            try db.create(table: LikeRecord.databaseTableName) { table in
                table.column("momentID", .text).notNull()
                    .references(MomentRecord.databaseTableName, onDelete: .cascade)
                table.column("userID", .text).notNull().indexed()
                    .references(UserRecord.databaseTableName, onDelete: .cascade)
                table.column("likedAt", .double).notNull()
                table.primaryKey(["momentID", "userID"])
            }
        }
        return migrator
    }
}

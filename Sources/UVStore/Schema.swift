import GRDB

/// The tables and their migrations, oldest first. Never edit a shipped migration: add one.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "savedPlace") { t in
                t.primaryKey("name", .text).collate(.nocase)
                t.column("value", .text).notNull()
            }
            try db.create(table: "sunscreen") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("appliedAt", .double).notNull().indexed()
                t.column("removedAt", .double)
                t.column("value", .text).notNull()
            }
            try db.create(table: "forecast") { t in
                t.primaryKey("placeKey", .text)
                t.column("fetchedAt", .double).notNull()
                t.column("value", .text).notNull()
            }
            try db.create(table: "reading") { t in
                t.column("placeKey", .text).notNull()
                t.column("time", .double).notNull()
                t.column("source", .text).notNull()
                t.column("uvi", .double).notNull()
                t.primaryKey(["placeKey", "time", "source"])
            }
            try db.create(table: "stationSnapshot") { t in
                t.primaryKey("id", .integer)
                t.column("fetchedAt", .double).notNull()
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v2") { db in
            // What uvd said and what the user pressed; a press is kept here, unhandled, before
            // the engine hears of it, so that a crash in between replays it rather than loses it.
            try db.create(table: "history") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("time", .double).notNull().indexed()
                t.column("kind", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("value", .text).notNull()
                t.column("handled", .boolean).notNull().defaults(to: true)
            }
        }
        migrator.registerMigration("v3") { db in
            // Time outside, for the day's dose: from the network (away from home) or the user
            // (`uvctl outside`); an interval still open has no end.
            try db.create(table: "outside") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("start", .double).notNull().indexed()
                t.column("end", .double)
                t.column("source", .text).notNull()
            }
        }
        return migrator
    }
}

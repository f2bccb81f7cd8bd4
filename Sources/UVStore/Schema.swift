/// The tables and their migrations, oldest first. Never edit a shipped migration: add one.
/// `IF NOT EXISTS` (which SQLite leaves out of the schema it keeps) lets a migration meet a table
/// a store already has, as one whose record of migrations was cut short does.
///
/// The schema's version is `PRAGMA user_version`: migration N has run when it is N or more.
/// uvd up to 0.3 kept the same migrations' names (`v1`, `v2`, `v3`) in a `grdb_migrations` table
/// (GRDB's migrator) and left `user_version` at 0: such a store counts as far as that table says,
/// and the table is kept and filled, so that an older uvd put back in place still opens the file.
enum Schema {
    /// One step of the schema, in SQL, under the name uvd 0.3 recorded it by.
    struct Migration {
        let name: String
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(
            name: "v1",
            statements: [
                #"CREATE TABLE IF NOT EXISTS "setting" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)"#,
                #"CREATE TABLE IF NOT EXISTS "savedPlace" ("name" TEXT PRIMARY KEY NOT NULL COLLATE NOCASE, "value" TEXT NOT NULL)"#,
                #"CREATE TABLE IF NOT EXISTS "sunscreen" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "appliedAt" DOUBLE NOT NULL, "removedAt" DOUBLE, "value" TEXT NOT NULL)"#,
                #"CREATE INDEX IF NOT EXISTS "sunscreen_on_appliedAt" ON "sunscreen"("appliedAt")"#,
                #"CREATE TABLE IF NOT EXISTS "forecast" ("placeKey" TEXT PRIMARY KEY NOT NULL, "fetchedAt" DOUBLE NOT NULL, "value" TEXT NOT NULL)"#,
                #"CREATE TABLE IF NOT EXISTS "reading" ("placeKey" TEXT NOT NULL, "time" DOUBLE NOT NULL, "source" TEXT NOT NULL, "uvi" DOUBLE NOT NULL, PRIMARY KEY ("placeKey", "time", "source"))"#,
                #"CREATE TABLE IF NOT EXISTS "stationSnapshot" ("id" INTEGER PRIMARY KEY, "fetchedAt" DOUBLE NOT NULL, "value" TEXT NOT NULL)"#,
            ]),
        // What uvd said and what the user pressed; a press is kept here, unhandled, before the
        // engine hears of it, so that a crash in between replays it rather than loses it.
        Migration(
            name: "v2",
            statements: [
                #"CREATE TABLE IF NOT EXISTS "history" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "time" DOUBLE NOT NULL, "kind" TEXT NOT NULL, "subject" TEXT NOT NULL, "value" TEXT NOT NULL, "handled" BOOLEAN NOT NULL DEFAULT 1)"#,
                #"CREATE INDEX IF NOT EXISTS "history_on_time" ON "history"("time")"#,
            ]),
        // Time outside, for the day's dose: from the network (away from home) or the user
        // (`uvctl outside`); an interval still open has no end.
        Migration(
            name: "v3",
            statements: [
                #"CREATE TABLE IF NOT EXISTS "outside" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "start" DOUBLE NOT NULL, "end" DOUBLE, "source" TEXT NOT NULL)"#,
                #"CREATE INDEX IF NOT EXISTS "outside_on_start" ON "outside"("start")"#,
            ]),
    ]

    /// The table in which uvd 0.3 (GRDB) named the migrations it had run.
    static let earlierMigrationsTable = "grdb_migrations"

    /// Brings the database up to the last migration, each in a transaction of its own with the
    /// version it reaches. A file from a newer uvd (a version past the last) is left as it is:
    /// its tables are a superset of these, which this release reads.
    static func migrate(_ connection: SQLiteConnection) throws {
        var version = try connection.userVersion()
        if version == 0 { version = try earlierVersion(connection) }
        for (index, migration) in migrations.enumerated() where index >= version {
            try connection.transaction {
                for statement in migration.statements { try connection.execute(statement) }
                try connection.execute(
                    "CREATE TABLE IF NOT EXISTS \(earlierMigrationsTable) (identifier TEXT NOT NULL PRIMARY KEY)")
                try connection.execute("INSERT OR IGNORE INTO \(earlierMigrationsTable) (identifier) VALUES (?)", [.text(migration.name)])
                try connection.setUserVersion(index + 1)
            }
        }
        if try connection.userVersion() < version { try connection.setUserVersion(version) }
    }

    /// How far uvd 0.3's migrator had gone: the number of leading migrations it names.
    private static func earlierVersion(_ connection: SQLiteConnection) throws -> Int {
        let exists = try connection.firstRow(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(earlierMigrationsTable)])
        guard exists != nil else { return 0 }
        let names = Set(try connection.rows("SELECT identifier FROM \(earlierMigrationsTable)").map { try $0.text(0) })
        return migrations.prefix { names.contains($0.name) }.count
    }
}

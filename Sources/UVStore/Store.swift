import Foundation
import GRDB
import UVCore
import UVProviders

/// uvd's state on disk: SQLite in WAL mode under `$XDG_STATE_HOME/uvd/`.
///
/// Every method is one transaction: once it returns, the change survives a kill -9. Values with
/// structure (profile, forecasts, provider health) are stored as JSON in typed tables, so a
/// migration can reshape them. A file that is not a database, or is corrupt, is moved aside
/// and a fresh one started (`recoveredFrom` says where the old one went).
public final class Store: Sendable {
    let pool: DatabasePool
    /// Where a damaged database was moved, when opening had to start fresh.
    public let recoveredFrom: URL?

    public init(path: URL) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            pool = try Self.open(path)
            recoveredFrom = nil
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            let aside = path.appendingPathExtension("corrupt-\(Int(Date().timeIntervalSince1970))")
            try FileManager.default.moveItem(at: path, to: aside)
            for suffix in ["-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path.path + suffix)
            }
            pool = try Self.open(path)
            recoveredFrom = aside
        }
    }

    private static func open(_ path: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: path.path, configuration: configuration)
        try pool.read { db in _ = try String.fetchOne(db, sql: "PRAGMA quick_check") }
        try Schema.migrator.migrate(pool)
        return pool
    }

    // MARK: Settings

    public func profile() throws -> Profile {
        try setting("profile") ?? Profile()
    }

    public func saveProfile(_ profile: Profile) throws {
        try saveSetting("profile", profile)
    }

    /// The place the user chose, if any.
    public func manualPlace() throws -> Place? {
        try setting("manualPlace")
    }

    public func saveManualPlace(_ place: Place?) throws {
        try saveSetting("manualPlace", place.map(Self.approximate))
    }

    func setting<Value: Decodable>(_ key: String) throws -> Value? {
        try pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
                .map { try Coding.decode(Value.self, $0) }
        }
    }

    func saveSetting<Value: Encodable>(_ key: String, _ value: Value?) throws {
        try pool.write { db in
            if let value {
                try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, Coding.encode(value)])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }

    private static func approximate(_ place: Place) -> Place {
        var stored = place
        stored.coordinate = place.coordinate.approximate
        return stored
    }

    // MARK: Saved locations

    public func savedPlaces() throws -> [Place] {
        try pool.read { db in
            try String.fetchAll(db, sql: "SELECT value FROM savedPlace ORDER BY name COLLATE NOCASE").map { try Coding.decode(Place.self, $0) }
        }
    }

    public func savePlace(_ place: Place) throws {
        try pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO savedPlace (name, value) VALUES (?, ?)",
                arguments: [place.name, Coding.encode(Self.approximate(place))])
        }
    }

    /// Whether a saved place of that name existed.
    @discardableResult
    public func removePlace(named name: String) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM savedPlace WHERE name = ? COLLATE NOCASE", arguments: [name])
            return db.changesCount > 0
        }
    }

    // MARK: Sunscreen

    /// The application in effect (the latest not removed), if any.
    public func currentSunscreen() throws -> SunscreenApplication? {
        try pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM sunscreen WHERE removedAt IS NULL ORDER BY appliedAt DESC LIMIT 1")
                .map { try Coding.decode(SunscreenApplication.self, $0) }
        }
    }

    /// Records an application; the previous one ends.
    public func applySunscreen(_ application: SunscreenApplication) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE sunscreen SET removedAt = ? WHERE removedAt IS NULL", arguments: [application.appliedAt.timeIntervalSince1970])
            try db.execute(
                sql: "INSERT INTO sunscreen (appliedAt, value) VALUES (?, ?)",
                arguments: [application.appliedAt.timeIntervalSince1970, Coding.encode(application)])
        }
    }

    /// Ends the current application; whether there was one.
    @discardableResult
    public func removeSunscreen(at date: Date) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: "UPDATE sunscreen SET removedAt = ? WHERE removedAt IS NULL", arguments: [date.timeIntervalSince1970])
            return db.changesCount > 0
        }
    }

    /// Notes a swim or towelling on the current application; the updated application, if any.
    public func recordWaterEvent(at date: Date) throws -> SunscreenApplication? {
        try pool.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, value FROM sunscreen WHERE removedAt IS NULL ORDER BY appliedAt DESC LIMIT 1")
            else { return nil }
            var application = try Coding.decode(SunscreenApplication.self, row["value"])
            application.waterEventAt = date
            try db.execute(sql: "UPDATE sunscreen SET value = ? WHERE id = ?", arguments: [Coding.encode(application), row["id"] as Int64])
            return application
        }
    }

    // MARK: Forecasts and readings

    /// The latest forecast kept for a place key, with when it was fetched.
    public func forecast(for placeKey: String) throws -> StoredForecast? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT fetchedAt, value FROM forecast WHERE placeKey = ?", arguments: [placeKey]).map {
                StoredForecast(fetchedAt: Date(timeIntervalSince1970: $0["fetchedAt"]), forecast: try Coding.decode(UVForecast.self, $0["value"]))
            }
        }
    }

    /// Keeps a forecast for a place and adds its current reading to the history.
    public func saveForecast(_ forecast: UVForecast, fetchedAt: Date, for placeKey: String) throws {
        try pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO forecast (placeKey, fetchedAt, value) VALUES (?, ?, ?)",
                arguments: [placeKey, fetchedAt.timeIntervalSince1970, Coding.encode(forecast)])
            if let current = forecast.current, let uvi = current.uvi {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO reading (placeKey, time, source, uvi) VALUES (?, ?, ?, ?)",
                    arguments: [placeKey, current.time.timeIntervalSince1970, forecast.source.rawValue, uvi])
            }
        }
    }

    public func stationReadings() throws -> StoredStations? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT fetchedAt, value FROM stationSnapshot WHERE id = 1").map {
                StoredStations(fetchedAt: Date(timeIntervalSince1970: $0["fetchedAt"]), readings: try Coding.decode([StationReading].self, $0["value"]))
            }
        }
    }

    public func saveStationReadings(_ readings: [StationReading], fetchedAt: Date) throws {
        try pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO stationSnapshot (id, fetchedAt, value) VALUES (1, ?, ?)",
                arguments: [fetchedAt.timeIntervalSince1970, Coding.encode(readings)])
        }
    }

    /// Readings kept for a place, oldest first.
    public func readings(for placeKey: String, since: Date) throws -> [UVSample] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT time, uvi FROM reading WHERE placeKey = ? AND time >= ? ORDER BY time", arguments: [placeKey, since.timeIntervalSince1970])
                .map { UVSample(time: Date(timeIntervalSince1970: $0["time"]), uvi: $0["uvi"]) }
        }
    }

    // MARK: Provider state

    public func providerState() throws -> ProviderState {
        try setting("providerState") ?? ProviderState()
    }

    public func saveProviderState(_ state: ProviderState) throws {
        try saveSetting("providerState", state)
    }
}

/// A forecast as kept, with its fetch time.
public struct StoredForecast: Sendable, Equatable {
    public var fetchedAt: Date
    public var forecast: UVForecast

    public init(fetchedAt: Date, forecast: UVForecast) {
        self.fetchedAt = fetchedAt
        self.forecast = forecast
    }
}

/// The latest ARPANSA snapshot.
public struct StoredStations: Sendable, Equatable {
    public var fetchedAt: Date
    public var readings: [StationReading]

    public init(fetchedAt: Date, readings: [StationReading]) {
        self.fetchedAt = fetchedAt
        self.readings = readings
    }
}

/// Health of every provider and the day's request count.
public struct ProviderState: Sendable, Equatable, Codable {
    public var health: [String: ProviderHealth] = [:]
    public var budget = RequestBudget(day: "")
    public var lastManualRefresh: Date?

    public init() {}

    public subscript(source: UVSource) -> ProviderHealth {
        get { health[source.rawValue] ?? ProviderHealth() }
        set { health[source.rawValue] = newValue }
    }
}

/// JSON with dates as seconds since 1970, for the stored values.
enum Coding {
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }
}

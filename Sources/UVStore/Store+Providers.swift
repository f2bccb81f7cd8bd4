import Foundation
import GRDB
import UVCore
import UVProviderPolicy

/// What the providers said, kept between runs: forecasts, readings, station snapshots, health.
extension Store {

    /// The latest forecast kept for a place key from one kind of source, with when it was fetched.
    public func forecast(for placeKey: String, _ slot: ForecastSlot = .forecast) throws -> StoredForecast? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT fetchedAt, value FROM forecast WHERE placeKey = ?", arguments: [slot.key(placeKey)]).map {
                StoredForecast(
                    fetchedAt: Date(timeIntervalSince1970: $0["fetchedAt"]), forecast: try Coding.decode(UVForecast.self, $0["value"]))
            }
        }
    }

    /// Keeps a forecast for a place and adds its current reading to the history, within a
    /// transaction (`save(_: StoreChanges)`).
    static func putForecast(_ forecast: UVForecast, fetchedAt: Date, for placeKey: String, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO forecast (placeKey, fetchedAt, value) VALUES (?, ?, ?)",
            arguments: [ForecastSlot(forecast.source).key(placeKey), fetchedAt.timeIntervalSince1970, Coding.encode(forecast)])
        if let current = forecast.current, let uvi = current.uvi {
            try db.execute(
                sql: "INSERT OR IGNORE INTO reading (placeKey, time, source, uvi) VALUES (?, ?, ?, ?)",
                arguments: [placeKey, current.time.timeIntervalSince1970, forecast.source.rawValue, uvi])
        }
    }

    public func stationReadings() throws -> StoredStations? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT fetchedAt, value FROM stationSnapshot WHERE id = 1").map {
                StoredStations(
                    fetchedAt: Date(timeIntervalSince1970: $0["fetchedAt"]), readings: try Coding.decode([StationReading].self, $0["value"])
                )
            }
        }
    }

    static func putStations(_ stations: StoredStations, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO stationSnapshot (id, fetchedAt, value) VALUES (1, ?, ?)",
            arguments: [stations.fetchedAt.timeIntervalSince1970, Coding.encode(stations.readings)])
    }

    /// Readings kept for a place, oldest first.
    public func readings(for placeKey: String, since: Date) throws -> [UVSample] {
        try pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT time, uvi FROM reading WHERE placeKey = ? AND time >= ? ORDER BY time",
                arguments: [placeKey, since.timeIntervalSince1970]
            )
            .map { UVSample(time: Date(timeIntervalSince1970: $0["time"]), uvi: $0["uvi"]) }
        }
    }

    // MARK: Provider state

    public func providerState() throws -> ProviderState {
        try setting("providerState") ?? ProviderState()
    }
}

/// Which forecast of a place is kept: CAMS's and the forecast endpoint's (or its fallback's) are
/// kept side by side, in rows of their own.
public enum ForecastSlot: Sendable {
    /// Open-Meteo's forecast endpoint or OpenWeatherMap: the row a place has always had.
    case forecast
    case cams

    public init(_ source: UVSource) {
        self = source == .cams ? .cams : .forecast
    }

    /// The row's key for a place key.
    func key(_ placeKey: String) -> String {
        switch self {
        case .forecast: placeKey
        case .cams: placeKey + " cams"
        }
    }
}

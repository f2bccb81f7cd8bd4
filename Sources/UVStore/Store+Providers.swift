import FoundationEssentials
import UVCore
import UVProviderPolicy

/// What the providers said, kept between runs: forecasts, readings, station snapshots, health.
extension Store {

    /// The latest forecast kept for a place key from one kind of source, with when it was fetched.
    public func forecast(for placeKey: String, _ slot: ForecastSlot = .forecast) throws -> StoredForecast? {
        try read { db in
            try db.firstRow("SELECT fetchedAt, value FROM forecast WHERE placeKey = ?", [.text(slot.key(placeKey))]).map {
                StoredForecast(
                    fetchedAt: Date(timeIntervalSince1970: try $0.real("fetchedAt")),
                    forecast: try Coding.decode(UVForecast.self, $0.text("value")))
            }
        }
    }

    /// Every forecast kept, by place key, for the core to hold as it starts: a row whose value
    /// cannot be read (written by hand, or by a release that wrote another shape) is left out,
    /// as a place without that forecast, and named in `unreadable`.
    public func keptForecasts() throws -> (kept: [String: PlaceForecasts], unreadable: [String]) {
        try read { db in
            var kept: [String: PlaceForecasts] = [:]
            var unreadable: [String] = []
            for row in try db.rows("SELECT placeKey, fetchedAt, value FROM forecast ORDER BY placeKey") {
                guard let key = try? row.text("placeKey") else {
                    unreadable.append("(a row without a text key)")
                    continue
                }
                guard let fetchedAt = try? row.real("fetchedAt"), let forecast = try? Coding.decode(UVForecast.self, row.text("value"))
                else {
                    unreadable.append(key)
                    continue
                }
                let (placeKey, slot) = ForecastSlot.split(key)
                kept[placeKey, default: PlaceForecasts()][slot] = StoredForecast(
                    fetchedAt: Date(timeIntervalSince1970: fetchedAt), forecast: forecast)
            }
            return (kept, unreadable)
        }
    }

    /// Keeps a forecast for a place and adds its current reading to the history, within a
    /// transaction (`save(_: StoreChanges)`).
    static func putForecast(_ forecast: UVForecast, fetchedAt: Date, for placeKey: String, _ db: SQLiteConnection) throws {
        try db.execute(
            "INSERT OR REPLACE INTO forecast (placeKey, fetchedAt, value) VALUES (?, ?, ?)",
            [.text(ForecastSlot(forecast.source).key(placeKey)), .real(fetchedAt.timeIntervalSince1970), .text(Coding.encode(forecast))])
        if let current = forecast.current, let uvi = current.uvi {
            try db.execute(
                "INSERT OR IGNORE INTO reading (placeKey, time, source, uvi) VALUES (?, ?, ?, ?)",
                [.text(placeKey), .real(current.time.timeIntervalSince1970), .text(forecast.source.rawValue), .real(uvi)])
        }
    }

    public func stationReadings() throws -> StoredStations? {
        try read { db in
            try db.firstRow("SELECT fetchedAt, value FROM stationSnapshot WHERE id = 1").map {
                StoredStations(
                    fetchedAt: Date(timeIntervalSince1970: try $0.real("fetchedAt")),
                    readings: try Coding.decode([StationReading].self, $0.text("value")))
            }
        }
    }

    static func putStations(_ stations: StoredStations, _ db: SQLiteConnection) throws {
        try db.execute(
            "INSERT OR REPLACE INTO stationSnapshot (id, fetchedAt, value) VALUES (1, ?, ?)",
            [.real(stations.fetchedAt.timeIntervalSince1970), .text(Coding.encode(stations.readings))])
    }

    /// Readings kept for a place, oldest first.
    public func readings(for placeKey: String, since: Date) throws -> [UVSample] {
        try read { db in
            try db.rows(
                "SELECT time, uvi FROM reading WHERE placeKey = ? AND time >= ? ORDER BY time",
                [.text(placeKey), .real(since.timeIntervalSince1970)]
            )
            .map { UVSample(time: Date(timeIntervalSince1970: try $0.real("time")), uvi: try $0.real("uvi")) }
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
        case .cams: placeKey + Self.camsSuffix
        }
    }

    private static let camsSuffix = " cams"

    /// A row's key as its place key and slot (`key(_:)` undone).
    static func split(_ rowKey: String) -> (placeKey: String, slot: ForecastSlot) {
        rowKey.hasSuffix(camsSuffix) ? (String(rowKey.dropLast(camsSuffix.count)), .cams) : (rowKey, .forecast)
    }
}

/// The forecasts kept for one place: the forecast endpoint's (or its fallback's) and CAMS's.
public struct PlaceForecasts: Sendable, Equatable {
    public var forecast: StoredForecast?
    public var cams: StoredForecast?

    public init(forecast: StoredForecast? = nil, cams: StoredForecast? = nil) {
        (self.forecast, self.cams) = (forecast, cams)
    }

    /// The forecast in `slot`.
    public subscript(slot: ForecastSlot) -> StoredForecast? {
        get { slot == .cams ? cams : forecast }
        set {
            if slot == .cams { cams = newValue } else { forecast = newValue }
        }
    }
}

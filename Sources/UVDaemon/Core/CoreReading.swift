import FoundationEssentials
import UVCore
import UVProviders
import UVStore

/// What the core reads of the store while it decides: the forecasts kept for a place it moves to,
/// the time outside and sunscreen of a day, the history (the saved places it holds itself,
/// `SavedPlaces`). Reads only: every
/// save is an effect (`Effect.save`). The store answers; a test gives one of its own.
protocol CoreReading: Sendable {
    func forecast(for placeKey: String, _ slot: ForecastSlot) throws -> StoredForecast?
    func outsideIntervals(overlapping span: DateInterval) throws -> [OutsideInterval]
    func sunscreenWorn(within span: DateInterval) throws -> [WornSunscreen]
    func history(limit: Int) throws -> [HistoryEntry]
    func history(since start: Date) throws -> [HistoryEntry]
}

extension Store: CoreReading {}

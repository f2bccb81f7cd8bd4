import FoundationEssentials
import UVCore
import UVEngine
import UVProviderPolicy

/// Everything one event changed, kept in one transaction: a kill at any instant leaves the store
/// as it was before the event or after it, never between (the daemon's core gathers it as it
/// settles the event and asks for it to be written once per event).
public struct StoreChanges: Sendable {
    /// The rule engine's state after its step.
    public var engine: EngineState?
    /// What happened, for `uvctl history`: a button pressed, a notification gone.
    public var history: [HistoryEntry] = []
    /// Presses kept before a restart (`pendingPresses`), handled now.
    public var handledPresses: [Int64] = []
    /// A new application on record (the previous one ends).
    public var sunscreen: SunscreenApplication?
    /// Forecasts fetched, with when and for which place (`Place.key`).
    public var forecasts: [(forecast: UVForecast, fetchedAt: Date, placeKey: String)] = []
    public var stations: StoredStations?
    public var providerState: ProviderState?
    public var profile: Profile?
    /// The notification server's ids for what is on screen, when they changed.
    public var notificationIDs: NotificationIDs?
    /// Time outside begun, ended or cleared, in order.
    public var outside: [OutsideChange] = []
    /// What the user's command changed (home, places, the sunscreen on record), in order.
    public var userChanges: [UserChange] = []

    public init(
        engine: EngineState? = nil, history: [HistoryEntry] = [], handledPresses: [Int64] = [], sunscreen: SunscreenApplication? = nil,
        forecasts: [(forecast: UVForecast, fetchedAt: Date, placeKey: String)] = [], stations: StoredStations? = nil,
        providerState: ProviderState? = nil, profile: Profile? = nil, notificationIDs: NotificationIDs? = nil,
        userChanges: [UserChange] = []
    ) {
        self.engine = engine
        self.history = history
        self.handledPresses = handledPresses
        self.sunscreen = sunscreen
        self.forecasts = forecasts
        self.stations = stations
        self.providerState = providerState
        self.profile = profile
        self.notificationIDs = notificationIDs
        self.userChanges = userChanges
    }

    /// Puts back `earlier`, changes the store refused, before what changed since: kept together
    /// with the next write.
    public mutating func putBack(_ earlier: StoreChanges) {
        engine = engine ?? earlier.engine
        history = earlier.history + history
        handledPresses = earlier.handledPresses + handledPresses
        sunscreen = sunscreen ?? earlier.sunscreen
        forecasts = earlier.forecasts + forecasts
        stations = stations ?? earlier.stations
        providerState = providerState ?? earlier.providerState
        profile = profile ?? earlier.profile
        notificationIDs = notificationIDs ?? earlier.notificationIDs
        outside = earlier.outside + outside
        userChanges = earlier.userChanges + userChanges
    }

    public var isEmpty: Bool {
        engine == nil && history.isEmpty && handledPresses.isEmpty && sunscreen == nil && forecasts.isEmpty && stations == nil
            && providerState == nil && profile == nil && notificationIDs == nil && outside.isEmpty
            && userChanges.isEmpty
    }
}

extension Store {
    /// Keeps `changes` in one transaction (none when there are none).
    public func save(_ changes: StoreChanges) throws {
        guard !changes.isEmpty else { return }
        try write { db in
            if let profile = changes.profile { try Self.putSetting("profile", profile, db) }
            if let application = changes.sunscreen { try Self.insertSunscreen(application, db) }
            for kept in changes.forecasts { try Self.putForecast(kept.forecast, fetchedAt: kept.fetchedAt, for: kept.placeKey, db) }
            if let stations = changes.stations { try Self.putStations(stations, db) }
            if let state = changes.providerState { try Self.putSetting("providerState", state, db) }
            if let kept = changes.notificationIDs { try Self.putNotificationIDs(kept, db) }
            for change in changes.outside { try Self.put(change, db) }
            for change in changes.userChanges { try Self.put(change, db) }
            try Self.putEngineStep(changes.engine, entries: changes.history, handled: changes.handledPresses, db)
        }
    }
}

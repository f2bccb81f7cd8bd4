import FoundationEssentials
import Logging
import UVCore
import UVEngine
import UVProviderPolicy
import UVProviders
import UVStore

/// What the store holds as uvd starts, read once by the shell and given to the core: the core
/// itself never opens anything.
struct CoreStart: Sendable {
    var manualPlace: Place?
    var profile: Profile
    /// The family besides the user (none in a store from before families).
    var family: [FamilyMember]
    /// The family said not to be out (`uvctl family off`).
    var familyAway: FamilyAway? = nil
    /// The places saved by name (`uvctl location add`).
    var savedPlaces: [Place] = []
    var sunscreen: SunscreenOn
    /// Every forecast kept, by place key.
    var forecasts: [String: PlaceForecasts] = [:]
    var stations: StoredStations?
    var providerState: ProviderState
    var homeNetwork: String?
    /// The server's ids for what uvd had on screen as it stopped, and that server.
    var notificationIDs = NotificationIDs()
    /// Time outside open as uvd stopped.
    var outsideNow: OutsideNow
    /// The intervals of time outside and the sunscreen worn, of the last 90 days.
    var outside = OutsideRecord(now: .distantPast)
    /// The rules' saved state, when one could be read.
    var engine: EngineState?
    /// The rules' saved state this release could not read (kept aside in the store).
    var engineProblem: SavedStateProblem?
    /// What the store did to open a damaged file, while its copies are kept.
    var recovery: StoreRecovery?
    /// Acknowledged writes a damaged `-wal` took with it (found as the store opened).
    var lostWrites: LostWrites?
    /// The store's file, for a refusal to name.
    var storePath: String

    /// Reads it all from `store`; the rules' state this release cannot read is set aside, said.
    static func read(from store: Store, now: Date, log: Logger) throws -> CoreStart {
        let (engine, problem) = restoreEngine(store: store, log: log, now: now)
        var start = CoreStart(
            manualPlace: try store.manualPlace(), profile: try store.profile(), family: try store.family(),
            familyAway: try store.familyAway(), savedPlaces: try store.savedPlaces(),
            sunscreen: try store.sunscreenOn(),
            stations: try store.stationReadings(), providerState: try store.providerState(), homeNetwork: try store.homeNetwork(),
            outsideNow: OutsideNow(networkSince: try store.openSince(.network), userSince: try store.openSince(.user)), engine: engine,
            engineProblem: problem, recovery: store.recovery, lostWrites: store.lostWrites, storePath: store.path)
        start.outside = try OutsideRecord.read(from: store, now: now)
        let (forecasts, unreadable) = try store.keptForecasts()
        start.forecasts = forecasts
        if !unreadable.isEmpty {
            log.error("store: the forecasts kept as \(unreadable.joined(separator: ", ")) could not be read and are left out")
        }
        do { start.notificationIDs = try store.notificationIDs() } catch {
            log.error("notifications: the ids of what was on screen could not be read (\(error)); what is shown again is not replaced")
        }
        return start
    }

    /// The rules' saved state, and what could not be read of it (set aside in the store, said).
    private static func restoreEngine(store: Store, log: Logger, now: Date) -> (EngineState?, SavedStateProblem?) {
        do {
            switch try store.restoreEngineState(now: now) {
            case .none: return (nil, nil)
            case .read(let state): return (state, nil)
            case .setAside(let problem):
                log.error("\(problem.summary)")
                return (nil, problem)
            }
        } catch {
            let problem = SavedStateProblem(what: tr("the rules' saved state"), reason: "\(error)", keptAs: "setting engine")
            log.error("\(problem.summary)")
            return (nil, problem)
        }
    }
}

/// What the store said as uvd started that the core tells for as long as it runs: what could
/// not be read, what opening a damaged file did, and where the file is.
struct StoreOpened: Sendable {
    let engineProblem: SavedStateProblem?
    let recovery: StoreRecovery?
    let lostWrites: LostWrites?
    let storePath: String

    init(_ start: CoreStart) {
        (engineProblem, recovery, lostWrites, storePath) = (start.engineProblem, start.recovery, start.lostWrites, start.storePath)
    }
}

/// What the core is given besides events: the draw that spreads a failed provider's retries,
/// where it says what it did, and what counts its work.
struct CoreSources: Sendable {
    /// A number from 0 to 1, for a retry's jitter.
    var jitter: @Sendable () -> Double
    var log: Logger
    var counter = CoreCounter()
    /// Whether the person reads a 12-hour clock (their locale's, as `DisplayLocale` reads the
    /// environment once for the process): read by the shell, never inside the core.
    var twelveHourClock = DisplayLocale.current.uses12Hour
}

import FoundationEssentials
import Logging
import UVConfig
import UVCore
import UVEngine
import UVStore

/// What the rules start from and read: their saved state as uvd starts, their settings, and the
/// time the machine has slept (the events that reach them are handled in DaemonCore.swift).
extension DaemonCore {
    /// The rules' saved state, and what could not be read of it (set aside in the store, said).
    static func restoreEngine(store: Store, log: Logger, now: Date) -> (EngineState?, SavedStateProblem?) {
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

    /// The rule settings of the configuration, on the user's 12- or 24-hour clock.
    var engineSettings: EngineSettings {
        var settings = loaded.configuration.engine
        settings.uses12HourClock = DisplayLocale.current.uses12Hour
        return settings
    }
}

import FoundationEssentials
import UVConfig
import UVCore
import UVProtocol
import UVStore

/// `uvctl doctor`, the core's side: what it knows, taken in one step for `Doctor`.
extension Core {
    func doctorFacts(now: Date) -> Doctor.Facts {
        let applicable = applicableSources
        let stationFrozen = applicable.contains(.arpansa) && knowledge(now: now).blendedDay(now: now).stationFrozen
        let checked = applicable.map { source in
            Doctor.Facts.Provider(
                source: source, health: health(source), stationFrozen: source == .arpansa && stationFrozen,
                screened: providers.screened[source])
        }
        return Doctor.Facts(
            now: now, clock: clock, storeRecovery: opened.recovery, lostWrites: opened.lostWrites, storePath: opened.storePath,
            configFile: configFile, configTrouble: configTrouble,
            engineStateProblem: opened.engineProblem,
            place: currentPlace,
            providers: checked, classifier: interfaceClassifier, connection: network.current, homeNetwork: network.home,
            tray: loaded.configuration.trayEnabled && tray.running ? .running(tray.host) : .off)
    }
}

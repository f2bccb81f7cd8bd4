import FoundationEssentials
import UVConfig
import UVCore
import UVProtocol
import UVStore

/// `uvctl doctor`, the core's side: what it knows, taken in one step for `Doctor`.
extension DaemonCore {
    func diagnose(now: Date) async -> [CheckInfo] {
        await Doctor(facts: doctorFacts(now: now), outbox: outbox).checks()
    }

    private func doctorFacts(now: Date) -> Doctor.Facts {
        let sources = applicableSources
        let stationFrozen = sources.contains(.arpansa) && knowledge(now: now).blendedDay(now: now).stationFrozen
        let checked = sources.map { source in
            Doctor.Facts.Provider(
                source: source, health: health(source), stationFrozen: source == .arpansa && stationFrozen,
                screened: providers.screened[source])
        }
        return Doctor.Facts(
            now: now, clock: clock, storeRecovery: store.recovery, configFile: configFilePath, configTrouble: configTrouble,
            engineStateProblem: engineStateProblem,
            place: currentPlace,
            providers: checked, classifier: interfaceClassifier, connection: network.current, homeNetwork: network.home,
            tray: loaded.configuration.trayEnabled && tray.running ? .running(tray.host) : .off)
    }
}

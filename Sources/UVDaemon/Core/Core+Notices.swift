import FoundationEssentials
import UVConfig
import UVCore
import UVEngine
import UVProviders
import UVStore

/// What the daemon tells the user about itself and how it words times: warnings for status and
/// doctor, the providers that apply to the place, times on the place's clock.
extension Core {
    /// What `uvctl status` and `uvctl doctor` must tell the user about uvd's own state.
    var warnings: [String] {
        var warnings = opened.recovery.map { [tr("State: %1$@.", $0.summary)] } ?? []
        if let lost = opened.lostWrites { warnings.append(tr("State: %1$@.", lost.summary)) }
        if let problem = opened.engineProblem { warnings.append(tr("State: %1$@.", problem.summary)) }
        if let configTrouble {
            warnings.append(tr("Configuration: %1$@. %2$@.", configTrouble.summary, ConfigTrouble.fix))
        }
        warnings += loaded.warnings
        if let future = user.futureSunscreen {
            let when = ISOTimestamp(timeZone: currentPlace.timeZone).string(future.appliedAt)
            warnings.append(
                tr(
                    "Sunscreen: the application recorded for %1$@ lies in the future (the clock was wrong when it was recorded), so it is not counted; record it again with uvctl sunscreen apply.",
                    when))
        }
        if !currentPlace.zone.isKnown {
            warnings.append(
                tr(
                    "Time zone: %1$@ is not in %2$@ (is tzdata installed?), so times are on UTC's clock.", currentPlace.zone.name,
                    Zone.directory))
        }
        return warnings
    }

    /// The providers that can say something about the current place: CAMS and Open-Meteo when enabled,
    /// ARPANSA when a station is near, OpenWeatherMap with a key. Status and doctor name only these.
    var applicableSources: [UVSource] {
        let configuration = loaded.configuration
        var sources: [UVSource] = []
        if configuration.camsEnabled { sources.append(.cams) }
        if configuration.openMeteoEnabled { sources.append(.openMeteo) }
        if nearStation(to: currentPlace) != nil { sources.append(.arpansa) }
        if openWeatherMapKey != nil { sources.append(.openWeatherMap) }
        return sources
    }

    /// The ARPANSA station whose measurements count for `place`: the nearest within the
    /// configured radius, while stations are enabled. Every question of "is a station near" is
    /// this one.
    func nearStation(to place: Place) -> ARPANSAStation? {
        guard configuration.arpansaEnabled else { return nil }
        return ARPANSAStation.nearest(to: place.coordinate, within: configuration.stationRadiusKilometres)
    }

    /// The clock times are worded on: the place's, as configured.
    var clock: PlaceClock { PlaceClock(zone: currentPlace.timeZone, twelveHour: engineSettings.uses12HourClock) }

    /// A time as a person reads it, on the place's clock (`PlaceClock.readable`).
    func readable(_ date: Date, now: Date) -> String { clock.readable(date, now: now) }
}

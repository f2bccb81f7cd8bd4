import FoundationEssentials
import UVCore

/// What the nowcast fits to measured days, and the replay that scores each day with values fitted
/// on the other days only.
public enum SkillFit {
    /// The fade times tried, hours.
    static let fadeHours: [Double] = [2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6]

    /// The clear-sky calibration (`CalibratedClearSky`): the median over days of each day's
    /// clearest quarter-hour, measured over modelled; nil without a day with the Sun 15° up.
    public static func clearSkyFactor(_ days: [MeasuredDay]) -> Double? {
        let peaks = days.compactMap(peakRatio).sorted()
        guard !peaks.isEmpty else { return nil }
        let middle = peaks.count / 2
        return peaks.count % 2 == 1 ? peaks[middle] : (peaks[middle - 1] + peaks[middle]) / 2
    }

    /// The day's largest 15-reading mean with the Sun at least 15° up, over the model's mean for
    /// the same readings.
    static func peakRatio(_ day: MeasuredDay) -> Double? {
        let suns = day.readings.map { SolarPosition(at: $0.time, coordinate: day.coordinate) }
        let model = suns.map { ClearSkyUV().uvIndex(for: $0) }
        let high = suns.map { $0.elevation >= 15 }
        let width = 15
        guard day.readings.count >= width else { return nil }
        var best: (measured: Double, model: Double)?
        for start in 0...(day.readings.count - width) where high[start..<start + width].allSatisfy({ $0 }) {
            let measured = day.readings[start..<start + width].reduce(0) { $0 + $1.uvi }
            let modelled = model[start..<start + width].reduce(0, +)
            if measured > (best?.measured ?? -1) { best = (measured, modelled) }
        }
        guard let best, best.model > 0 else { return nil }
        return best.measured / best.model
    }

    /// The fade time with the least mean absolute error over every lead of `cases`.
    static func fadeTime(_ cases: [SkillCases], clearSky: CalibratedClearSky, base: SkillScore.Base?) -> TimeInterval {
        var best: (error: Double, fade: TimeInterval)?
        for hours in fadeHours {
            let settings = Nowcast.Settings(fadeTime: hours * 3600, clearSky: clearSky)
            let tally = SkillScore.tally(cases.map { ($0, settings) }, base: base)
            let total = SkillCases.leadMinutes.reduce(0.0) { $0 + tally.mae($1) * Double(tally.count($1)) }
            if total < (best?.error ?? .infinity) { best = (total, hours * 3600) }
        }
        return best?.fade ?? Nowcast.Settings.fittedFadeTime
    }

    /// The settings fitted on all of `days`; nil without a day with the Sun 15° up.
    public static func settings(fittedOn days: [SkillCases], base: SkillScore.Base?) -> Nowcast.Settings? {
        guard let factor = clearSkyFactor(days.map(\.day)) else { return nil }
        let clearSky = CalibratedClearSky(factor: factor)
        return Nowcast.Settings(fadeTime: fadeTime(days, clearSky: clearSky, base: base), clearSky: clearSky)
    }

    /// Each day's settings, fitted on the other days (the daemon's own with fewer than two days).
    public static func leaveOneOut(_ days: [SkillCases], base: SkillScore.Base?) -> [Nowcast.Settings] {
        days.indices.map { index in
            var others = days
            others.remove(at: index)
            return others.isEmpty ? Nowcast.Settings() : settings(fittedOn: others, base: base) ?? Nowcast.Settings()
        }
    }
}

import FoundationEssentials
import UVCore
import UVProviders

/// `make skill`: reads measured day files, scores the nowcast on them (each day with settings
/// fitted on the others), and says it as a table or one JSON line.
public struct SkillReport: Sendable {
    public var days: [SkillCases]
    public var settings: [Nowcast.Settings]
    public var leads: [LeadScore]
    /// What the nowcast faded into.
    public var base: String
    /// The settings fitted on every day, beside uvd's built-in ones.
    public var fittedOnAll: Nowcast.Settings?

    /// Scores `days` (local standard time `utcOffsetSeconds` ahead of UTC), fading into `forecast`
    /// where it has hours, else into the calibrated clear-sky model.
    public init(days: [MeasuredDay], utcOffsetSeconds: Int, forecast: UVForecast? = nil) {
        let cases = days.map { SkillCases($0, utcOffsetSeconds: utcOffsetSeconds) }
        let base = forecast.map(Self.base)
        self.days = cases
        settings = SkillFit.leaveOneOut(cases, base: base)
        fittedOnAll = SkillFit.settings(fittedOn: cases, base: base)
        leads = SkillScore.leads(Array(zip(cases, settings)), base: base)
        self.base = forecast.map { "the \($0.source.rawValue) forecast given" } ?? "the calibrated clear-sky model (no forecast given)"
    }

    /// A forecast's hourly values where its hours reach, read as straight lines between them.
    static func base(_ forecast: UVForecast) -> SkillScore.Base {
        let series = forecast.series
        let range = (series.samples.first?.time, series.samples.last?.time)
        return { date in
            guard let first = range.0, let last = range.1, date >= first, date <= last else { return nil }
            return series.uvi(at: date)
        }
    }

    /// The day files (`*.csv`) of each folder, in name order; a file that cannot be read is an error.
    public static func load(folders: [String], utcOffsetSeconds: Int) throws -> [MeasuredDay] {
        var days: [MeasuredDay] = []
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".csv") }.sorted()
            for name in names {
                let path = URL(filePath: folder).appending(path: name).path
                days.append(
                    try MeasuredDay.parse(Data(contentsOf: URL(fileURLWithPath: path)), utcOffsetSeconds: utcOffsetSeconds, name: path))
            }
        }
        return days
    }

    /// A forecast file: an Open-Meteo answer (forecast or air-quality endpoint) with hourly `uv_index`.
    public static func forecast(at path: String) throws -> UVForecast {
        try OpenMeteoParser.parse(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The table, with how each day's settings were fitted.
    public var text: String {
        var lines = ["Nowcast skill on \(days.count) measured day\(days.count == 1 ? "" : "s"), fading into \(base)."]
        lines.append(
            days.count > 1 ? "Each day is scored with settings fitted on the other days:" : "One day: scored with uvd's own settings:")
        for (cases, settings) in zip(days, settings) {
            lines.append(
                "  \(cases.day.date)  clear-sky ×\(settings.clearSky.factor.fixed(2)), fade \((settings.fadeTime / 3600).fixed(1)) h, "
                    + "\(cases.cases.count) cases")
        }
        if let all = fittedOnAll {
            let builtIn = Nowcast.Settings()
            lines.append(
                "Fitted on all \(days.count) days: clear-sky ×\(all.clearSky.factor.fixed(2)), fade \((all.fadeTime / 3600).fixed(1)) h "
                    + "(uvd's built-in values: ×\(builtIn.clearSky.factor.fixed(2)), \((builtIn.fadeTime / 3600).fixed(1)) h).")
        }
        lines.append("")
        lines.append("lead      cases   MAE   within ±1   (truth ≥ 3)   persistence   plain ratio")
        for lead in leads {
            let uv3 = lead.within1UV3.map { ($0 * 100).fixed(1).leftPadded(to: 5) + " %" } ?? "    —  "
            lines.append(
                "\(String(lead.minutes).leftPadded(to: 3)) min  \(String(lead.cases).leftPadded(to: 6))  \(lead.mae.fixed(2).leftPadded(to: 5))     "
                    + "\((lead.within1 * 100).fixed(1).leftPadded(to: 5)) %       \(uv3)       \((lead.persistenceWithin1 * 100).fixed(1).leftPadded(to: 5)) %       "
                    + "\((lead.plainRatioWithin1 * 100).fixed(1).leftPadded(to: 5)) %")
        }
        return lines.joined(separator: "\n")
    }

    /// One JSON object: `{"leads":[{"minutes":15,"cases":…,"mae":…,"within1":…,…},…]}`.
    public var json: String {
        struct Body: Encodable { var leads: [LeadScore] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Body(leads: leads)), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }
}

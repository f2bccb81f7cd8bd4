import FoundationEssentials
import UVCore

/// How a nowcast did at one lead, beside persistence and the plain clear-sky ratio.
public struct LeadScore: Sendable, Equatable, Codable {
    public var minutes: Int
    public var cases: Int
    /// Mean absolute error of the nowcast, UVI.
    public var mae: Double
    /// The share of cases within ±1 UVI of the truth.
    public var within1: Double
    /// The same among the cases whose truth is at least 3; nil without such cases.
    public var within1UV3: Double?
    public var persistenceWithin1: Double
    public var plainRatioWithin1: Double

    enum CodingKeys: String, CodingKey {
        case minutes, cases, mae, within1
        case within1UV3 = "within1_uv3"
        case persistenceWithin1 = "persistence_within1"
        case plainRatioWithin1 = "plain_ratio_within1"
    }
}

/// The errors of one method over a set of cases, lead by lead.
struct ErrorTally {
    private(set) var absolute: [Int: [Double]] = [:]
    private(set) var truthAtLeast3: [Int: [Double]] = [:]

    mutating func add(lead: Int, predicted: Double, truth: Double) {
        let error = abs(predicted - truth)
        absolute[lead, default: []].append(error)
        if truth >= 3 { truthAtLeast3[lead, default: []].append(error) }
    }

    func mae(_ lead: Int) -> Double { Self.mean(absolute[lead] ?? []) ?? 0 }
    func within1(_ lead: Int) -> Double { Self.share(absolute[lead] ?? []) ?? 0 }
    func within1UV3(_ lead: Int) -> Double? { Self.share(truthAtLeast3[lead] ?? []) }
    func count(_ lead: Int) -> Int { absolute[lead]?.count ?? 0 }

    static func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
    static func share(_ errors: [Double]) -> Double? {
        errors.isEmpty ? nil : Double(errors.filter { $0 <= 1 }.count) / Double(errors.count)
    }
}

/// Scores nowcasts on cases: the one code the daemon runs (`Nowcast`), with given settings.
public enum SkillScore {
    /// A forecast to fade into: its value at an instant, or nil where it has none.
    public typealias Base = @Sendable (Date) -> Double?

    /// What the nowcast with `settings` predicts for a case (the base where there is no nowcast).
    static func predict(_ item: SkillCases.Case, coordinate: Coordinate, settings: Nowcast.Settings, base: Base?) -> Double {
        let forecast = base?(item.target)
        guard let nowcast = Nowcast(readings: item.recent, issuedAt: item.issuedAt, coordinate: coordinate, settings: settings) else {
            return forecast ?? settings.clearSky.uvi(at: item.target, coordinate: coordinate)
        }
        return nowcast.uvi(at: item.target, base: forecast)
    }

    /// The nowcast's errors over every day's cases, with the settings each day is scored with.
    static func tally(_ days: [(cases: SkillCases, settings: Nowcast.Settings)], base: Base?) -> ErrorTally {
        var tally = ErrorTally()
        for (cases, settings) in days {
            for item in cases.cases {
                let predicted = predict(item, coordinate: cases.day.coordinate, settings: settings, base: base)
                tally.add(lead: item.leadMinutes, predicted: predicted, truth: item.truth)
            }
        }
        return tally
    }

    /// The table: the nowcast (each day with its own settings), persistence and the plain ratio.
    public static func leads(_ days: [(cases: SkillCases, settings: Nowcast.Settings)], base: Base?) -> [LeadScore] {
        let nowcast = tally(days, base: base)
        let plain = tally(days.map { ($0.cases, .plainRatio) }, base: nil)
        var persistence = ErrorTally()
        for item in days.flatMap(\.cases.cases) {
            persistence.add(lead: item.leadMinutes, predicted: item.persistence, truth: item.truth)
        }
        return SkillCases.leadMinutes.map { lead in
            LeadScore(
                minutes: lead, cases: nowcast.count(lead), mae: nowcast.mae(lead), within1: nowcast.within1(lead),
                within1UV3: nowcast.within1UV3(lead), persistenceWithin1: persistence.within1(lead), plainRatioWithin1: plain.within1(lead))
        }
    }
}

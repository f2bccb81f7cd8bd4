import FoundationEssentials
import UVCore

/// The moments a measured day is scored at, with what the truth and persistence were, so each
/// nowcast setting is scored on the same cases.
///
/// Definitions (so that figures compare): issue times every 10 minutes on the local clock while
/// the Sun is at least 15° up; a nowcast sees only the readings before its issue time; the truth
/// at a target is the mean of the readings within ±7.5 minutes of it; targets with the Sun below
/// 5° are skipped; persistence is the mean of the 15 minutes before the issue time.
public struct SkillCases: Sendable {
    /// One issue time and lead.
    public struct Case: Sendable {
        public var issuedAt: Date
        public var target: Date
        public var leadMinutes: Int
        public var truth: Double
        public var persistence: Double
        /// The readings of the nowcast's window, before the issue time.
        public var recent: [UVSample]
    }

    public static let leadMinutes = [15, 60, 180]
    static let issueEvery: TimeInterval = 600
    static let issueElevation = 15.0
    static let targetElevation = 5.0
    static let truthHalfWidth: TimeInterval = 450
    static let persistenceWindow: TimeInterval = 900

    public let day: MeasuredDay
    public let cases: [Case]

    /// The cases of `day`, whose clock is `utcOffsetSeconds` ahead of UTC; `window` is how far
    /// back the nowcasts scored on them look.
    public init(_ day: MeasuredDay, utcOffsetSeconds: Int, window: TimeInterval = Nowcast.Settings().window) {
        self.day = day
        let readings = day.readings
        guard let first = readings.first?.time, let last = readings.last?.time else {
            cases = []
            return
        }
        let offset = Double(utcOffsetSeconds)
        let firstIssue = ((first.timeIntervalSince1970 + offset) / Self.issueEvery).rounded(.up) * Self.issueEvery - offset
        var cases: [Case] = []
        var issue = Date(timeIntervalSince1970: firstIssue)
        while issue <= last {
            defer { issue = issue.addingTimeInterval(Self.issueEvery) }
            guard SolarPosition(at: issue, coordinate: day.coordinate).elevation >= Self.issueElevation,
                let persistence = Self.mean(readings, from: issue.addingTimeInterval(-Self.persistenceWindow), before: issue)
            else { continue }
            let recent = Self.slice(readings, from: issue.addingTimeInterval(-window), before: issue)
            for lead in Self.leadMinutes {
                let target = issue.addingTimeInterval(Double(lead * 60))
                guard SolarPosition(at: target, coordinate: day.coordinate).elevation >= Self.targetElevation,
                    let truth = Self.mean(
                        readings, from: target.addingTimeInterval(-Self.truthHalfWidth),
                        before: target.addingTimeInterval(Self.truthHalfWidth + 0.001))
                else { continue }
                cases.append(
                    Case(issuedAt: issue, target: target, leadMinutes: lead, truth: truth, persistence: persistence, recent: recent))
            }
        }
        self.cases = cases
    }

    /// The readings with `from <= time < before` (readings in time order).
    static func slice(_ readings: [UVSample], from start: Date, before end: Date) -> [UVSample] {
        let lower = firstIndex(readings, notBefore: start)
        let upper = firstIndex(readings, notBefore: end)
        return lower < upper ? Array(readings[lower..<upper]) : []
    }

    static func mean(_ readings: [UVSample], from start: Date, before end: Date) -> Double? {
        let window = slice(readings, from: start, before: end)
        return window.isEmpty ? nil : window.reduce(0) { $0 + $1.uvi } / Double(window.count)
    }

    /// The index of the first reading at or after `time`.
    static func firstIndex(_ readings: [UVSample], notBefore time: Date) -> Int {
        var low = 0
        var high = readings.count
        while low < high {
            let middle = (low + high) / 2
            if readings[middle].time < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

import Foundation
import Testing
import UVCore

@Suite("Sunscreen and peak windows")
struct ProtectionWindowTests {
    /// An ordinary clear day in UTC: a triangle peaking at UVI 10 at noon, 1.5 per hour either side.
    static let day = LocalDay.interval(year: 2026, month: 1, day: 15, in: Fixture.utc)!
    static let series = UVSeries(
        LocalDay.hours(of: day).enumerated().map { hour, time in
            UVSample(time: time, uvi: max(0, 10 - 1.5 * abs(Double(hour) - 12)))
        })

    private func clock(_ span: TimeSpan?) -> String {
        guard let span else { return "none" }
        return "\(Fixture.clock(span.start, Fixture.utc))–\(Fixture.clock(span.end, Fixture.utc))"
    }

    @Test func defaultThresholdInterpolatesToTheMinute() {
        #expect(clock(ProtectionWindow.sunscreen(Self.series, day: Self.day, threshold: .uvi3)) == "07:20–16:40")
        #expect(clock(ProtectionWindow.sunscreen(Self.series, day: Self.day, threshold: .uvi6)) == "09:20–14:40")
    }

    /// Type I burns unprotected in under 60 min above UVI 1.67; type VI above 8.33.
    @Test func personalisedThreshold() {
        #expect(clock(ProtectionWindow.sunscreen(Self.series, day: Self.day, threshold: .personalised(.I))) == "06:26–17:34")
        #expect(clock(ProtectionWindow.sunscreen(Self.series, day: Self.day, threshold: .personalised(.VI))) == "10:53–13:07")
        #expect(abs(WindowThreshold.personalised(.I).uvi - 100.0 / 60) < 1e-12)
    }

    @Test func peakIsNinetyPercentOfTheMaximum() throws {
        let peak = try #require(ProtectionWindow.peak(Self.series, day: Self.day))
        #expect(peak.uvi == 10)
        #expect(Fixture.clock(peak.at, Fixture.utc) == "12:00")
        #expect(clock(peak.span) == "11:20–12:40")
    }

    @Test func firstTimeAtALevel() throws {
        // 7:00 → 2.5, 8:00 → 4: UV 3 is reached at 07:20.
        let crossing = try #require(Self.series.firstTime(atLeast: 3, after: Self.day.start))
        #expect(Fixture.clock(crossing, Fixture.utc) == "07:20")
        #expect(Self.series.firstTime(atLeast: 3, after: Self.day.start.addingTimeInterval(12 * 3600)) == nil)
        #expect(Self.series.firstTime(atLeast: 11, after: Self.day.start) == nil)
    }

    @Test func noWindowWithoutUV() {
        let dark = UVSeries(LocalDay.hours(of: Self.day).map { UVSample(time: $0, uvi: 0) })
        #expect(ProtectionWindow.sunscreen(dark, day: Self.day, threshold: .uvi3) == nil)
        #expect(ProtectionWindow.peak(dark, day: Self.day) == nil)
        #expect(WindowPhase(window: nil, now: Self.day.start) == .none)
    }

    @Test func phaseOfTheDay() throws {
        let window = try #require(ProtectionWindow.sunscreen(Self.series, day: Self.day, threshold: .uvi3))
        #expect(WindowPhase(window: window, now: window.start.addingTimeInterval(-3600)) == .takeCare(window))
        #expect(WindowPhase(window: window, now: window.end.addingTimeInterval(60)) == .over)
    }

    /// Sydney's clocks go forward on 2026-10-04 (23 h) and back on 2026-04-05 (25 h).
    @Test(arguments: [(10, 3, 4, 23, 60), (4, 4, 5, 25, -60)])
    func daylightSavingDays(month: Int, before: Int, transition: Int, hours: Int, shift: Int) throws {
        let zone = Fixture.sydney
        let ordinary = try #require(LocalDay.interval(year: 2026, month: month, day: before, in: zone))
        let changing = try #require(LocalDay.interval(year: 2026, month: month, day: transition, in: zone))
        #expect(LocalDay.hours(of: changing).count == hours)
        #expect(LocalDay.hours(of: ordinary).count == 24)

        func window(_ day: DateInterval) throws -> TimeSpan {
            let series = DayOutlook.modelledSeries(day: day, coordinate: Fixture.sydneyCoordinate)
            #expect(series.samples.count == LocalDay.hours(of: day).count)
            return try #require(ProtectionWindow.sunscreen(series, day: day, threshold: .uvi3))
        }
        let first = try window(ordinary)
        let second = try window(changing)
        // The Sun keeps its time: a day later in absolute time, give or take a few minutes…
        #expect(abs(second.start.timeIntervalSince(first.start) - 86_400) < 300)
        #expect(abs(second.end.timeIntervalSince(first.end) - 86_400) < 300)
        // …so on the wall clock the window moves by the hour the clocks moved.
        let moved = Fixture.wallMinutes(second.start, zone) - Fixture.wallMinutes(first.start, zone)
        #expect(abs(moved - shift) <= 5)
        #expect(changing.contains(second.start) && changing.contains(second.end))
    }
}

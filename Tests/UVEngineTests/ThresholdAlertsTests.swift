import Testing
import UVCore
import UVEngine

@Suite("UV threshold alerts")
struct ThresholdAlertsTests {
    @Test func risingThroughEachLevelOnce() {
        var alerts = ThresholdAlerts()
        let readings = [2.0, 4, 5.9, 6.1, 7, 8.2, 9, 8.1, 7]
        let fired = readings.flatMap { alerts.observe(uvi: $0, day: DayKey(text: "2026-01-15")) }
        #expect(fired == [6, 8])
    }

    @Test func hysteresisStopsWobbleFromFiringTwice() {
        var alerts = ThresholdAlerts(levels: [6], hysteresis: 0.5)
        #expect(alerts.observe(uvi: 6.1, day: DayKey(text: "d")) == [6])
        #expect(alerts.observe(uvi: 5.8, day: DayKey(text: "d")) == [])
        #expect(alerts.observe(uvi: 6.2, day: DayKey(text: "d")) == [])
        // Falling well below re-arms, but the level has fired today already.
        #expect(alerts.observe(uvi: 4, day: DayKey(text: "d")) == [])
        #expect(alerts.observe(uvi: 6.5, day: DayKey(text: "d")) == [])
    }

    @Test func aNewDayFiresAgain() {
        var alerts = ThresholdAlerts(levels: [6])
        #expect(alerts.observe(uvi: 7, day: DayKey(text: "2026-01-15")) == [6])
        #expect(alerts.observe(uvi: 1, day: DayKey(text: "2026-01-15")) == [])
        #expect(alerts.observe(uvi: 7, day: DayKey(text: "2026-01-16")) == [6])
    }

    @Test func aJumpPastSeveralLevelsFiresThemAll() {
        var alerts = ThresholdAlerts(levels: [8, 6, 11])
        #expect(alerts.observe(uvi: 11.5, day: DayKey(text: "d")) == [6, 8, 11])
    }

    @Test func aSustainedHighDoesNotRefireAfterMidnightWithoutFalling() {
        var alerts = ThresholdAlerts(levels: [6])
        #expect(alerts.observe(uvi: 7, day: DayKey(text: "a")) == [6])
        #expect(alerts.observe(uvi: 7, day: DayKey(text: "b")) == [])
    }
}

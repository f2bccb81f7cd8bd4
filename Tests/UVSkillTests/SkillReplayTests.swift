import Foundation
import Testing
import UVCore

@testable import UVSkill

@Suite struct SkillReplayTests {
    @Test func casesFollowTheDefinitions() throws {
        let day = try GeneratedDays.day(date: "2030-01-15") { minute in Double(minute % 7) / 7 + 0.3 }
        let cases = SkillCases(day, utcOffsetSeconds: GeneratedDays.offset)
        #expect(!cases.cases.isEmpty)
        for item in cases.cases {
            // Issue times on the local clock's ten minutes, with the Sun at least 15° up.
            #expect(Int(item.issuedAt.timeIntervalSince1970 + Double(GeneratedDays.offset)) % 600 == 0)
            #expect(SolarPosition(at: item.issuedAt, coordinate: day.coordinate).elevation >= 15)
            #expect(SolarPosition(at: item.target, coordinate: day.coordinate).elevation >= 5)
            #expect(item.recent.allSatisfy { $0.time < item.issuedAt && $0.time >= item.issuedAt.addingTimeInterval(-900) })
            // Truth: the 15 rows from 7 minutes before the target to 7 after.
            let rows = day.readings.filter { abs($0.time.timeIntervalSince(item.target)) <= 450 }
            #expect(rows.count == 15)
            #expect(abs(item.truth - rows.map(\.uvi).reduce(0, +) / 15) < 1e-9)
            let before = day.readings.filter { $0.time < item.issuedAt && $0.time >= item.issuedAt.addingTimeInterval(-900) }
            #expect(abs(item.persistence - before.map(\.uvi).reduce(0, +) / Double(before.count)) < 1e-9)
        }
        #expect(Set(cases.cases.map(\.leadMinutes)) == [15, 60, 180])
    }

    @Test func anUnchangingSkyIsNowcastAlmostExactly() throws {
        let days = try ["2030-01-15", "2030-03-08", "2030-06-10"].map { date in try GeneratedDays.day(date: date) { _ in 0.7 } }
        let report = SkillReport(days: days, utcOffsetSeconds: GeneratedDays.offset)
        for lead in report.leads {
            #expect(lead.mae < 0.05, "lead \(lead.minutes)")
            #expect(lead.within1 == 1)
        }
        // Each day's calibration, fitted on the others, is the sky's own 0.7.
        for settings in report.settings {
            #expect(abs(settings.clearSky.factor - 0.7) < 0.01)
        }
        // Persistence misses the afternoon's fall by hours; the nowcast does not.
        #expect((report.leads.last?.persistenceWithin1 ?? 1) < 1)
    }

    @Test func underBrokenCloudTheNowcastBeatsPersistence() throws {
        let days = try ["2030-01-15", "2030-02-15", "2030-11-15"].map { date in
            try GeneratedDays.day(date: date, transmission: GeneratedDays.brokenCloud)
        }
        let report = SkillReport(days: days, utcOffsetSeconds: GeneratedDays.offset)
        let leads = Dictionary(uniqueKeysWithValues: report.leads.map { ($0.minutes, $0) })
        let hour = try #require(leads[60])
        let threeHours = try #require(leads[180])
        #expect(hour.within1 > hour.persistenceWithin1)
        #expect(threeHours.within1 > threeHours.persistenceWithin1)
        #expect(threeHours.within1 >= threeHours.plainRatioWithin1)
    }

    @Test func theJSONLineHasEveryLead() throws {
        let days = try ["2030-01-15", "2030-01-16"].map { date in try GeneratedDays.day(date: date, transmission: GeneratedDays.brokenCloud)
        }
        let json = SkillReport(days: days, utcOffsetSeconds: GeneratedDays.offset).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let leads = try #require(object["leads"] as? [[String: Any]])
        #expect(leads.compactMap { $0["minutes"] as? Int } == [15, 60, 180])
        for lead in leads {
            for key in ["cases", "mae", "within1", "within1_uv3", "persistence_within1"] {
                #expect(lead[key] != nil, "\(key) missing")
            }
            let share = try #require(lead["within1"] as? Double)
            #expect((0...1).contains(share))
        }
    }

    @Test func oneDayIsScoredWithTheDaemonsOwnSettings() throws {
        let day = try GeneratedDays.day(date: "2030-01-15", transmission: GeneratedDays.brokenCloud)
        let report = SkillReport(days: [day], utcOffsetSeconds: GeneratedDays.offset)
        #expect(report.settings == [Nowcast.Settings()])
    }

    @Test func aForecastGivenIsWhatTheNowcastFadesInto() throws {
        let day = try GeneratedDays.day(date: "2030-01-15") { _ in 0.5 }
        let cases = SkillCases(day, utcOffsetSeconds: GeneratedDays.offset)
        let item = try #require(cases.cases.first { $0.leadMinutes == 180 })
        let settings = Nowcast.Settings(fadeTime: 600)
        // Three hours on, a ten-minute fade has left nothing of the measurement.
        let predicted = SkillScore.predict(item, coordinate: day.coordinate, settings: settings) { _ in 4.25 }
        #expect(abs(predicted - 4.25) < 1e-6)
    }
}

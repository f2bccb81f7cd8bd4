import Foundation
import Testing
import UVCore

@testable import UVEngine

/// The engine says what it means; the presenter alone makes the words, on the place's clock.
@Suite("Presenter")
struct PresenterTests {
    static let sydney = Zone(identifier: "Australia/Sydney")!
    static let applied = Simulation.at("2026-01-15T12:05:00+11:00")
    static let due = Simulation.at("2026-01-15T14:05:00+11:00")
    static let reapply = Alert(
        subject: .rule(.reapply), rule: .reapply,
        meaning: .reapply(stage: .attention, at: due, spf: .spf30, quantity: .medium, appliedAt: applied), urgency: .normal,
        actions: [.reapplied, .remind])

    @Test func timesAreOnThePlacesClockInTheLocalesHours() {
        let twentyFour = Presenter(zone: Self.sydney, twelveHour: false).present(Self.reapply)
        #expect(twentyFour.summary == "Reapply by 14:05")
        #expect(twentyFour.body == "Applied SPF 30 • Medium at 12:05 — reapply by 14:05")
        let twelve = Presenter(zone: Self.sydney, twelveHour: true).present(Self.reapply)
        #expect(twelve.summary.hasPrefix("Reapply by 2:05"))
        let elsewhere = Presenter(zone: Zone(identifier: "Europe/London")!, twelveHour: false).present(Self.reapply)
        #expect(elsewhere.summary == "Reapply by 03:05")
    }

    /// Out with the family, the reminder names whose protection runs out first.
    @Test func theReminderNamesWhoseProtectionRunsOutFirst() {
        var alert = Self.reapply
        alert.meaning = .reapply(stage: .attention, at: Self.due, spf: .spf30, quantity: .medium, appliedAt: Self.applied, firstOut: "Mia")
        let words = Presenter(zone: Self.sydney, twelveHour: false).present(alert)
        #expect(words.body == "Mia's protection runs out first.\nApplied SPF 30 • Medium at 12:05 — reapply by 14:05")
    }

    /// An alert kept by a release without `firstOut` reads as the user's.
    @Test func aReminderKeptWithoutWhoseReadsAsTheUsers() throws {
        let now = AlertMeaning.reapply(
            stage: .attention, at: Self.due, spf: .spf30, quantity: .medium, appliedAt: Self.applied, firstOut: "Mia")
        var saved = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(now)) as? [String: [String: Any]])
        saved["reapply"]?["firstOut"] = nil
        let meaning = try JSONDecoder().decode(AlertMeaning.self, from: try JSONSerialization.data(withJSONObject: saved))
        guard let reminder = meaning.as(ReapplyMeaning.self) else {
            Issue.record("not a reapply meaning: \(meaning)")
            return
        }
        #expect(reminder.firstOut == nil)
    }

    @Test func buttonsSendTheirKeysWithTheirLabels() {
        let buttons = Presenter(zone: Self.sydney, twelveHour: false).present(Self.reapply).buttons
        #expect(buttons.map(\.action.key) == ["applied", "remind"])
        #expect(buttons.map(\.label) == ["Reapplied", "In 15 min"])
    }

    @Test(arguments: [
        AlertMeaning.leaveHome(peakAhead: 9.4), .uvLevel(uvi: 8.2, level: .veryHigh),
        .reapply(stage: .now, at: due, spf: .spf50, quantity: .lots, appliedAt: applied),
        .morning(window: TimeSpan(start: applied, end: due), peakUVI: 11, peakAt: due, yesterdayBurnDosePercent: nil),
        .morning(window: TimeSpan(start: applied, end: due), peakUVI: nil, peakAt: nil, yesterdayBurnDosePercent: nil),
        .noWindowToday(vitaminD: nil), .noWindowToday(vitaminD: TodaysVitaminD.none),
        .noWindowToday(vitaminD: .dose(minutes: 20, from: due)),
    ])
    func noWordsCarryARawTimestamp(_ meaning: AlertMeaning) {
        let alert = Alert(subject: .other("x"), rule: .morning, meaning: meaning, urgency: .low, actions: [])
        let words = Presenter(zone: Self.sydney, twelveHour: false).present(alert)
        #expect(!words.summary.isEmpty && !words.body.isEmpty)
        #expect((words.summary + words.body).firstMatch(of: /\d{4}-\d\d-\d\dT/) == nil)
    }

    /// On a day without a window, "UV today" ends with the day's vitamin D, on the place's clock.
    @Test func aDayWithoutAWindowSaysItsVitaminD() {
        let presenter = Presenter(zone: Self.sydney, twelveHour: false)
        let said = { (vitaminD: TodaysVitaminD?) in
            presenter.present(
                Alert(subject: .today, rule: .morning, meaning: .noWindowToday(vitaminD: vitaminD), urgency: .low, actions: [])
            ).body
        }
        #expect(said(nil) == "No sunscreen window: UV stays low all day.")
        #expect(said(TodaysVitaminD.none) == "No sunscreen window: UV stays low all day.\nNo vitamin D from the sun today.")
        #expect(said(.dose(minutes: 20, from: Self.due)).hasSuffix("\nAbout 20 min from \(presenter.time(Self.due)) makes your vitamin D."))
    }

    @Test func anAlertSavedWithWordsStillLoads() throws {
        let saved =
            #"{"subject":"leave-home","rule":"leave-home","summary":"UV up to 9 today","body":"Apply sunscreen before you leave.","urgency":"normal","actions":[{"key":"applied","label":"Applied sunscreen"},{"key":"not-today","label":"Not today"}]}"#
        let alert = try JSONDecoder().decode(Alert.self, from: Data(saved.utf8))
        #expect(alert.meaning == .said(summary: "UV up to 9 today", body: "Apply sunscreen before you leave."))
        #expect(alert.actions == [.applied, .notToday])
        let again = try JSONDecoder().decode(Alert.self, from: try JSONEncoder().encode(alert))
        #expect(again == alert)
    }
}

/// A reapply reminder's meaning carries the sunscreen as types; what 0.4.0 and earlier saved (the
/// SPF as users write it, `"30"` or `"none"`) reads back as the same meaning.
@Suite("A reapply reminder's sunscreen")
struct ReapplyMeaningTests {
    @Test(arguments: [(#""30""#, SPF.spf30), (#""none""#, SPF.none), ("50", SPF.spf50)])
    func theSPFAsEarlierReleasesWroteItReadsBack(_ written: String, _ spf: SPF) throws {
        let at = Date(timeIntervalSince1970: 1_768_438_800)
        let meaning = AlertMeaning.reapply(stage: .now, at: at, spf: spf, quantity: .medium, appliedAt: at.addingTimeInterval(-7200))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(meaning), as: UTF8.self)
        let asWritten = json.replacingOccurrences(of: #""spf":\#(spf.rawValue)"#, with: #""spf":\#(written)"#)
        #expect(asWritten.contains(#""spf":\#(written)"#))
        #expect(try JSONDecoder().decode(AlertMeaning.self, from: Data(asWritten.utf8)) == meaning)
    }
}

/// The leave-home prompt with a family: who burns first, by name, or the user.
@Suite struct LeaveHomeWordsTests {
    private func body(_ first: FirstToBurn?) -> String {
        Presenter(zone: .utc, twelveHour: false).present(
            Alert(
                subject: .rule(.leaveHome), rule: .leaveHome, meaning: .leaveHome(peakAhead: 9, firstToBurn: first), urgency: .normal,
                actions: [])
        ).body
    }

    @Test func theChildWhoBurnsFirstIsNamed() {
        #expect(body(nil) == "Apply sunscreen before you leave.")
        #expect(body(FirstToBurn(name: "Mia", minutes: 9)) == "Apply sunscreen before you leave — Mia burns in 9 min.")
        #expect(body(FirstToBurn(name: nil, minutes: 25)) == "Apply sunscreen before you leave — you burn in 25 min.")
    }

    /// A prompt saved by a release before families reads back, naming no one.
    @Test func aPromptSavedBeforeFamiliesReadsBack() throws {
        let saved = #"{"leaveHome":{"peakAhead":9}}"#
        #expect(try JSONDecoder().decode(AlertMeaning.self, from: Data(saved.utf8)) == .leaveHome(peakAhead: 9, firstToBurn: nil))
    }
}

import Foundation
import Testing
import UVCore

@testable import UVEngine

/// An alert's meaning is saved (held through quiet hours, waiting in the outbox) and read back
/// by later releases: each kind keeps the JSON it has been written in since 0.4.0, whichever file
/// declares it.
@Suite("What an alert means, as saved")
struct MeaningSavedFormTests {
    static let at = Date(timeIntervalSince1970: 1_768_438_800)

    static let saved: [(AlertMeaning, String)] = [
        (.leaveHome(peakAhead: 9.5), #"{"leaveHome":{"peakAhead":9.5}}"#),
        (
            .leaveHome(peakAhead: 9, firstToBurn: FirstToBurn(name: "Mia", minutes: 14), reapply: true, shade: ["Leo"]),
            #"{"leaveHome":{"firstToBurn":{"minutes":14,"name":"Mia"},"peakAhead":9,"reapply":true,"shade":["Leo"]}}"#
        ),
        (.uvLevel(uvi: 8.25, level: .veryHigh), #"{"uvLevel":{"level":"veryHigh","uvi":8.25}}"#),
        (
            .reapply(stage: .urgent, at: at, spf: .spf30, quantity: .medium, appliedAt: at.addingTimeInterval(-7200), firstOut: "Mia"),
            #"{"reapply":{"appliedAt":790124400,"at":790131600,"firstOut":"Mia","quantity":"medium","spf":30,"stage":"urgent"}}"#
        ),
        (
            .morning(window: TimeSpan(start: at, end: at.addingTimeInterval(3600)), peakUVI: 11, peakAt: at, yesterdayBurnDosePercent: 48),
            #"{"morning":{"peakAt":790131600,"peakUVI":11,"window":{"end":790135200,"start":790131600},"yesterdayBurnDosePercent":48}}"#
        ),
        (
            .morning(window: TimeSpan(start: at, end: at), peakUVI: nil, peakAt: nil, yesterdayBurnDosePercent: nil),
            #"{"morning":{"window":{"end":790131600,"start":790131600}}}"#
        ),
        (.dose(level: 80, person: "Mia"), #"{"dose":{"level":80,"person":"Mia"}}"#),
        (.dose(level: 50), #"{"dose":{"level":50}}"#),
        (.noWindowToday(vitaminD: nil), #"{"noWindowToday":{}}"#),
        (.noWindowToday(vitaminD: TodaysVitaminD.none), #"{"noWindowToday":{"vitaminD":{"none":{}}}}"#),
        (
            .noWindowToday(vitaminD: .dose(minutes: 20, from: at)),
            #"{"noWindowToday":{"vitaminD":{"dose":{"from":790131600,"minutes":20}}}}"#
        ),
        (
            .said(summary: "UV up to 9 today", body: "Apply sunscreen."),
            #"{"said":{"body":"Apply sunscreen.","summary":"UV up to 9 today"}}"#
        ),
    ]

    @Test func eachKindIsWrittenAsBefore() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (meaning, json) in Self.saved {
            #expect(String(decoding: try encoder.encode(meaning), as: UTF8.self) == json)
        }
    }

    @Test func eachKindReadsBack() throws {
        for (meaning, json) in Self.saved {
            #expect(try JSONDecoder().decode(AlertMeaning.self, from: Data(json.utf8)) == meaning, "\(json)")
        }
    }

    /// A kind this release does not know (a later release's rule) is refused by name, not read
    /// as another. The name is one no rule would take, so that adding a rule never makes it a
    /// known kind.
    @Test func anUnknownKindIsRefusedByName() {
        #expect {
            try JSONDecoder().decode(AlertMeaning.self, from: Data(#"{"fromALaterRelease":{"litres":2}}"#.utf8))
        } throws: { error in
            "\(error)".contains("fromALaterRelease")
        }
    }
}

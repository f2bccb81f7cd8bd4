import Testing
import UVCore
import UVEngine
import UVProtocol

@testable import UVControl

/// `uvctl history --summary`: what people did with each rule's pop-ups, counted from the history.
@Suite("What people did with each prompt")
struct HistorySummaryTests {
    static func entry(_ kind: HistoryKind, _ subject: String, key: String? = nil) -> HistoryInfo {
        HistoryInfo(time: "2027-01-15T08:16:00+11:00", kind: kind, subject: subject, summary: nil, body: nil, key: key)
    }

    @Test func eachRuleCountsShownPressedDismissedAndHeld() {
        var entries = Array(repeating: Self.entry(.notified, "leave-home"), count: 12)
        entries += Array(repeating: Self.entry(.pressed, "leave-home", key: "applied"), count: 7)
        entries += Array(repeating: Self.entry(.pressed, "leave-home", key: "remind"), count: 2)
        entries += Array(repeating: Self.entry(.dismissed, "leave-home", key: "dismissed"), count: 3)
        entries += [
            Self.entry(.notified, "uv-extreme"), Self.entry(.held, "uv-high", key: "in"), Self.entry(.expired, "uv-extreme"),
            Self.entry(.withdrawn, "reapply"), Self.entry(.held, "reapply", key: "in"), Self.entry(.notified, "test"),
        ]
        let summary = HistorySummary(entries, days: 30)
        #expect(
            summary.lines == [
                "leave-home: 12 shown, 7 Applied (58 %), 2 In 15 min (17 %), 3 dismissed",
                "uv-alert: 1 shown, 1 expired or withdrawn, 1 held",
                "reapply: 0 shown, 1 expired or withdrawn, 1 held",
            ])
        #expect(summary.rules.first?.pressed == [.init(button: "applied", count: 7), .init(button: "remind", count: 2)])
    }

    @Test func nothingSaidCountsNothing() {
        #expect(HistorySummary([], days: 7).rules.isEmpty)
    }
}

import FoundationEssentials

/// How pressing the reapply time is (after the countdown states of seed 004): plenty of time
/// over 60 minutes, attention from 60 to 30, urgent under 30, now once it has passed.
public enum ReapplyCountdown: String, Sendable, Codable, CaseIterable {
    case normal, attention, urgent, now

    public init(reapplyAt: Date, now: Date) {
        let minutes = reapplyAt.timeIntervalSince(now) / 60
        self = minutes <= 0 ? .now : minutes < 30 ? .urgent : minutes <= 60 ? .attention : .normal
    }

    /// The first instants of `attention`, `urgent` and `now` before `reapplyAt` (whole seconds):
    /// where a notification showing the stage must be updated.
    public static func changes(before reapplyAt: Date) -> [Date] {
        [reapplyAt.addingTimeInterval(-3600), reapplyAt.addingTimeInterval(-1800 + 1), reapplyAt]
    }
}

import FoundationEssentials
import UVCore
import UVStore

/// What a day's dose is computed from, held by the core as the store keeps it: the intervals of
/// time outside and the sunscreen worn, of the last 90 days. Read from the store once as uvd
/// starts (`read(from:now:)`); from then on each change the core asks the store to save is made
/// here too, by the store's own rules (`Store.put(_: OutsideChange, _:)`, `insertSunscreen`,
/// `UserChange.sunscreenRemoved` and `waterEvent`), so a dose never reads the store.
/// `OutsideRecordTests` plays the same changes on both and finds them equal.
struct OutsideRecord: Sendable, Equatable {
    /// How long time outside is kept: the store's own `outsideKept`, 90 days; a day older is not
    /// taken (`TimeOutside.day`).
    static let kept = Store.outsideKept

    /// The intervals kept, by start (an open one ends at `.distantFuture`).
    private(set) var intervals: [OutsideInterval] = []
    /// The applications, by when they were put on, each with when it was taken off.
    private(set) var worn: [WornSunscreen] = []

    /// `intervals` and `worn` as the store gives them, without what ended more than 90 days
    /// before `now`.
    init(intervals: [OutsideInterval] = [], worn: [WornSunscreen] = [], now: Date) {
        for interval in intervals { insert(interval) }
        for application in worn { insert(application) }
        forget(before: now)
    }

    /// The record as the store holds it at `now`.
    static func read(from store: Store, now: Date) throws -> OutsideRecord {
        let intervals = try store.outsideIntervals(overlapping: DateInterval(start: now.addingTimeInterval(-kept), end: .distantFuture))
        let from = min(now.addingTimeInterval(-kept), intervals.first?.start ?? now)
        return OutsideRecord(
            intervals: intervals, worn: try store.sunscreenWorn(within: DateInterval(start: from, end: .distantFuture)), now: now)
    }

    /// The intervals that overlap `span`, by start: the store's `outsideIntervals(overlapping:)`.
    func intervals(overlapping span: DateInterval) -> [OutsideInterval] {
        intervals.filter { $0.start < span.end && $0.end > span.start }
    }

    /// The applications worn at some time within `span`: the store's `sunscreenWorn(within:)`.
    func worn(within span: DateInterval) -> [WornSunscreen] {
        worn.filter { $0.application.appliedAt < span.end && ($0.removedAt.map { $0 > span.start } ?? true) }
    }

    /// A change to time outside, as the store makes it.
    mutating func apply(_ change: OutsideChange) {
        switch change {
        case .open(let source, let at):
            guard !intervals.contains(where: { $0.source == source && $0.end == .distantFuture }) else { return }
            insert(OutsideInterval(start: at, end: .distantFuture, source: source))
            forget(before: at)
        case .close(let source, let at):
            for index in intervals.indices where intervals[index].source == source && intervals[index].end == .distantFuture {
                intervals[index].end = max(intervals[index].start, at)
            }
        case .add(let interval):
            insert(interval)
        case .remove(let span):
            intervals.removeAll { $0.source == .user && $0.start == span.start && $0.end == span.end }
        case .clear(let day):
            intervals.removeAll { $0.start >= day.start && $0.start < day.end }
        }
    }

    /// `application` put on: what it takes the place of comes off as it goes on.
    mutating func put(on application: SunscreenApplication) {
        for index in worn.indices where worn[index].removedAt == nil && application.takesThePlace(of: worn[index].application) {
            worn[index].removedAt = application.appliedAt
        }
        insert(WornSunscreen(application))
    }

    /// Everything on comes off at `at` (`uvctl sunscreen remove`).
    mutating func takeOff(at: Date) {
        for index in worn.indices where worn[index].removedAt == nil { worn[index].removedAt = at }
    }

    /// Water (or a towel) at `at` on everything on.
    mutating func water(at: Date) {
        for index in worn.indices where worn[index].removedAt == nil { worn[index].application.waterEventAt = at }
    }

    /// By when it was put on, after any put on at the same time (the store's order).
    private mutating func insert(_ application: WornSunscreen) {
        let at = worn.firstIndex { $0.application.appliedAt > application.application.appliedAt } ?? worn.endIndex
        worn.insert(application, at: at)
    }

    private mutating func insert(_ interval: OutsideInterval) {
        let at = intervals.firstIndex { $0.start > interval.start } ?? intervals.endIndex
        intervals.insert(interval, at: at)
    }

    /// What ended more than 90 days before `now` goes: the intervals, as the store lets them go
    /// as one opens, and the sunscreen taken off before both that and the first interval kept
    /// began (it covered none of them).
    private mutating func forget(before now: Date) {
        let cutoff = now.addingTimeInterval(-Self.kept)
        intervals.removeAll { $0.end < cutoff }
        let covered = min(cutoff, intervals.first?.start ?? cutoff)
        worn.removeAll { $0.removedAt.map { $0 < covered } ?? false }
    }
}

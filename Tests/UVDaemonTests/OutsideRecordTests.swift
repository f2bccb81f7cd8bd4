import Foundation
import TestSupport
import Testing
import UVCore
import UVStore

@testable import UVDaemon

/// The time outside and sunscreen the core holds are the store's, change for change: what a day's
/// dose reads of the core is what it read of the store before the core held it.
@Suite struct OutsideRecordTests {
    private let scratch = ScratchPath("uvd-outside-record")
    /// 10:00 UTC on 15 January 2026.
    static let start = Date(timeIntervalSince1970: 1_768_471_200)

    private static func at(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }

    private static func application(_ hours: Double, _ wearer: SunscreenWearer = .everyone) -> SunscreenApplication {
        SunscreenApplication(spf: .spf30, quantity: .lots, appliedAt: at(hours), wearer: wearer)
    }

    /// A change as the core makes it: to time outside, an application, or a user's change.
    enum Change {
        case outside(OutsideChange)
        case putOn(SunscreenApplication)
        case user(UserChange)
    }

    @Test func theCoresRecordIsTheStoresAfterEachChange() throws {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let store = try Store(path: scratch.url.appendingPathComponent("uvd.sqlite"))
        let day = DateInterval(start: Self.at(-10), duration: 86_400)
        let changes: [Change] = [
            .outside(.open(.network, at: Self.at(0))), .outside(.open(.network, at: Self.at(0.5))), .putOn(Self.application(0.2)),
            .outside(.open(.user, at: Self.at(1))), .putOn(Self.application(1.1, .member("Mia"))), .user(.waterEvent(at: Self.at(1.5))),
            .outside(.close(.user, at: Self.at(2))), .outside(.close(.network, at: Self.at(-1))),
            .outside(.add(OutsideInterval(start: Self.at(-3), end: Self.at(-2), source: .user))),
            .outside(.add(OutsideInterval(start: Self.at(-3), end: Self.at(-2.5), source: .network))), .putOn(Self.application(3)),
            .outside(.remove(DateInterval(start: Self.at(-3), end: Self.at(-2)))), .user(.sunscreenRemoved(at: Self.at(4))),
            .outside(.open(.user, at: Self.at(5))), .putOn(Self.application(5, .user)), .putOn(Self.application(4.5)),
            .outside(.clear(DateInterval(start: Self.at(4), end: Self.at(6)))),
            // Ninety-one days on: what ended before goes, on both, as an interval opens.
            .outside(.open(.network, at: Self.at(91 * 24))), .putOn(Self.application(91 * 24 + 1)),
        ]
        var record = OutsideRecord(now: Self.start)
        let spans = [day, DateInterval(start: Self.at(-4), end: Self.at(1)), DateInterval(start: Self.at(90 * 24), duration: 2 * 86_400)]
        for change in changes {
            var saved = StoreChanges()
            switch change {
            case .outside(let outside):
                saved.outside = [outside]
                record.apply(outside)
            case .putOn(let application):
                saved.sunscreen = application
                record.put(on: application)
            case .user(let user):
                saved.userChanges = [user]
                switch user {
                case .sunscreenRemoved(let at): record.takeOff(at: at)
                case .waterEvent(let at): record.water(at: at)
                default: Issue.record("not a sunscreen change: \(user)")
                }
            }
            try store.save(saved)
            for span in spans {
                let intervals = record.intervals(overlapping: span)
                #expect(intervals == (try store.outsideIntervals(overlapping: span)), "after \(change), \(span)")
                // A dose reads the sunscreen of a span only when it has time outside (the store
                // keeps every application; the core lets go of those that cover no interval kept).
                guard !intervals.isEmpty else { continue }
                #expect(record.worn(within: span) == (try store.sunscreenWorn(within: span)), "after \(change), \(span)")
            }
        }
        #expect(record.intervals(overlapping: day).isEmpty, "the first day's intervals went as the late one opened")
        // A start reads back what is held.
        let restarted = try OutsideRecord.read(from: store, now: Self.at(91 * 24 + 2))
        for span in spans {
            #expect(restarted.intervals(overlapping: span) == record.intervals(overlapping: span))
            #expect(restarted.worn(within: span) == record.worn(within: span))
        }
    }

    @Test func sunscreenTakenOffBeforeEveryIntervalKeptIsLetGo() {
        var record = OutsideRecord(now: Self.start)
        record.put(on: Self.application(0))
        record.put(on: Self.application(1))
        #expect(record.worn.count == 2)
        record.apply(.open(.network, at: Self.at(100 * 24)))
        #expect(record.worn.map(\.application.appliedAt) == [Self.at(1)], "the one still on stays")
    }
}

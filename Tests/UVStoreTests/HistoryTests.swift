import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVStore

@Suite("On-disk store: engine state and history")
struct HistoryTests {
    private let scratch = ScratchPath("uvd-history")
    var directory: URL { scratch.url }
    var path: URL { directory.appendingPathComponent("uvd.sqlite") }
    let now = Date(timeIntervalSince1970: 1_768_438_800)

    @Test func anUnhandledPressIsReplayedAfterReopening() throws {
        let press = HistoryEntry(time: now, kind: .pressed, subject: .rule(.leaveHome), key: "applied")
        do {
            let store = try Store(path: path)
            _ = try store.recordPress(press)
        }
        let store = try Store(path: path)
        let pending = try store.pendingPresses()
        #expect(pending.map(\.entry) == [press])
        try store.save(
            StoreChanges(
                engine: EngineState(settings: EngineSettings(), zone: ZoneName("UTC"), skinType: .II), handledPresses: [pending[0].id]))
        #expect(try store.pendingPresses().isEmpty)
        #expect(try store.history(limit: 10) == [press])
    }

    @Test func engineStateAndHistoryAreSavedTogether() throws {
        let store = try Store(path: path)
        #expect(try store.engineState() == nil)
        var state = EngineState(settings: EngineSettings(), zone: ZoneName("Australia/Sydney"), skinType: .III)
        (state, _) = Engine.reduce(state, .command(.mute(.morning)), now: now)
        let shown = HistoryEntry(
            time: now, kind: .notified, subject: .rule(.morning), summary: "UV today", body: "Sunscreen window today 09:20 – 14:40")
        try store.save(StoreChanges(engine: state, history: [shown]))
        #expect(try store.engineState() == state)
        #expect(try store.history(limit: 1) == [shown])
    }

    @Test func historyOlderThanNinetyDaysIsDropped() throws {
        let store = try Store(path: path)
        let state = EngineState(settings: EngineSettings(), zone: ZoneName("UTC"), skinType: .II)
        let old = HistoryEntry(time: now, kind: .withdrawn, subject: .rule(.reapply))
        let recent = HistoryEntry(time: now.addingTimeInterval(91 * 86_400), kind: .withdrawn, subject: .rule(.morning))
        try store.save(StoreChanges(engine: state, history: [old]))
        try store.save(StoreChanges(engine: state, history: [recent]))
        #expect(try store.history(limit: 10) == [recent])
    }

    @Test func notificationIDsSurvive() throws {
        let kept = NotificationIDs(ids: [.rule(.reapply): 7, .uvLevel(.high): 9], owner: ":1.42")
        do { try Store(path: path).save(StoreChanges(notificationIDs: kept)) }
        #expect(try Store(path: path).notificationIDs() == kept)
    }
}

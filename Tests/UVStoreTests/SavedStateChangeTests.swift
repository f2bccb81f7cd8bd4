import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine

@testable import UVStore

/// Saved state outlives releases: what an older uvd wrote (without a field added since) or a
/// newer one wrote (with a field this one does not know) is read with everything kept; what
/// cannot be read is set aside and said, never dropped.
@Suite("Saved state across releases")
struct SavedStateChangeTests {
    private let scratch = ScratchPath("uvd-saved-state")
    var path: URL { scratch.url.appendingPathComponent("uvd.sqlite") }
    let now = Date(timeIntervalSince1970: 1_768_438_800)

    /// A state with every kind of silence the user can set: a mute, a snooze, "not today",
    /// quiet hours of their own and a quiet spell.
    func silencedState() -> EngineState {
        let fresh = EngineState(settings: EngineSettings(), zone: ZoneName("Australia/Sydney"), skinType: .II)
        let commands: [EngineEvent] = [
            .command(.mute(.uvAlert)), .command(.snooze(.reapply, until: now.addingTimeInterval(3600))),
            .command(.muteToday(.morning)), .command(.quietHours(QuietHours([QuietSpan(start: 22 * 60, end: 7 * 60)]))),
            .command(.quietUntil(now.addingTimeInterval(1800))),
        ]
        return Engine.reduce(fresh, commands, now: now).0
    }

    /// The JSON a store keeps for `state`, passed through `change`.
    func savedJSON(_ state: EngineState, _ change: (inout [String: Any]) -> Void) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        var object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(state)) as? [String: Any])
        change(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func store(holdingEngine json: String) throws -> Store {
        try Store(path: path).save(StoreChanges(engine: silencedState()))
        try SQLiteConnection(path: path.path).execute("UPDATE setting SET value = ? WHERE key = 'engine'", [.text(json)])
        return try Store(path: path)
    }

    @Test func stateWithoutAFieldAddedSinceKeepsEveryMuteAndSnooze() throws {
        let state = silencedState()
        // What a release before these fields existed wrote.
        let older = try savedJSON(state) { object in
            for field in ["leave", "thresholds", "held", "live", "day", "reapplyShown", "remindAt", "samples", "settings"] {
                object[field] = nil
            }
        }
        let store = try store(holdingEngine: older)
        guard case .read(let read) = try store.restoreEngineState(now: now) else {
            Issue.record("the state was not read")
            return
        }
        #expect(read.muted == [.uvAlert])
        #expect(read.snoozedUntil == [.reapply: now.addingTimeInterval(3600)])
        // "Not today" is read against the day, which the next step works out again.
        #expect(Engine.reduce(read, .tick, now: now).0.silencedToday == [.morning])
        #expect(read.quietHoursOverride == state.quietHoursOverride)
        #expect(read.quietUntil == now.addingTimeInterval(1800))
        #expect(read.isQuiet(at: now))
    }

    @Test func aFieldFromANewerReleaseIsIgnored() throws {
        let newer = try savedJSON(silencedState()) { object in
            object["doseNoticesShownOn"] = ["2026-01-15": [50, 80]]
            object["settings"] = (object["settings"] as? [String: Any] ?? [:]).merging(["doseLevels": [50, 80]]) { $1 }
        }
        let store = try store(holdingEngine: newer)
        guard case .read(let read) = try store.restoreEngineState(now: now) else {
            Issue.record("the state was not read")
            return
        }
        #expect(read == silencedState())
    }

    /// A newer release's rule, muted or snoozed there, is kept by name: the state reads whole and
    /// writes the mute back for the release that knows the rule. (When a rule's name was a case
    /// of an enum, the whole state was set aside as unreadable, every other mute with it.) The
    /// name is one no rule would take, so that adding a rule never makes it a known one.
    @Test func aMuteOfARuleFromANewerReleaseIsKept() throws {
        let newer = try savedJSON(silencedState()) { object in
            object["muted"] = ["uv-alert", "from-a-later-release"]
            object["snoozedUntil"] = ["from-a-later-release": now.addingTimeInterval(600).timeIntervalSince1970]
        }
        let store = try store(holdingEngine: newer)
        guard case .read(let read) = try store.restoreEngineState(now: now) else {
            Issue.record("the state was not read")
            return
        }
        let laterRule = Rule(rawValue: "from-a-later-release")
        #expect(!laterRule.isKnown)
        #expect(read.muted == [.uvAlert, laterRule])
        #expect(read.snoozedUntil == [laterRule: now.addingTimeInterval(600)])
        #expect(read.quietUntil == now.addingTimeInterval(1800))
    }

    @Test func anUnreadableStateIsSetAsideAndSaid() throws {
        let broken = try savedJSON(silencedState()) { object in object["muted"] = "every rule" }
        let store = try store(holdingEngine: broken)
        guard case .setAside(let problem) = try store.restoreEngineState(now: now) else {
            Issue.record("an unreadable state was not set aside")
            return
        }
        #expect(problem.keptAs == "setting engine.unreadable-\(Int(now.timeIntervalSince1970))")
        #expect(problem.summary.contains("could not be read"))
        // Kept whole where the problem says, and no longer the state a start reads.
        let kept = try SQLiteConnection(path: path.path).firstRow(
            "SELECT value FROM setting WHERE key = ?", [.text("engine.unreadable-\(Int(now.timeIntervalSince1970))")]
        )?.text("value")
        #expect(kept == broken)
        #expect(try store.engineState() == nil)
    }

    @Test func profileAndSunscreenWithoutNewerFieldsTakeTheirDefaults() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let profile = try decoder.decode(Profile.self, from: Data(#"{"skinType":3,"unknownField":true}"#.utf8))
        #expect(profile == Profile(skinType: .III))
        let application = try decoder.decode(
            SunscreenApplication.self, from: Data(#"{"spf":50,"quantity":"lots","appliedAt":1768438800}"#.utf8))
        #expect(application == SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: now))
    }
}

import Foundation
import Testing
import UVCore

@testable import UVEngine

/// The rules' state as a store keeps it: one flat JSON object, the same keys whichever release
/// wrote it. The fixture was written before each rule held its own memory and settings; a
/// release that reads it and writes it back must write every key it holds with the same value,
/// or an older uvd would lose what a newer one kept.
@Suite("The rules' saved state keeps its form")
struct SavedStateFormTests {
    typealias S = Simulation

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/engine-state/beach-afternoon.json")

    /// A beach day played to 14:00 with every rule's memory in use: leaving, levels passed, a
    /// reapply time, a morning summary, a dose notice, quiet hours and a mute of the user's own.
    static func playedState() throws -> EngineState {
        let day = try #require(LocalDay.interval(isoDate: "2027-01-15", in: S.sydney))
        var settings = EngineSettings()
        settings[ReapplyRule.key].countdown = true
        settings.quietHours = QuietHours([QuietSpan(start: 22 * 60, end: 7 * 60)])
        var simulator = Simulator(state: EngineState(settings: settings, zone: ZoneName(of: S.sydney), skinType: .II), start: day.start)
        simulator.send(.forecast(DayOutlook.modelledSeries(day: day, coordinate: S.place).samples), at: day.start)
        simulator.send(.command(.mute(.morning)), at: day.start)
        let beach = """
            08:30 wifi
            09:55 cellular
            09:57 press leave-home applied
            10:00 outside
            12:00 apply 50 lots
            """
        simulator.run(until: day.start.addingTimeInterval(14 * 3600), steps: try Scenario.parse(beach, day: day, zone: S.sydney))
        return simulator.state
    }

    static func encoded(_ state: EngineState) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(state), as: UTF8.self)
    }

    /// `json` with the sets put in order: a `Set` and a dictionary keyed by number are written
    /// in hashing order, which differs from run to run (`live`, `muted`, a threshold's `armed`
    /// levels and its `firedOn` pairs). Without the day's `morning` and `morningMinute`, the
    /// one change of form: the morning rule works its instant out itself now, and a release that
    /// saved them reads a day without them as one to work out again (both are optional there).
    static func canonical(_ json: String) throws -> NSDictionary {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        func sorted(_ value: Any?) -> [String] { ((value as? [Any]) ?? []).map { "\($0)" }.sorted() }
        var canonical = object
        canonical["live"] = sorted(object["live"])
        canonical["muted"] = sorted(object["muted"])
        if var day = object["day"] as? [String: Any] {
            (day["morning"], day["morningMinute"]) = (nil, nil)
            canonical["day"] = day
        }
        if var thresholds = object["thresholds"] as? [String: Any] {
            thresholds["armed"] = sorted(thresholds["armed"])
            let fired = (thresholds["firedOn"] as? [Any]) ?? []
            thresholds["firedOn"] = stride(from: 0, to: fired.count - 1, by: 2).map { "\(fired[$0])=\(fired[$0 + 1])" }.sorted()
            canonical["thresholds"] = thresholds
        }
        return canonical as NSDictionary
    }

    /// `written` restricted to the keys `recorded` has, at the top and in `settings`: a rule
    /// added since writes keys of its own beside them, which an older release ignores.
    static func restricted(_ written: NSDictionary, to recorded: NSDictionary) -> NSDictionary {
        var kept: [String: Any] = [:]
        for case let key as String in recorded.allKeys { kept[key] = written[key] }
        if let settings = written["settings"] as? NSDictionary, let recordedSettings = recorded["settings"] as? NSDictionary {
            kept["settings"] = restricted(settings, to: recordedSettings)
        }
        return kept as NSDictionary
    }

    @Test func theStateIsWrittenAsBefore() throws {
        let recorded = try Self.canonical(String(contentsOf: Self.fixture, encoding: .utf8))
        #expect(try Self.restricted(Self.canonical(Self.encoded(Self.playedState())), to: recorded) == recorded)
    }

    @Test func whatWasWrittenReadsBackWholeAndWritesTheSameJSON() throws {
        let recorded = try String(contentsOf: Self.fixture, encoding: .utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let read = try decoder.decode(EngineState.self, from: Data(recorded.utf8))
        #expect(read == (try Self.playedState()))
        let canonicalRecorded = try Self.canonical(recorded)
        #expect(try Self.restricted(Self.canonical(Self.encoded(read)), to: canonicalRecorded) == canonicalRecorded)
    }
}

import Foundation
import Testing
import UVCore
import UVProtocol

@testable import UVControl

/// The waybar module's classes: a bar can style where the person is.
@Suite struct WaybarClassTests {
    static func status(_ whereabouts: Whereabouts?) -> StatusInfo {
        var status = StatusInfo(
            uvi: 7.1, level: .high, source: .model, attribution: "", updatedAt: nil, ageMinutes: nil, stale: false, freshness: .modelled,
            note: nil,
            location: LocationInfo(
                name: "Sydney", latitude: -33.87, longitude: 151.21, timeZone: ZoneName(of: .utc), source: .manual, isDefault: false),
            skinType: .II, skinTypeIsDefault: false, burnTimeMinutes: 20, sunscreen: nil, window: nil, peak: nil, temperatureCelsius: nil,
            requestsToday: 0, now: "2027-01-15T01:00:00Z")
        status.whereabouts = whereabouts.map { WhereaboutsInfo($0, iso: ISOTimestamp(timeZone: .utc)) }
        return status
    }

    static func classes(_ status: StatusInfo) throws -> [String] {
        let line = StatusFormat.waybar.render(status, persistent: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        return object["class"] as? [String] ?? []
    }

    @Test func outIsAClassAndTheTooltipSaysWhere() throws {
        let out = Self.status(.out(since: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try Self.classes(out) == ["high", "out"])
        #expect(try Self.classes(Self.status(.inside)) == ["high"])
        #expect(try Self.classes(Self.status(nil)) == ["high"])
        #expect(StatusText.lines(out, terminal: Terminal(usesColor: false)).contains("Now: out since 08:00"))
    }
}

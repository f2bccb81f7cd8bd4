import Foundation
import Testing
import UVCore
import UVProtocol

/// Values that travel inside the program as types are written as the same strings on the wire,
/// and a value a newer uvd sends that this uvctl does not know reads as the cautious one.
@Suite("io.uvd's typed values on the wire")
struct WireValueTests {
    /// A `@Null` field written straight into its object (`KeyedEncodingContainer.encode(_:forKey:)`
    /// for `Null`) is its value or `null`, as the wrapper writes itself where it is not a field,
    /// never left out; an absent key reads as nil.
    @Test func aNullFieldIsItsValueOrNullAsTheWrapperWritesIt() throws {
        let read = #"[{"time":"12:00","uvi":11.5,"minutes":4,"burnTimeMinutes":21},{"time":"06:00","uvi":0.2}]"#
        let hours = try JSONDecoder().decode([VitaminDHourInfo].self, from: Data(read.utf8))
        #expect(hours.map(\.minutes) == [4, nil] && hours.map(\.burnTimeMinutes) == [21, nil])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(hours), as: UTF8.self)
        #expect(
            written
                == #"[{"burnTimeMinutes":21,"minutes":4,"time":"12:00","uvi":11.5},{"burnTimeMinutes":null,"minutes":null,"time":"06:00","uvi":0.2}]"#
        )
        let alone = [Null(wrappedValue: 4), Null<Int>(wrappedValue: nil)]
        #expect(String(decoding: try encoder.encode(alone), as: UTF8.self) == "[4,null]")
    }

    @Test func aDoctorVerdictIsWrittenAsBefore() throws {
        let check = CheckInfo(name: "state", result: .fail, detail: "d")
        let json = String(decoding: try JSONEncoder().encode(check), as: UTF8.self)
        #expect(json.contains(#""result":"fail""#))
        #expect(try JSONDecoder().decode(CheckInfo.self, from: Data(json.utf8)) == check)
    }

    @Test func aVerdictThisUvctlDoesNotKnowIsAWarning() throws {
        let json = #"{"name":"tray","result":"info","detail":"shown by waybar","fix":null}"#
        #expect(try JSONDecoder().decode(CheckInfo.self, from: Data(json.utf8)).result == .warn)
    }

    @Test func aSourceRoleIsWrittenAsBeforeAndAnUnknownOneIsUnused() throws {
        let info = SourceInfo(source: .cams, now: 3, peak: 9, updatedAt: nil, role: .crossCheck, why: "w")
        let json = String(decoding: try JSONEncoder().encode(info), as: UTF8.self)
        #expect(json.contains(#""role":"cross-check""#))
        let newer = json.replacingOccurrences(of: "cross-check", with: "ensemble-member")
        #expect(try JSONDecoder().decode(SourceInfo.self, from: Data(newer.utf8)).role == .unused)
    }

    /// The words a status carries (its level, source, freshness, whereabouts) are types, written
    /// as before; a word this uvctl does not know (a newer uvd's source) is kept as written, and
    /// the rest of the reply reads: the credit line is then the daemon's own words.
    @Test func aStatusWordIsWrittenAsBeforeAndAnUnknownOneStillReads() throws {
        let status = StatusInfo(
            uvi: 9.4, level: .veryHigh, source: .model, attribution: "the daemon's words", updatedAt: nil, ageMinutes: nil,
            stale: false, freshness: .modelled, note: nil,
            location: LocationInfo(
                name: "Sydney", latitude: -33.9, longitude: 151.2, timeZone: ZoneName(of: .utc), source: .timeZone, isDefault: false),
            skinType: .II, skinTypeIsDefault: false, burnTimeMinutes: 20, sunscreen: nil, window: nil, peak: nil,
            temperatureCelsius: nil, requestsToday: 0, now: "2026-01-15T12:00:00+00:00")
        let json = String(decoding: try JSONEncoder().encode(status), as: UTF8.self)
        for written in [#""level":"veryHigh""#, #""source":"model""#, #""freshness":"modelled""#, #""source":"time-zone""#] {
            #expect(json.contains(written), "\(written) in \(json)")
        }
        #expect(try JSONDecoder().decode(StatusInfo.self, from: Data(json.utf8)) == status)

        let newer = json.replacingOccurrences(of: #""source":"model""#, with: #""source":"met-norway""#)
            .replacingOccurrences(of: #""freshness":"modelled""#, with: #""freshness":"nowcast""#)
        let read = try JSONDecoder().decode(StatusInfo.self, from: Data(newer.utf8))
        #expect(read.source == .unknown("met-norway") && read.source.value == nil)
        #expect(read.freshness.description == "nowcast")
        #expect(read.readerAttribution == "the daemon's words")
        #expect(read.level.value == .veryHigh)
        let unknownLevel = json.replacingOccurrences(of: #""level":"veryHigh""#, with: #""level":"ultra""#)
        #expect(try JSONDecoder().decode(StatusInfo.self, from: Data(unknownLevel.utf8)).shownLevel == UVLevel(uvi: 9.4))
    }
}

import Foundation
import Testing
import UVProtocol

/// Values that travel inside the program as types are written as the same strings on the wire,
/// and a value a newer uvd sends that this uvctl does not know reads as the cautious one.
@Suite("io.uvd's typed values on the wire")
struct WireValueTests {
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
        let info = SourceInfo(source: "cams", now: 3, peak: 9, updatedAt: nil, role: .crossCheck, why: "w")
        let json = String(decoding: try JSONEncoder().encode(info), as: UTF8.self)
        #expect(json.contains(#""role":"cross-check""#))
        let newer = json.replacingOccurrences(of: "cross-check", with: "ensemble-member")
        #expect(try JSONDecoder().decode(SourceInfo.self, from: Data(newer.utf8)).role == .unused)
    }
}

import Foundation
import Testing
import UVCore

/// A structure read and written through its field list: what an absent, null, damaged or unknown
/// saved value leaves, and the form written.
@Suite struct SavedFieldTests {
    enum Mode: String, Codable, Equatable {
        case glance
        case popUp = "pop-up"
    }

    struct Part: Equatable, Codable {
        var enabled = true
        var minutes = 30
        var mode = Mode.glance
        var lastSeen: Int?
        var minute: Int? = 450

        static let savedFields: [SavedField<Self>] = [
            .value("partEnabled", { $0.enabled }, { $0.enabled = $1 }),
            .value("partMinutes", { $0.minutes }, { $0.minutes = $1 }, valid: { $0 >= 0 }),
            .choice("partMode", { $0.mode }, { $0.mode = $1 }),
            .optional("partLastSeen", { $0.lastSeen }, { $0.lastSeen = $1 }),
            .optional("partMinute", { $0.minute }, { $0.minute = $1 }, valid: { (0..<1440).contains($0) }),
        ]

        init() {}

        init(from decoder: any Decoder) throws {
            self.init()
            try Self.savedFields.read(try decoder.container(keyedBy: SavedKey.self), into: &self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SavedKey.self)
            try Self.savedFields.write(self, to: &container)
        }
    }

    static func read(_ json: String) throws -> Part {
        try JSONDecoder().decode(Part.self, from: Data(json.utf8))
    }

    @Test func anAbsentFieldKeepsWhatItWasReadIntoAndAnAbsentOptionalIsNil() throws {
        let part = try Self.read("{}")
        #expect(part.enabled && part.minutes == 30 && part.mode == .glance)
        #expect(part.lastSeen == nil)
        #expect(part.minute == nil)
    }

    @Test func savedValuesAreRead() throws {
        let part = try Self.read(
            #"{"partEnabled": false, "partMinutes": 5, "partMode": "pop-up", "partLastSeen": 7, "partMinute": 60}"#)
        #expect(!part.enabled && part.minutes == 5 && part.mode == .popUp && part.lastSeen == 7 && part.minute == 60)
    }

    @Test func aValueTheFieldRefusesKeepsWhatItWasReadInto() throws {
        let part = try Self.read(#"{"partMinutes": -4, "partMinute": 5000}"#)
        #expect(part.minutes == 30)
        #expect(part.minute == 450)
    }

    @Test func aChoiceALaterReleaseAddedKeepsWhatItWasReadIntoAndTheRestReads() throws {
        let part = try Self.read(#"{"partMode": "somewhere-new", "partMinutes": 9}"#)
        #expect(part.mode == .glance)
        #expect(part.minutes == 9)
    }

    @Test func aValueOfTheWrongTypeFailsTheWhole() {
        #expect(throws: DecodingError.self) { try Self.read(#"{"partEnabled": "yes"}"#) }
    }

    @Test func eachFieldIsWrittenUnderItsKeyAndNilIsLeftOut() throws {
        var part = Part()
        part.minute = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(part), as: UTF8.self)
        #expect(written == #"{"partEnabled":true,"partMinutes":30,"partMode":"glance"}"#)
        #expect(try JSONDecoder().decode(Part.self, from: Data(written.utf8)) == part)
    }
}

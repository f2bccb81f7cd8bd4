import Foundation
import Testing
import UVCore
import UVEngine
import UVProtocol

@Suite("Varlink messages")
struct VarlinkCodecTests {
    struct Location: Codable, Equatable {
        var location: String?
    }

    @Test func framingSplitsOnNUL() throws {
        var framing = VarlinkFraming()
        #expect(try framing.append(Array("{\"a\":1}\0{\"b\"".utf8)) == [Array("{\"a\":1}".utf8)])
        #expect(try framing.append(Array(":2}\0".utf8)) == [Array("{\"b\":2}".utf8)])
        #expect(try framing.append([]) == [])
    }

    @Test func framingRefusesOversizedMessages() {
        var framing = VarlinkFraming(limit: 16)
        #expect(throws: VarlinkFraming.Oversized.self) { try framing.append(Array(repeating: UInt8(ascii: "x"), count: 17)) }
        var complete = VarlinkFraming(limit: 16)
        #expect(throws: VarlinkFraming.Oversized.self) { try complete.append(Array(repeating: UInt8(ascii: "x"), count: 20) + [0]) }
    }

    @Test func callsDecode() throws {
        let call = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.GetStatus","parameters":{"location":"Home"},"more":true}"#.utf8))
        #expect(call.method == "io.uvd.GetStatus" && call.more && !call.oneway)
        #expect(try call.decodeParameters(Location.self) == Location(location: "Home"))
        let bare = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.GetStatus"}"#.utf8))
        #expect(try bare.decodeParameters(Location.self) == Location(location: nil))
    }

    @Test(arguments: ["", "null", "[]", #"{"parameters":{}}"#, #"{"method":7}"#, "{\"method\":"])
    func malformedCalls(text: String) {
        #expect(throws: VarlinkError.self) { try VarlinkCall(decoding: Data(text.utf8)) }
    }

    @Test func badParametersNameTheParameter() throws {
        let call = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.GetStatus","parameters":{"location":5}}"#.utf8))
        #expect(throws: VarlinkError.invalidParameter("location")) { try call.decodeParameters(Location.self) }
    }

    /// A number that is not whole, or too large, for a parameter names that parameter; once it
    /// named none (an InvalidParameter of "": JSONDecoder said where for no number it refused),
    /// and parameters of the wrong kind as a whole are named `parameters`.
    @Test(arguments: [
        (#"{"waterResistanceMinutes":0.5}"#, "waterResistanceMinutes"), (#"{"waterResistanceMinutes":1e30}"#, "waterResistanceMinutes"),
        ("[]", "parameters"), ("5", "parameters"),
    ])
    func aNumberThatDoesNotFitNamesItsParameter(parameters: String, name: String) throws {
        let call = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.SetProfile","parameters":\#(parameters)}"#.utf8))
        #expect(throws: VarlinkError.invalidParameter(name)) { try call.decodeParameters(ProfileParameters.self) }
    }

    /// A value written from a list travels as its type: decoded once, and a text that is none of
    /// its values refused there, naming the parameter and the choices; `none` is no application.
    @Test(arguments: [
        (#"{"spf":"none"}"#, "an application needs an SPF of 15, 30 or 50: SPF 0 (none) is no sunscreen"),
        (#"{"spf":"12"}"#, "spf '12' is not allowed; use 15, 30 or 50"),
        (#"{"quantity":"heaps"}"#, "quantity 'heaps' is not allowed; use low, medium or lots"),
        (#"{"minutesAgo":721}"#, "minutesAgo must be 0 to 720 (got 721)"),
        (#"{"minutesAgo":-1}"#, "minutesAgo must be 0 to 720 (got -1)"),
    ])
    func aWrittenValueIsRefusedNamingItsParameter(parameters: String, message: String) throws {
        let call = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.ApplySunscreen","parameters":\#(parameters)}"#.utf8))
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: message)) { try call.decodeParameters(SunscreenParameters.self) }
    }

    /// A member's `born` and `spf` are decoded once: "" forgets, a value sets, anything else is
    /// refused naming the parameter; they travel as the text they were.
    @Test func aMembersFieldsAreSetForgottenOrRefused() throws {
        func decoded(_ parameters: String) throws -> FamilyMemberParameters {
            try VarlinkCall(decoding: Data(#"{"method":"io.uvd.SetFamilyMember","parameters":\#(parameters)}"#.utf8))
                .decodeParameters(FamilyMemberParameters.self)
        }
        let set = try decoded(#"{"name":"Mia","born":"2024-03","spf":"50"}"#)
        #expect(set.born == .set(BirthMonth(parsing: "2024-03")!) && set.spf == .set(.spf50))
        let forgotten = try decoded(#"{"name":"Mia","born":"","spf":""}"#)
        #expect(forgotten.born == .forget && forgotten.spf == .forget)
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: "born '2025-13' is not a month: use YYYY-MM, e.g. 2024-03")) {
            try decoded(#"{"name":"Mia","born":"2025-13"}"#)
        }
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: "spf '12' is not allowed; use none, 15, 30 or 50")) {
            try decoded(#"{"name":"Mia","spf":"12"}"#)
        }
        let sent = String(decoding: try VarlinkCall.encode(method: "io.uvd.SetFamilyMember", parameters: set).dropLast(), as: UTF8.self)
        #expect(sent.contains(#""born":"2024-03""#) && sent.contains(#""spf":"50""#))
    }

    /// A day, a span of a day, quiet spans and what is asked of the time outside travel as the
    /// text they were (the JSON of 0.4.0), and what is none of them is refused as the call is
    /// read, naming what was wrong.
    @Test func daysAndSpansTravelAsTheirText() throws {
        func decoded<Parameters: Decodable>(_ method: String, _ parameters: String, as type: Parameters.Type) throws -> Parameters {
            try VarlinkCall(decoding: Data(#"{"method":"io.uvd.\#(method)","parameters":\#(parameters)}"#.utf8)).decodeParameters(type)
        }
        let outside = try decoded("Outside", #"{"action":"add","date":"2026-01-13","span":"10:00-11:30"}"#, as: OutsideParameters.self)
        #expect(outside.action.value == .add && outside.date?.value.description == "2026-01-13")
        #expect(outside.span?.value == ClockSpan(parsing: "10:00-11:30"))
        let sent = String(decoding: try VarlinkCall.encode(method: "io.uvd.Outside", parameters: outside).dropLast(), as: UTF8.self)
        #expect(sent.contains(#""action":"add""#) && sent.contains(#""date":"2026-01-13""#) && sent.contains(#""span":"10:00-11:30""#))
        #expect(
            throws: VarlinkError.uvd(name: "InvalidValue", message: "action 'begin' is not allowed; use start, stop, add, remove or clear")
        ) {
            try decoded("Outside", #"{"action":"begin"}"#, as: OutsideParameters.self)
        }
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: "date '2026-02-30' is not a calendar date: use YYYY-MM-DD")) {
            try decoded("GetDose", #"{"date":"2026-02-30"}"#, as: DoseParameters.self)
        }
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: "date '2026-02-30' is not a calendar date: use YYYY-MM-DD")) {
            try decoded("GetForecast", #"{"date":"2026-02-30"}"#, as: ForecastParameters.self)
        }
        #expect(
            throws: VarlinkError.uvd(
                name: "InvalidValue", message: "'11:00-10:00' is not a span of the day: use HH:MM-HH:MM, the start before the end")
        ) {
            try decoded("Outside", #"{"action":"add","span":"11:00-10:00"}"#, as: OutsideParameters.self)
        }
        let quiet = try decoded("SetQuiet", #"{"spans":["22:00-07:00","12:30-13:00"]}"#, as: SetQuietParameters.self)
        #expect(quiet.spans?.map(\.value.description) == ["22:00-07:00", "12:30-13:00"])
        #expect(
            throws: VarlinkError.uvd(
                name: "InvalidValue", message: "'night' is not a span: use HH:MM-HH:MM, e.g. 22:00-07:00 (it may cross midnight)")
        ) {
            try decoded("SetQuiet", #"{"spans":["night"]}"#, as: SetQuietParameters.self)
        }
    }

    /// A reply's zone is a zone's name or nothing: a name that could reach outside the zone
    /// files is refused as the reply is read, never looked up.
    @Test func aRepliesZoneIsAZonesName() throws {
        func location(_ zone: String) throws -> LocationInfo {
            try JSONDecoder().decode(
                LocationInfo.self,
                from: Data(#"{"name":"x","latitude":0,"longitude":0,"timeZone":"\#(zone)","source":"manual","isDefault":false}"#.utf8))
        }
        #expect(try location("Australia/Sydney").timeZone.value.name == "Australia/Sydney")
        #expect(try location("UTC").zone == .utc)
        for wrong in ["../../etc/passwd", "/etc/localtime", "", "Europe/../Paris"] {
            #expect(throws: ValueRefused.self, "\(wrong)") { try location(wrong) }
        }
    }

    /// A water resistance is 0, 40 or 80 minutes on the wire, as before; another number is
    /// refused as the call is read, naming the parameter and what may be given.
    @Test func aWaterResistanceIsOneOfItsNumbers() throws {
        let call = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.SetProfile","parameters":{"waterResistanceMinutes":40}}"#.utf8))
        #expect(try call.decodeParameters(ProfileParameters.self).waterResistanceMinutes?.value == .minutes40)
        let wrong = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.SetProfile","parameters":{"waterResistanceMinutes":30}}"#.utf8))
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: "waterResistanceMinutes '30' is not allowed; use 0, 40 or 80")) {
            try wrong.decodeParameters(ProfileParameters.self)
        }
        let sent = try VarlinkCall.encode(
            method: "io.uvd.SetProfile",
            parameters: ProfileParameters(skinType: nil, spf: nil, quantity: nil, activity: nil, waterResistanceMinutes: .minutes80))
        #expect(String(decoding: sent.dropLast(), as: UTF8.self).contains(#""waterResistanceMinutes":80"#))
    }

    @Test func writtenValuesTravelAsTheirText() throws {
        let sent = try VarlinkCall.encode(
            method: "io.uvd.SetProfile",
            parameters: ProfileParameters(skinType: .IV, spf: SPF.none, quantity: .lots, activity: nil, waterResistanceMinutes: nil))
        let text = String(decoding: sent.dropLast(), as: UTF8.self)
        #expect(text.contains(#""skinType":"IV""#) && text.contains(#""spf":"none""#) && text.contains(#""quantity":"lots""#))
        let call = try VarlinkCall(decoding: Data(sent.dropLast()))
        let read = try call.decodeParameters(ProfileParameters.self)
        #expect(read.skinType?.value == .IV && read.spf?.value == SPF.none && read.quantity?.value == .lots)
        let snooze = try VarlinkCall(decoding: Data(#"{"method":"io.uvd.Snooze","parameters":{"rule":"sleep","minutes":5}}"#.utf8))
        #expect(throws: VarlinkError.uvd(name: "InvalidValue", message: "no rule 'sleep'; rules: \(Rule.names)")) {
            try snooze.decodeParameters(SnoozeParameters.self)
        }
    }

    /// A call's envelope is written by hand: it is JSON that the server reads back to the same
    /// method, parameters and `more`, and a method name JSON would have to escape is refused.
    @Test func aCallsEnvelopeIsJSONTheServerReads() throws {
        let status = try VarlinkCall.encode(method: "io.uvd.GetStatus", parameters: LocationParameters(location: "Caf\u{E9} \"Nord\""))
        #expect(status.last == 0)
        let read = try VarlinkCall(decoding: Data(status.dropLast()))
        #expect(read.method == "io.uvd.GetStatus" && !read.more && !read.oneway)
        #expect(try read.decodeParameters(LocationParameters.self).location == "Caf\u{E9} \"Nord\"")
        let info = try VarlinkCall.encode(method: "org.varlink.service.GetInfo", parameters: Empty(), more: true)
        #expect(String(decoding: info, as: UTF8.self) == "{\"method\":\"org.varlink.service.GetInfo\",\"parameters\":{},\"more\":true}\0")
        #expect(try VarlinkCall(decoding: Data(info.dropLast())).more)
        // What `uvctl status` sends as `Empty` is what no location encodes as.
        #expect(
            try VarlinkCall.encode(method: "io.uvd.GetStatus", parameters: LocationParameters(location: nil))
                == VarlinkCall.encode(method: "io.uvd.GetStatus", parameters: Empty()))
        for wrong in ["", "io.uvd.Get\"Status", "io.uvd.GetStatus\n", "io.uvd.Get\\Status", "io.uvd.GetSt\u{E4}tus"] {
            #expect(throws: EncodingError.self, "\(wrong)") { try VarlinkCall.encode(method: wrong, parameters: Empty()) }
        }
    }

    @Test func repliesAndErrors() throws {
        let reply = try VarlinkReply.encode(Location(location: "x"), continues: true)
        #expect(String(decoding: reply, as: UTF8.self) == "{\"continues\":true,\"parameters\":{\"location\":\"x\"}}\0")
        let error = VarlinkReply.encode(.methodNotFound("io.uvd.Nope"))
        #expect(
            String(decoding: error, as: UTF8.self)
                == "{\"error\":\"org.varlink.service.MethodNotFound\",\"parameters\":{\"method\":\"io.uvd.Nope\"}}\0")
    }

    @Test func nullFieldsAreWrittenAndMayBeAbsent() throws {
        let status = HourInfo(time: "t", uvi: 1, level: .low, clearSkyUVI: nil, burnTimeMinutes: nil, source: .cams)
        let text = String(decoding: try JSONEncoder().encode(status), as: UTF8.self)
        #expect(text.contains("\"clearSkyUVI\":null") && text.contains("\"burnTimeMinutes\":null"))
        let decoded = try JSONDecoder().decode(HourInfo.self, from: Data(#"{"time":"t","uvi":1,"level":"low","source":"cams"}"#.utf8))
        #expect(decoded == status)
    }

    @Test func interfaceDeclaresEveryMethod() {
        for method in [
            "GetStatus", "GetForecast", "ListStations", "SetLocation", "AddLocation", "ListLocations", "RemoveLocation",
            "GetProfile", "SetProfile", "ApplySunscreen", "RemoveSunscreen", "RecordWater", "Refresh", "Reload", "Subscribe",
        ] {
            #expect(UVDInterface.description.contains("method \(method)("), "\(method)")
        }
    }
}

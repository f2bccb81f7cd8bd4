import Foundation
import Testing
import UVCore
import UVProtocol

/// uvd's own decoder reads every message as `JSONDecoder` read it before: the same values from
/// the replies uvd 0.4.0 gave (Tests/Fixtures/varlink-0.4.0) and the calls that asked for them,
/// and the same kind of error, at the same place, for what it refuses.
@Suite("WireDecoder beside JSONDecoder")
struct WireDecoderTests {
    static let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/varlink-0.4.0/replies.txt")

    struct Envelope<Body: Codable>: Codable {
        let parameters: Body
    }

    /// `text` as `T` by both decoders, written back by one encoder: the same JSON, or the same
    /// refusal.
    static func readAlike<T: Codable>(_ type: T.Type, _ text: String, _ what: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let reference = Result { try encoder.encode(JSONDecoder().decode(T.self, from: Data(text.utf8))) }
        let own = Result { try encoder.encode(WireDecoder.decode(T.self, from: Array(text.utf8))) }
        switch (reference, own) {
        case (.success(let expected), .success(let read)):
            #expect(String(decoding: read, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(what)")
        case (.failure(let expected), .failure(let refused)):
            // JSONDecoder says a number that does not fit is "corrupted" without saying where;
            // WireDecoder names the member, which uvd names back to the caller.
            if Self.kind(expected) == "dataCorrupted at " {
                #expect(Self.kind(refused).hasPrefix("dataCorrupted at"), "\(what)")
            } else {
                #expect(Self.kind(refused) == Self.kind(expected), "\(what)")
            }
        default:
            Issue.record("\(what): JSONDecoder \(reference), WireDecoder \(own)")
        }
    }

    /// An error's kind and where it is (its coding path), which is what uvd says of it.
    static func kind(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(type(of: error))" }
        switch error {
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) at \(path(context))"
        case .typeMismatch(_, let context): return "typeMismatch at \(path(context))"
        case .valueNotFound(_, let context): return "valueNotFound at \(path(context))"
        case .dataCorrupted(let context): return "dataCorrupted at \(path(context))"
        @unknown default: return "unknown"
        }
    }

    static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// Each method's reply and parameters, by the method's own types.
    static func check<Call: UVDCall>(_ call: Call.Type, parameters: String, reply: String) {
        readAlike(Envelope<Call.Reply>.self, reply, "\(Call.name)'s reply")
        readAlike(Call.Parameters.self, parameters, "\(Call.name)'s parameters \(parameters)")
    }

    @Test func everyRecordedCallAndReplyIsReadAlike() throws {
        let lines = try String(contentsOf: Self.recorded, encoding: .utf8).split(separator: "\n").map(String.init)
        var checked = 0
        for (call, reply) in zip(lines, lines.dropFirst()) where call.hasPrefix("> ") && reply.hasPrefix("< ") {
            // The recorded replies of a call that failed are errors, read by the client's own type.
            guard !reply.hasPrefix(#"< {"error""#) else { continue }
            let words = call.dropFirst(2).split(separator: " ", maxSplits: 1)
            guard let method = words.first, let type = UVD.calls.first(where: { $0.qualifiedName == method }) else {
                Issue.record("no method for \(call)")
                continue
            }
            Self.check(type, parameters: words.count > 1 ? String(words[1]) : "{}", reply: String(reply.dropFirst(2)))
            checked += 1
        }
        #expect(checked >= 35)
    }

    /// What each decoder refuses, it refuses alike: a wrong type, a member missing, a null where a
    /// value must be, a number too large or not whole, an array too short, text that is not JSON.
    @Test(arguments: [
        #"{"parameters":{"profile":{"activity":"normal","quantity":"medium","skinType":null,"spf":"30","waterResistanceMinutes":"0"}}}"#,
        #"{"parameters":{"profile":{"activity":"normal","quantity":"medium","skinType":null,"spf":"30"}}}"#,
        #"{"parameters":{"profile":{"activity":null,"quantity":"medium","skinType":null,"spf":"30","waterResistanceMinutes":0}}}"#,
        #"{"parameters":{"profile":{"activity":"normal","quantity":"medium","skinType":null,"spf":"30","waterResistanceMinutes":1e30}}}"#,
        #"{"parameters":{"profile":{"activity":"normal","quantity":"medium","skinType":null,"spf":"30","waterResistanceMinutes":0.5}}}"#,
        #"{"parameters":{"profile":{"activity":"normal","quantity":"medium","skinType":null,"spf":"30","waterResistanceMinutes":40.0}}}"#,
        #"{"parameters":{"profile":[]}}"#,
        #"{"parameters":"#,
    ])
    func refusalsAreAlike(reply: String) {
        Self.check(UVD.GetProfile.self, parameters: "{}", reply: reply)
    }

    /// The one message JSONDecoder read that uvd now refuses: a comma before an object's closing
    /// brace, which RFC 8259 does not allow (JSONTestSuite's n_object_trailing_comma).
    @Test func aCommaBeforeTheClosingBraceIsRefused() {
        let text = #"{"method":"io.uvd.GetStatus",}"#
        struct Header: Decodable { let method: String }
        #expect((try? JSONDecoder().decode(Header.self, from: Data(text.utf8)))?.method == "io.uvd.GetStatus")
        #expect(throws: VarlinkError.self) { try VarlinkCall(decoding: Data(text.utf8)) }
    }

    @Test func integersAndListsAreReadAlike() {
        Self.readAlike([Int8].self, "[127, -128, 1.0, 1e2]", "integers in range")
        Self.readAlike([Int8].self, "[128]", "an integer out of range")
        Self.readAlike([UInt64].self, "[18446744073709551615]", "the largest UInt64")
        Self.readAlike([Double].self, "[1e400]", "a number no Double holds")
        Self.readAlike([[String: String]].self, #"[{"a":"\u00e9\ud83d\ude00\n"}, {}]"#, "escapes")
        Self.readAlike([Bool?].self, "[true, null, false]", "nulls in a list")
        Self.readAlike([String].self, #"["a", 1]"#, "a number among strings")
    }
}

import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine

private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

/// What `io.uvd` answers, held byte for byte to what uvd 0.4.0 answered to the same calls: a
/// fresh uvd with the providers off, on a clock stopped at 10:00 on 15 January 2027 in Sydney,
/// asked the calls of `record_replies.py` (every method but those that read the machine: the
/// home network, the doctor, a refresh, a test notification, the stream). The fixture was made
/// by that script against the 0.4.0 release binary; what later releases added on purpose is
/// named in `additions` and taken out before the comparison, as is what a rule added since says
/// (`withoutRulesAdded`), so that any other change to the wire, a reordered key or a renamed
/// field, fails here.
@Suite(
    "io.uvd's replies as 0.4.0 gave them",
    .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "needs libfaketime (Debian package faketime)"))
struct RecordedRepliesTests {
    static let recorded = ProviderFixture.packageRoot.appendingPathComponent("Tests/Fixtures/varlink-0.4.0/replies.txt")
    static let script = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/record_replies.py")

    /// What 0.5.0 added to the replies: where the person is in the status, uvd's version beside
    /// the status of `GetStatus`, and the settings of issue 51's rules in `GetConfig` (each a
    /// whole entry, with its default).
    static let additions = [
        #""whereabouts":{"since":null,"state":"in"},"#,
        #","version":"\#(UVDVersion.string)""#,
        #"{"key":"leave_home.babies","origin":"default","value":"true"},"#,
        #"{"key":"alerts.indoors","origin":"default","value":"\"glance\""},"#,
        #"{"key":"reapply.countdown","origin":"default","value":"false"},"#,
        #"{"key":"reapply.indoors","origin":"default","value":"\"glance\""},"#,
        #"{"key":"reapply.on_going_out","origin":"default","value":"true"},"#,
        #"{"key":"reapply.uv_threshold","origin":"default","value":"3"},"#,
    ]

    /// Members 0.5.0 added whose values follow the day (the vitamin D of the status and the
    /// forecast): each is taken out whole, its value whatever it is, before the comparison.
    static let addedMembers = ["vitaminD"]

    /// `text` without each `"key":VALUE` member and its comma, VALUE an object (braces counted
    /// outside strings); nil when `key` is not there.
    static func removingMember(_ key: String, from text: String) -> String? {
        let opening = "\"\(key)\":{"
        guard text.contains(opening) else { return nil }
        var text = text
        while let range = text.range(of: opening) {
            var depth = 0
            var inString = false
            var escaped = false
            var end = range.upperBound
            for index in text.indices[text.index(before: range.upperBound)...] {
                let character = text[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                if character == "\"" { inString = true }
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if depth == 0 {
                        end = text.index(after: index)
                        break
                    }
                }
            }
            var start = range.lowerBound
            if end < text.endIndex, text[end] == "," {
                end = text.index(after: end)
            } else if start > text.startIndex, text[text.index(before: start)] == "," {
                start = text.index(before: start)
            }
            text.removeSubrange(start..<end)
        }
        return text
    }

    /// The rules 0.4.0 had. A rule added since adds its settings to `GetConfig` and its name to
    /// the list a refused rule name is answered with; those are taken out (`withoutRulesAdded`),
    /// so that adding a rule touches no test but its own.
    static let rulesOf040: Set<String> = ["leave-home", "uv-alert", "reapply", "morning", "dose"]

    /// `text` without what the rules added since 0.4.0 put in a reply: each `GetConfig` entry of
    /// their settings sections (a flat object: `{"key":"SECTION.…",…}` and its comma), and their
    /// names in a list of rules (", NAME").
    static func withoutRulesAdded(_ text: String) -> String {
        var text = text
        for rule in Rule.known where !rulesOf040.contains(rule.rawValue) {
            let opening = #"{"key":""# + rule.settingsSection + "."
            while let start = text.range(of: opening)?.lowerBound,
                let close = text[start...].firstIndex(of: "}")
            {
                var end = text.index(after: close)
                if end < text.endIndex, text[end] == "," { end = text.index(after: end) }
                text.removeSubrange(start..<end)
            }
            text = text.replacingOccurrences(of: ", " + rule.rawValue, with: "")
        }
        return text
    }

    /// What 0.5.0 changed on purpose in a reply 0.4.0 gave, as (then, now): an application's
    /// SPF is 15, 30 or 50 (`none` is no sunscreen, and the core refused it already).
    static let changes = [
        ("spf '12' is not allowed; use none, 15, 30 or 50", "spf '12' is not allowed; use 15, 30 or 50")
    ]

    @Test func anAddedMemberIsTakenOutWhole() {
        #expect(Self.removingMember("v", from: #"{"a":1,"v":{"b":"}{\"","c":{"d":2}},"e":3}"#) == #"{"a":1,"e":3}"#)
        #expect(Self.removingMember("v", from: #"{"a":1,"v":{}}"#) == #"{"a":1}"#)
        #expect(Self.removingMember("v", from: #"[{"v":{"x":1}},{"v":{"y":2},"w":0}]"#) == #"[{},{"w":0}]"#)
        #expect(Self.removingMember("v", from: #"{"a":1}"#) == nil)
    }

    @Test func everyReplyIsAsItWas() throws {
        let uvd = try DaemonHarness(providers: false)
        try ("[location]\ngeoclue = false\n" + DaemonHarness.noProviders).write(to: uvd.configFile, atomically: true, encoding: .utf8)
        try uvd.start(extraEnvironment: [
            "LD_PRELOAD": libfaketime, "FAKETIME": "2027-01-15 10:00:00", "DONT_FAKE_MONOTONIC": "1",
        ])
        defer { uvd.kill(SIGTERM) }
        let output = uvd.root.appendingPathComponent("replies.txt")
        let run = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/python3"), [Self.script.path, uvd.socket.path, output.path, uvd.root.path],
            environment: ToolRunner.baseEnvironment)
        try #require(run.status == 0, "\(run.stderr)")

        var now = Self.withoutRulesAdded(try String(contentsOf: output, encoding: .utf8))
        for addition in Self.additions {
            #expect(now.contains(addition), "the addition \(addition) is no longer there: the list is out of date")
            now = now.replacing(addition, with: "")
        }
        for key in Self.addedMembers {
            let without = Self.removingMember(key, from: now)
            #expect(without != nil, "the added member \(key) is no longer there: the list is out of date")
            now = without ?? now
        }
        var then = try String(contentsOf: Self.recorded, encoding: .utf8)
        for (was, now) in Self.changes { then = then.replacing(was, with: now) }
        let (nowLines, thenLines) = (now.split(separator: "\n"), then.split(separator: "\n"))
        #expect(nowLines.count == thenLines.count)
        for (index, (line, was)) in zip(nowLines, thenLines).enumerated() where line != was {
            Issue.record("line \(index + 1) differs from 0.4.0's\n  0.4.0: \(was)\n  now:   \(line)")
        }
    }
}

import Foundation
import TestSupport
import Testing

@Suite("uvctl simulate")
struct SimulateCommandTests {
    static let sydney = ["simulate", "--lat", "-33.87", "--lon", "151.21", "--tz", "Australia/Sydney", "--date", "2026-01-15"]

    @Test func aDayWithLeavingHome() throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--leave", "08:15", "--apply", "--json"])
        #expect(result.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let subjects = list.compactMap { $0["subject"] as? String }
        #expect(subjects.first == "morning")
        #expect(subjects.filter { $0 == "leave-home" }.count == 1)
        #expect(subjects.contains("reapply") && subjects.contains("uv-extreme"))
        let leave = try #require(list.first { $0["subject"] as? String == "leave-home" })
        #expect(leave["time"] as? String == "2026-01-15T08:16:00+11:00")
        #expect(leave["actions"] as? [String] == ["Applied", "In 15 min", "Not today", "I'm inside"])
    }

    @Test func quietHoursHoldTheMorning() throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--quiet", "06:00-09:00", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.first { $0["subject"] as? String == "morning" }?["time"] as? String == "2026-01-15T09:00:00+11:00")
    }

    @Test func readsTheRuleSettingsFromTheConfiguration() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-sim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(at: config.appendingPathComponent("uvd"), withIntermediateDirectories: true)
        try "[morning]\ntime = \"06:45\"\n[alerts]\nlevels = [10]\n".write(
            to: config.appendingPathComponent("uvd/config.toml"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--json"], environment: ["XDG_CONFIG_HOME": config.path])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.first { $0["subject"] as? String == "morning" }?["time"] as? String == "2026-01-15T06:45:00+11:00")
        #expect(!list.contains { $0["subject"] as? String == "uv-high" })

        try "[morning]\ntime = \"dawn\"\n".write(to: config.appendingPathComponent("uvd/config.toml"), atomically: true, encoding: .utf8)
        let broken = try ToolRunner.uvctl.run(Self.sydney, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(broken.status == 78 && broken.stderr.contains("config.toml:2:1: morning.time"))
    }

    /// Sydney's clocks go from 2:00 to 3:00 on 4 October 2026: leaving at 08:15 is 08:15 on the
    /// wall, not eight and a quarter hours after midnight (09:15).
    @Test func leavingOnTheDayTheClocksGoForward() throws {
        let day = Self.sydney.dropLast() + ["2026-10-04"]
        let result = try ToolRunner.uvctl.run(day + ["--leave", "08:15", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.first { $0["subject"] as? String == "leave-home" }?["time"] as? String == "2026-10-04T08:16:00+11:00")
    }

    /// Without uvd a city is found here, as uvd finds it; it once needed uvd running.
    @Test func aCityByNameWithoutTheDaemon() throws {
        let result = try ToolRunner.uvctl.run(["simulate", "--location", "Tokyo", "--date", "2027-07-01", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stderr)")
        #expect((list.first?["time"] as? String)?.hasSuffix("+09:00") == true)
        let unknown = try ToolRunner.uvctl.run(["simulate", "--location", "Xyzzyville"])
        #expect(unknown.status == 64 && unknown.stderr.contains("no place 'Xyzzyville' in the city list"), "\(unknown.stderr)")
    }

    @Test func aScenarioFileThatIsNotOneSaysWhyAndWhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-scenario-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("day.txt")
        try Data("07:40\twifi\r\n08:00  swim\r\n".utf8).write(to: file)
        let cases: [(path: String, status: Int32, message: String)] = [
            (file.path, 65, "\(file.path):2:8: no event 'swim'"),
            (folder.appendingPathComponent("missing.txt").path, 66, "missing.txt: no such file"),
            (folder.path, 66, "it is a directory"),
            ("/dev/zero", 66, "/dev/zero: cannot be read: it is not a regular file"),
        ]
        for (path, status, message) in cases {
            let result = try ToolRunner.uvctl.run(Self.sydney + ["--scenario", path])
            #expect(result.status == status && result.stderr.contains(message), "\(path): \(result.status) \(result.stderr)")
        }
    }

    @Test(arguments: [
        (["--leave", "8am"], "--leave '8am' is not a time of day"), (["--quiet", "night"], "--quiet 'night' is not a span"),
        // Once ignored, silently: without --leave there is no notification to press.
        (["--apply"], "--apply presses a button of the notification --leave brings: give --leave HH:MM too."),
    ])
    func badArguments(extra: [String], message: String) throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + extra)
        #expect(result.status == 64 && result.stderr.contains(message))
    }
}

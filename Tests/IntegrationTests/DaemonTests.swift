import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// uvd and uvctl as a user runs them: real processes, a real socket, real HTTP to a local server.
@Suite("uvd end to end", .serialized)
struct DaemonTests {
    @Test func statusFromTheProvidersThroughTheStore() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        try uvd.waitFor("a forecast") {
            try uvd.uvctl(["status", "--json"]).json()["source"] as? String ?? "model" != "model"
                || (try uvd.server?.requests().count ?? 0) > 0
        }
        try uvd.waitFor("the forecast in the status") { (try uvd.uvctl(["forecast", "--json"]).json()["updatedAt"] as? String) != nil }
        let status = try uvd.uvctl(["status", "--json"]).json()
        for key in ["uvi", "level", "source", "updatedAt", "stale", "location", "burnTimeMinutes", "window", "requestsToday"] {
            #expect(status.keys.contains(key), "status lacks \(key)")
        }
        let location = try #require(status["location"] as? [String: Any])
        #expect(location["name"] as? String == "Sydney")
        #expect(location["latitude"] as? Double == -33.9 && location["longitude"] as? Double == 151.2)
        #expect((status["requestsToday"] as? Int ?? 0) >= 1)
        #expect(status["stale"] as? Bool == false)
        // The request went out rounded and named uvd.
        let request = try #require(try uvd.server?.requests().first { $0["path"] as? String == "/v1/forecast" })
        #expect((request["query"] as? [String: String])?["latitude"] == "-33.9")
        #expect((request["userAgent"] as? String)?.hasPrefix("uvd/") == true)
        // A status query does not cause a request.
        let before = try uvd.server?.requests().count ?? 0
        for _ in 0..<5 { _ = try uvd.uvctl(["status"]) }
        #expect(try uvd.server?.requests().count == before)
    }

    /// Sydney has a station: a refresh lists every station's measured UV.
    @Test func stationsAfterARefresh() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        try uvd.waitFor("the first round") { (try uvd.server?.requests().count ?? 0) > 0 }
        let refresh = try uvd.uvctl(["refresh"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        try uvd.waitFor("station readings") { (try uvd.uvctl(["stations", "--json"]).json()["stations"] as? [Any])?.count == 15 }
        let text = try uvd.uvctl(["stations"]).stdout
        #expect(text.contains("Darwin") && text.contains("4.5 Moderate") && text.contains("updated"))
        #expect(text.contains("ARPANSA"))
        let again = try uvd.uvctl(["refresh"])
        #expect(again.status == 1 && again.stderr.contains("less than 5 minutes ago"))
    }

    @Test func withoutNetworkTheModelAnswersAndSaysSo() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        try uvd.waitFor("a failed fetch") {
            (try uvd.uvctl(["status", "--json"]).json()["note"] as? String)?.contains("no answer") == true
        }
        let status = try uvd.uvctl(["status", "--json"]).json()
        #expect(status["source"] as? String == "model")
        #expect((status["note"] as? String)?.contains("clear-sky model") == true)
        let text = try uvd.uvctl(["status"]).stdout
        #expect(text.contains("modelled") && text.contains("clear-sky model"))
    }

    @Test func acknowledgedSunscreenSurvivesKillNine() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let applied = try uvd.uvctl(["sunscreen", "apply", "--spf", "50", "--quantity", "lots", "--json"])
        #expect(applied.status == 0)
        // The reply and the status agree on when to reapply.
        let reapplyInReply = try applied.json()["reapplyAt"] as? String
        #expect(reapplyInReply != nil)
        #expect((try uvd.uvctl(["status", "--json"]).json()["sunscreen"] as? [String: Any])?["reapplyAt"] as? String == reapplyInReply)
        uvd.kill(SIGKILL)
        try uvd.start()
        let status = try uvd.uvctl(["status", "--json"]).json()
        let sunscreen = try #require(status["sunscreen"] as? [String: Any])
        #expect(sunscreen["spf"] as? String == "50" && sunscreen["quantity"] as? String == "lots")
        #expect(sunscreen["reapplyAt"] is String)
    }

    @Test func brokenConfigIsRefusedAndTheLastGoodOneStays() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        try "[refresh]\ndaily_budget = 12\n".write(to: uvd.configFile, atomically: true, encoding: .utf8)
        #expect(try uvd.uvctl(["reload"]).status == 0)
        try "[refresh]\ndaily_budget = \"lots\"\nbogus = 1\n".write(to: uvd.configFile, atomically: true, encoding: .utf8)
        let reload = try uvd.uvctl(["reload"])
        #expect(reload.status == 78)
        #expect(reload.stderr.contains("config.toml:2:1: refresh.daily_budget"))
        #expect(reload.stderr.contains("config.toml:3:1: unknown key 'bogus'"))
        #expect(reload.stderr.contains("last good configuration stays"))
        let config = try uvd.uvctl(["config", "show", "--json"]).json()
        let entries = try #require(config["entries"] as? [[String: String]])
        let budget = try #require(entries.first { $0["key"] == "refresh.daily_budget" })
        #expect(budget["value"] == "12" && budget["origin"]?.hasSuffix("config.toml:2") == true)
        // Said by status and doctor too, not only in the journal, until the file is mended.
        let said = "Configuration: uvd runs on the last good configuration, as the file has errors: "
        #expect(try uvd.uvctl(["status"]).stdout.contains(said))
        #expect(try uvd.uvctl(["status"]).stdout.contains("(1 more problem)"))
        // SIGHUP takes the same path and the daemon lives on.
        uvd.kill(SIGHUP)
        try uvd.waitFor("the refusal in the log") { uvd.log.contains("keeping the last good one") }
        #expect(try uvd.uvctl(["status"]).status == 0)
        // A restart with the broken file starts on the last good one, not the defaults, and says so.
        uvd.kill(SIGTERM)
        try uvd.start()
        #expect(uvd.log.contains("starting on the last good one"))
        let restarted = try #require(try uvd.uvctl(["config", "show", "--json"]).json()["entries"] as? [[String: String]])
        #expect(restarted.first { $0["key"] == "refresh.daily_budget" }?["value"] == "12")
        let warnings = try #require(try uvd.uvctl(["status", "--json"]).json()["warnings"] as? [String])
        #expect(warnings.contains { $0.hasPrefix(said) && $0.contains("config.toml:2:1: refresh.daily_budget") })
        let doctor = try uvd.uvctl(["doctor"]).stdout
        #expect(doctor.contains("fail  configuration: uvd runs on the last good configuration"))
        #expect(doctor.contains("uvd --check-config names every problem"))
        // Mended and reloaded: nothing more is said.
        try "[refresh]\ndaily_budget = 10\n".write(to: uvd.configFile, atomically: true, encoding: .utf8)
        #expect(try uvd.uvctl(["reload"]).status == 0)
        #expect(try !uvd.uvctl(["status"]).stdout.contains("Configuration:"))
        #expect(try uvd.uvctl(["doctor"]).stdout.contains("ok    configuration"))
    }

    /// A broken file and no copy that ever loaded: uvd starts on the defaults and says so.
    @Test func aBrokenConfigAtFirstStartIsSaid() throws {
        let uvd = try DaemonHarness(providers: false)
        try "colour = \"blue\"\n".write(to: uvd.configFile, atomically: true, encoding: .utf8)
        try uvd.start()
        #expect(uvd.log.contains("starting on the defaults"))
        let status = try uvd.uvctl(["status"]).stdout
        #expect(status.contains("Configuration: uvd runs on the defaults, as the file has errors: "))
        #expect(status.contains("config.toml:1:1: unknown key 'colour'"))
    }

    @Test func noDaemonSaysHowToStartOne() throws {
        let uvd = try DaemonHarness(providers: false)
        let result = try uvd.uvctl(["status"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("systemctl --user start uvd"))
        #expect(try uvd.uvctl(["forecast", "--offline"]).status == 0)
    }

    /// `uvctl status` alone is answered without the parser; `status --` goes through it.
    @Test func statusAloneSaysWhatTheParsedStatusSays() throws {
        let uvd = try DaemonHarness(providers: false)
        let absent = try uvd.uvctl(["status"])
        let parsedAbsent = try uvd.uvctl(["status", "--"])
        #expect(absent.status == 69 && absent.status == parsedAbsent.status)
        #expect(absent.stderr == parsedAbsent.stderr && absent.stdout == parsedAbsent.stdout)
        try uvd.start()
        defer { uvd.kill(SIGTERM) }
        // The UV now moves with the clock: a pair a rounding apart is asked again.
        var pairs: [(ToolRunner.Result, ToolRunner.Result)] = []
        for _ in 0..<3 where pairs.last.map({ $0.0.stdout != $0.1.stdout }) ?? true {
            pairs.append((try uvd.uvctl(["status"]), try uvd.uvctl(["status", "--"])))
        }
        let (alone, parsed) = try #require(pairs.last)
        #expect(alone.status == 0 && parsed.status == 0)
        #expect(alone.stdout == parsed.stdout && alone.stderr == parsed.stderr)
        // The whole status, by day ("Burn time about …") or by night ("No burn risk now"): its skin type line.
        #expect(alone.stdout.hasPrefix("UV ") && alone.stdout.contains("(skin type "), "\(alone.stdout)")
    }

    @Test func locationsAndSavedPlaces() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        #expect(try uvd.uvctl(["location", "set", "Paris, France"]).stdout.contains("Paris, France"))
        #expect(try uvd.uvctl(["location", "add", "Beach", "-33.89,151.28"]).status == 0)
        let status = try uvd.uvctl(["status", "--location", "beach", "--json"]).json()
        #expect((status["location"] as? [String: Any])?["latitude"] as? Double == -33.9)
        let missing = try uvd.uvctl(["status", "--location", "Moon"])
        #expect(missing.status == 64 && missing.stderr.contains("no saved location or city 'Moon'"))
        // A city by its name works without saving it first (the README's first minute).
        #expect(try uvd.uvctl(["forecast", "--location", "Perth"]).stdout.hasPrefix("Perth, Australia"))
        #expect(try uvd.uvctl(["location", "set", "Xyzzyville"]).status == 64)
        // Nothing finer than 0.1° reaches the disk.
        uvd.kill(SIGTERM)
        let bytes = try Data(contentsOf: uvd.database)
        #expect(bytes.range(of: Data("151.28".utf8)) == nil)
    }

    @Test func watchPushesChanges() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let output = uvd.root.appendingPathComponent("watch.out")
        let watch = try ChildProcess(
            ToolRunner.uvctl.executable.path, ["watch", "--format", "waybar"], environment: uvd.environment,
            stdout: output.path, stderr: "/dev/null")
        defer {
            watch.signal(SIGTERM)
            watch.wait()
        }
        func lines() -> [String] { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        try uvd.waitFor("the first line") { !lines().isEmpty }
        let first = lines()[0]
        #expect(first.contains("\"text\":\"UV "))
        _ = try uvd.uvctl(["sunscreen", "apply", "--spf", "30"])
        // Other changes may come first (a provider's answer); the sunscreen's comes.
        try uvd.waitFor("the sunscreen pushed") { lines().dropFirst().contains { $0.contains("reapply-") } }
    }
}

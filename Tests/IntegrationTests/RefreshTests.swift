import Foundation
import TestSupport
import Testing

/// `uvctl refresh` waits for the providers and says what each answered; one provider that
/// never answers delays no other; a provider's Retry-After binds even a forced refresh.
@Suite("uvctl refresh", .serialized)
struct RefreshTests {
    private func requests(_ uvd: DaemonHarness, _ path: String) throws -> Int {
        try uvd.server?.requests().count { $0["path"] as? String == path } ?? 0
    }

    /// ARPANSA never answers; the refresh that asks it (the first round too, in daylight) must not
    /// hold back Open-Meteo's forecast, and says what became of ARPANSA.
    @Test func aProviderThatNeverAnswersDelaysNoOther() throws {
        let uvd = try DaemonHarness(hanging: ["/xml/uvvalues.xml"])
        try uvd.start()
        try uvd.waitFor("the first round") { try requests(uvd, "/v1/forecast") > 0 }
        let refresh = try ChildProcess(
            ToolRunner.uvctl.executable.path, ["refresh"], environment: uvd.environment,
            stdout: uvd.root.appendingPathComponent("refresh.out").path, stderr: "/dev/null")
        try uvd.waitFor("the forecast, while ARPANSA hangs") {
            try uvd.uvctl(["status", "--json"]).json()["source"] as? String ?? "model" != "model"
        }
        try uvd.waitFor("the refresh to end", timeout: 40) { !refresh.isRunning }
        #expect(refresh.wait() == 0)
        let said = try String(contentsOf: uvd.root.appendingPathComponent("refresh.out"), encoding: .utf8)
        #expect(said.contains("open-meteo: "), "\(said)")
        #expect(said.contains("arpansa: a request is under way already") || said.contains("arpansa: no answer: "), "\(said)")
    }

    @Test func eachProviderSaysWhatItAnswered() throws {
        let uvd = try DaemonHarness(failing: ["/xml/uvvalues.xml": "503"])
        try uvd.start()
        // Each request of the first round must have come back (the daemon logs each answer), or
        // the refresh would find it under way instead of asking.
        try uvd.waitFor("the first round's answers") {
            let log = uvd.log
            let arpansaAnswers = log.components(separatedBy: "arpansa: HTTP 503").count - 1
            return try log.contains("open-meteo: forecast for") && requests(uvd, "/xml/uvvalues.xml") == arpansaAnswers
        }
        let refresh = try uvd.uvctl(["refresh"])
        #expect(refresh.status == 0, "\(refresh.stderr)")
        #expect(
            refresh.stdout.contains("open-meteo: not modified since its last answer")
                || refresh.stdout.contains("open-meteo: a forecast for Sydney"), "\(refresh.stdout)")
        #expect(refresh.stdout.contains("arpansa: HTTP 503"), "\(refresh.stdout)")
    }

    /// A refresh asked while the first round's request is still out waits for it and says what
    /// it came to, rather than "under way already" with no word of the failure.
    @Test func aRefreshDuringARequestSaysHowItEnded() throws {
        let uvd = try DaemonHarness(failing: ["/v1/forecast": "503@3", "/v1/air-quality": "503", "/xml/uvvalues.xml": "503"])
        try uvd.start()
        try uvd.waitFor("the first round's request") { try requests(uvd, "/v1/forecast") == 1 }
        let refresh = try uvd.uvctl(["refresh"])
        #expect(refresh.status == 1, "no data came: \(refresh.stdout)")
        #expect(refresh.stdout.contains("open-meteo: HTTP 503"), "\(refresh.stdout)")
        #expect(refresh.stdout.contains("(the request already under way)"), "\(refresh.stdout)")
        #expect(try requests(uvd, "/v1/forecast") == 1, "it waited rather than asking again")
    }

    /// A refresh refused as too soon says what the last one got.
    @Test func aRefreshTooSoonSaysWhatTheLastOneGot() throws {
        let uvd = try DaemonHarness(failing: ["/v1/forecast": "503", "/xml/uvvalues.xml": "503"])
        try uvd.start()
        try uvd.waitFor("the first round's answer") { uvd.log.contains("open-meteo: HTTP 503") }
        _ = try uvd.uvctl(["refresh"])
        let again = try uvd.uvctl(["refresh"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("refreshed less than 5 minutes ago"), "\(again.stderr)")
        #expect(
            again.stderr.range(of: #"The last answers: .*open-meteo at \d{2}:\d{2}: HTTP 503"#, options: .regularExpression) != nil,
            "\(again.stderr)")
    }

    @Test func retryAfterBindsAForcedRefresh() throws {
        let uvd = try DaemonHarness(failing: ["/v1/forecast": "429:3600", "/v1/air-quality": "429:3600", "/xml/uvvalues.xml": "429:3600"])
        try uvd.start()
        // Until the first round has read its 429, Open-Meteo's request is under way (and a refresh
        // says so); the daemon logs the answer in the same turn as the request counts as done.
        try uvd.waitFor("the first round's answer") { uvd.log.contains("open-meteo: HTTP 429") }
        let refresh = try uvd.uvctl(["refresh"])
        #expect(refresh.status == 1)
        #expect(refresh.stdout.contains("open-meteo: not asked: it asked to wait until"), "\(refresh.stdout)")
        #expect(refresh.stdout.contains("(Retry-After)"))
        #expect(try requests(uvd, "/v1/forecast") == 1)
    }
}

/// Status and doctor speak only of the providers that apply to the place, in the place's time.
@Suite("Providers that apply", .serialized)
struct ApplicableProvidersTests {
    @Test func aPlaceWithoutAStationNeverHearsOfARPANSA() throws {
        let uvd = try DaemonHarness(failing: ["/v1/forecast": "503", "/xml/uvvalues.xml": "503"])
        try uvd.start()
        try uvd.waitFor("Open-Meteo's failure") { uvd.log.contains("open-meteo: HTTP 503") }
        _ = try uvd.uvctl(["refresh"])
        try uvd.waitFor("ARPANSA's failure") { uvd.log.contains("arpansa: HTTP 503") }
        #expect(try uvd.uvctl(["location", "set", "London"]).status == 0)
        let status = try uvd.uvctl(["status", "--json"]).json()
        #expect(!((status["note"] as? String) ?? "").contains("arpansa"), "\(status["note"] ?? "")")
        let doctor = try uvd.uvctl(["doctor", "--json"]).json()
        let names = (doctor["checks"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.contains("provider open-meteo") && !names.contains("provider arpansa"), "\(names)")
        let details = (doctor["checks"] as? [[String: Any]])?.compactMap { ($0["fix"] as? String) ?? ($0["detail"] as? String) } ?? []
        #expect(!details.contains { $0.range(of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}"#, options: .regularExpression) != nil }, "\(details)")
    }

    @Test func aRefusedRefreshSaysWhenOnTheClock() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        try uvd.waitFor("the first round") { (try uvd.server?.requests().count ?? 0) > 0 }
        _ = try uvd.uvctl(["refresh"])
        let again = try uvd.uvctl(["refresh"])
        #expect(again.status == 1)
        // The clock's time; with the date when the retry falls on the next day (near midnight).
        #expect(
            again.stderr.range(of: #"try again after (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}\n"#, options: .regularExpression) != nil,
            "\(again.stderr)")
    }
}

/// A new place gets its own forecast at once, not at the hour the previous place's was due again.
@Suite("A new place", .serialized)
struct NewPlaceForecastTests {
    @Test func movingAsksForTheNewPlacesForecastAtOnce() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        let forecasts = { try uvd.server?.requests().filter { $0["path"] as? String == "/v1/forecast" } ?? [] }
        try uvd.waitFor("Sydney's forecast") { try forecasts().count == 1 }
        #expect(try uvd.uvctl(["location", "set", "Perth"]).status == 0)
        try uvd.waitFor("Perth's forecast") {
            try forecasts().contains {
                ($0["query"] as? [String: String])?["latitude"] == "-32" || ($0["query"] as? [String: String])?["latitude"] == "-32.0"
            }
        }
    }
}

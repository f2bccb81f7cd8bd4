import Foundation
import TestSupport
import Testing

/// OpenWeatherMap stands in when Open-Meteo fails, for users with a key kept private.
@Suite("OpenWeatherMap fallback", .serialized)
struct OpenWeatherMapTests {
    /// ARPANSA fails too: its Sydney station, fresh at some hours of the day, would answer first.
    private let scratch = ScratchPath("owm")

    private func harness(keyMode: Int) throws -> DaemonHarness {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let keyFile = scratch.url.appendingPathComponent("key")
        try "0123456789abcdef\n".write(to: keyFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: keyMode], ofItemAtPath: keyFile.path)
        return try DaemonHarness(
            extraConfig: "key_file = \"\(keyFile.path)\"",
            failing: ["/v1/forecast": "503", "/v1/air-quality": "503", "/xml/uvvalues.xml": "503"])
    }

    @Test func answersWhenOpenMeteoFails() throws {
        let uvd = try harness(keyMode: 0o600)
        try uvd.start()
        try uvd.waitFor("the fallback") { try uvd.uvctl(["status", "--json"]).json()["source"] as? String == "openweathermap" }
        let status = try uvd.uvctl(["status", "--json"]).json()
        #expect(status["uvi"] as? Double == 0.2)
        #expect((status["attribution"] as? String)?.contains("OpenWeather") == true)
        let request = try #require(try uvd.server?.requests().first { $0["path"] as? String == "/data/3.0/onecall" })
        #expect((request["query"] as? [String: String])?["appid"] == "0123456789abcdef")
        #expect(!uvd.log.contains("0123456789abcdef"))
    }

    /// A FIFO named as the key file is refused at once, and the log says why (it once said only
    /// "cannot be read").
    @Test func aKeyFileThatIsAFIFOIsRefusedWithoutWaiting() throws {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let fifo = scratch.url.appendingPathComponent("key-fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let uvd = try DaemonHarness(extraConfig: "key_file = \"\(fifo.path)\"")
        try uvd.start()
        try uvd.waitFor("the refusal") { uvd.log.contains("OpenWeatherMap key file \(fifo.path) cannot be read: it is not a regular file") }
    }

    @Test func aKeyOthersCanReadIsRefused() throws {
        let uvd = try harness(keyMode: 0o644)
        try uvd.start()
        try uvd.waitFor("the refusal") { uvd.log.contains("is readable by others (mode 644): chmod 600") }
        #expect(try uvd.server?.requests().contains { $0["path"] as? String == "/data/3.0/onecall" } == false)
    }
}

import Foundation
import TestSupport
import Testing

/// The clear-sky model alone raises no alert while a forecast is still on its way: it once said
/// "UV 12: extreme" right after `uvctl location set`, where the station then measured 6.
@Suite("No alert from the model alone while a forecast is on its way")
struct ModelHoldTests {
    @Test func noAlertWhileCAMSIsStillAsked() throws {
        let uvd = try DaemonHarness(
            zone: "Etc/UTC", failing: ["/v1/forecast": "503", "/xml/uvvalues.xml": "503"], hanging: ["/v1/air-quality"])
        try uvd.start()
        #expect(try uvd.uvctl(["location", "set", LeaveHomeTests.solarNoonPlace]).status == 0)
        try uvd.waitFor("the forecast endpoint's failure") { uvd.log.contains("open-meteo: HTTP 503") }
        // A call goes through the core after the failure's step, which would have said the alert.
        #expect(try uvd.uvctl(["status", "--json"]).json()["source"] as? String == "model")
        #expect(!uvd.log.contains("notify uv-"), "\(uvd.log)")
    }

    /// Once every forecast provider has failed, the model is all there is, and it speaks.
    @Test func theModelSpeaksOnceEveryForecastFailed() throws {
        let uvd = try DaemonHarness(
            zone: "Etc/UTC", failing: ["/v1/forecast": "503", "/v1/air-quality": "503", "/xml/uvvalues.xml": "503"])
        try uvd.start()
        #expect(try uvd.uvctl(["location", "set", LeaveHomeTests.solarNoonPlace]).status == 0)
        try uvd.waitFor("the model's alert") { uvd.log.contains("notify uv-extreme") }
    }
}

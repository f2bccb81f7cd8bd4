import Foundation
import Testing
import UVProtocol
import UVWheel

@testable import UVDaemon

/// The number in the middle of the notifications' mini-wheel and the tray icon is the UV now
/// that `uvctl status` gives, not the hour's value: a notification said "UV 12" beside a
/// wheel reading "11" (KDE Plasma, Recife at 10:49).
@Suite struct WheelCentreTests {
    @Test(arguments: ["2026-01-15T10:40:00+11:00", "2026-01-15T13:20:00+11:00", "2026-01-15T16:50:00+11:00"])
    func theWheelsCentreIsTheStatusUV(_ time: String) async throws {
        let shell = try InProcessCore()
        let now = try #require(ISO8601DateFormatter().date(from: time))
        await shell.startEngine(now: now)
        let status = try await shell.core.read { try $0.status(now: now) }
        let wheel = try #require(await shell.core.state.todaysWheel(now: now))
        #expect(abs(wheel.centre.uvi - status.uvi) < 0.051, "wheel \(wheel.centre.uvi), status \(status.uvi)")
    }
}

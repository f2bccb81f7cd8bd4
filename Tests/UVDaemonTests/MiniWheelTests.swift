import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVNotify
import UVProtocol

@testable import UVDaemon

/// Every notification carries the day's mini-wheel as raw pixels (`image-data`), drawn by the
/// core when it hands the outbox the notification (`SettleCountTests` shows it attached on the core's way).
@Suite("The mini-wheel in notifications")
struct MiniWheelTests {
    @Test func aShownNotificationCarriesTheDaysWheel() async throws {
        let shell = try InProcessCore()
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        await shell.startEngine(now: Date())
        // "UV today" from the tray: the core draws the day and hands it to the outbox.
        await shell.core.send(.tray(.today), at: Date())
        #expect(await eventually { !shell.server.notifications.isEmpty })

        let image = try #require(shell.server.notifications.first?.image)
        #expect(image.width == 96 && image.height == 96 && image.rgba.count == 96 * 96 * 4)
        // Each hour of today's forecast, at the middle of its segment, in its level's colour (but
        // the hour under the notch at now, drawn over it).
        let forecast = try await shell.core.read { try $0.forecast(now: Date(), location: nil, date: nil) }
        let nowHour = WallClock.minuteOfDay(Date(), in: InProcessCore.sydney.timeZone) / 60
        for (hour, info) in forecast.hours.prefix(24).enumerated() where hour != nowHour {
            let angle = (Double(hour) * 15 + 7.5) * .pi / 180
            let x = Int(48 + 35.5 * sin(angle))
            let y = Int(48 - 35.5 * cos(angle))
            let index = (y * 96 + x) * 4
            let expected = Int(UVLevel(uvi: info.uvi).hexColor.dropFirst(), radix: 16) ?? 0
            let colour = image.rgba[index..<index + 3].map { Int($0) }
            let want = [expected >> 16 & 0xFF, expected >> 8 & 0xFF, expected & 0xFF]
            #expect(zip(colour, want).allSatisfy { abs($0 - $1) <= 2 }, "hour \(hour): \(colour) for \(info.level)")
        }
        // A corner is outside the wheel: transparent.
        #expect(image.rgba[3] == 0)
    }
}

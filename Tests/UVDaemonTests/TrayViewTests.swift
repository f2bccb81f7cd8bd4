import Foundation
import Testing
import UVCore
import UVEngine
import UVNotify
import UVProtocol

@testable import UVDaemon

/// What the tray shows, from the status `uvctl status` shows and the situation: the item's
/// status, its title and tooltip, and a menu that offers only what applies.
@Suite("The tray's content")
struct TrayViewTests {
    static let night = ISO8601DateFormatter().date(from: "2026-01-15T23:00:00+11:00")!
    static let noon = ISO8601DateFormatter().date(from: "2026-01-15T09:00:00+11:00")!
    static let calm = TraySituation(waitingPrompt: nil, quiet: false, spf: .spf50, sunscreenOn: false)

    private func status(at now: Date) async throws -> (InProcessCore, StatusInfo) {
        let shell = try InProcessCore()
        await shell.startEngine(now: now)
        return (shell, try await shell.core.read { try $0.status(now: now) })
    }

    @Test func nightIsPassiveMorningActiveAndExtremeNeedsAttention() async throws {
        let (_, night) = try await status(at: Self.night)
        #expect(TrayView.itemStatus(night, Self.calm) == .passive)
        let (_, noon) = try await status(at: Self.noon)
        #expect(TrayView.itemStatus(noon, Self.calm) == .active)
        #expect(TrayView.title(noon).hasPrefix("UV ") && TrayView.title(noon).hasSuffix("· Sydney"))
        #expect(TrayView.tooltip(noon).contains("Burn time about"))
        let (_, extreme) = try await status(at: ISO8601DateFormatter().date(from: "2026-01-15T13:00:00+11:00")!)
        #expect(UVLevel(uvi: extreme.uvi) == .extreme)
        #expect(TrayView.itemStatus(extreme, Self.calm) == .needsAttention)
    }

    /// The tooltip's vitamin-D line is the status's, while the day's best hour is ahead or under
    /// way; once it has passed, the line goes.
    @Test func theVitaminDLineIsTheStatusLineUntilItsHourIsGone() async throws {
        let early = ISO8601DateFormatter().date(from: "2026-01-15T06:30:00+11:00")!
        let (_, morning) = try await status(at: early)
        let vitaminD = try #require(morning.vitaminD)
        let best = try #require(vitaminD.best)
        let line = try #require(
            vitaminD.statusLine(
                now: early, time: { ISOTimestamp(timeZone: vitaminD.location.zone).string($0).dropFirst(11).prefix(5).description },
                day: { _ in "" }))
        #expect(line.hasPrefix("Vitamin D · About \(best.minutes) min with face, arms and hands bare between "))
        #expect(TrayView.tooltip(morning).split(separator: "\n").last.map(String.init) == line)
        let (_, night) = try await status(at: Self.night)
        #expect(!TrayView.tooltip(night).contains("Vitamin D"))
    }

    /// The tray says extreme exactly when the status does: from the level the status carries,
    /// not from its UV rounded to one decimal (10.45 is very high; its 10.5 would round to 11).
    @Test func theTraysExtremeIsTheStatusLevel() async throws {
        var (_, status) = try await status(at: Self.noon)
        status.uvi = 10.5
        status.level = Word(.veryHigh)
        #expect(TrayView.itemStatus(status, Self.calm) == .active)
        status.level = Word(.extreme)
        #expect(TrayView.itemStatus(status, Self.calm) == .needsAttention)
    }

    @Test func aWaitingPromptNeedsAttentionAndOffersTheReminder() async throws {
        let (_, night) = try await status(at: Self.night)
        var waiting = Self.calm
        waiting.waitingPrompt = .rule(.leaveHome)
        #expect(TrayView.itemStatus(night, waiting) == .needsAttention)
        let labels = TrayView.menu(night, waiting).map(\.label)
        #expect(labels.contains("Remind me in 15 min"))
        #expect(!TrayView.menu(night, Self.calm).map(\.label).contains("Remind me in 15 min"))
    }

    @Test func theMenuOffersWhatApplies() async throws {
        let (_, noon) = try await status(at: Self.noon)
        let off = TrayView.menu(noon, Self.calm)
        #expect(off.first?.enabled == false)
        #expect(off.contains { $0.id == TrayAction.applied.id && $0.label == "Applied sunscreen (SPF 50)" })
        #expect(off.contains { $0.id == TrayAction.swim.id && !$0.enabled })
        #expect(off.contains { $0.id == TrayAction.quietTwoHours.id })
        var on = Self.calm
        on.sunscreenOn = true
        on.quiet = true
        let menu = TrayView.menu(noon, on)
        #expect(menu.contains { $0.id == TrayAction.sunscreenOff.id })
        #expect(menu.contains { $0.id == TrayAction.swim.id && $0.enabled })
        #expect(menu.contains { $0.id == TrayAction.quietOff.id })
        #expect(Set(menu.map(\.id)).count == menu.count, "ids are unique")
    }

    /// The icon is drawn again only when what it shows changes.
    @Test func theIconKeyFollowsWhatTheIconShows() async throws {
        let (_, noon) = try await status(at: Self.noon)
        var later = noon
        later.uvi += 0.5
        #expect(TrayView.iconKey(noon) == TrayView.iconKey(noon))
        #expect(TrayView.iconKey(noon) != TrayView.iconKey(later))
    }

    /// Pixels from the wheel's RGBA rows become ARGB32, alpha first.
    @Test func pixmapsAreARGBInNetworkOrder() {
        let pixmap = TrayContent.Pixmap(size: 1, rgba: [10, 20, 30, 255])
        #expect(pixmap.argb == [255, 10, 20, 30])
    }
}

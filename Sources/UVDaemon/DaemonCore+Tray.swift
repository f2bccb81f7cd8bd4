import FoundationEssentials
import Logging
import UVCore
import UVEngine
import UVNotify
import UVWheel

/// The tray's side of the core: what it shows beside the status, its icon, and what a click on
/// its menu does: the notification buttons' own path where a prompt waits, the uvctl commands'
/// otherwise.
extension DaemonCore {
    /// The sizes the icon is drawn at: what panels ask for (16 to 48 px).
    static let trayIconSizes = [16, 22, 24, 32, 48]

    func traySituation(now: Date) -> TraySituation {
        let prompt = [Subject.leaveHome, .reapply].first { engine.live.contains($0) }
        return TraySituation(
            waitingPrompt: prompt, quiet: engine.isQuiet(at: now), spf: user.profile.defaultSPF, sunscreenOn: user.sunscreen != nil)
    }

    /// Today's mini-wheel (`todaysWheel`) at each of `trayIconSizes`, ARGB32 in network order.
    func trayIcon(now: Date) -> [TrayContent.Pixmap] {
        guard let model = todaysWheel(now: now) else { return [] }
        return Self.trayIconSizes.map { size in
            TrayContent.Pixmap(size: size, rgba: WheelRaster.render(model, size: size, samples: 2).rgba)
        }
    }

    /// A menu entry clicked. A refusal (no sunscreen to take off) is logged: the menu offers
    /// only what applies, so one comes only from a menu a host had not refreshed yet.
    func trayClicked(_ action: TrayAction, now: Date) {
        let prompt = traySituation(now: now).waitingPrompt
        do {
            switch action {
            case .applied:
                if let prompt {
                    answered(prompt, .pressed(.applied), now: now)
                } else {
                    _ = try applySunscreen(spf: nil, quantity: nil, activity: nil, at: now, now: now)
                }
            case .sunscreenOff: try removeSunscreen(now: now)
            case .swim: _ = try recordWater(now: now)
            case .remind: if let prompt { answered(prompt, .pressed(.remind), now: now) }
            case .quietTwoHours: _ = try quietNow(minutes: 120, now: now)
            case .quietOff: _ = try quietOff(now: now)
            case .today: showToday(now: now)
            }
            log.info("tray: \(action)")
        } catch {
            log.warning("tray: \(action): \(error.message)")
        }
    }

    /// "UV today": the day's window and peak as a notification with the wheel, as the morning
    /// summary says them.
    private func showToday(now: Date) {
        let facts = engine.facts(now: now)
        let meaning: AlertMeaning =
            if let window = facts.window {
                .morning(window: window, peakUVI: facts.peak?.uvi, peakAt: facts.peak?.at, yesterdayBurnDosePercent: nil)
            } else {
                .said(summary: tr("UV today"), body: tr("No sunscreen window: UV stays low all day."))
            }
        let alert = Alert(subject: .today, rule: .morning, meaning: meaning, urgency: .low, actions: [])
        let presented = Presenter(engine).present(alert)
        outbox?.post(.init(change: .show(presented), at: now, zone: engine.timeZoneIdentifier, picture: miniWheel(now: now)))
    }
}

import FoundationEssentials
import UVCore
import UVEngine
import UVNotify
import UVWheel

/// The tray's side of the core: what its menu offers beside the status, and its icon (a click is
/// an event: `Core.trayClicked`).
extension Core {
    /// The sizes the icon is drawn at: what panels ask for (16 to 48 px).
    static let trayIconSizes = [16, 22, 24, 32, 48]

    func traySituation(now: Date) -> TraySituation {
        let prompt = [Subject.rule(.leaveHome), .rule(.reapply)].first { engine.live.contains($0) }
        return TraySituation(
            waitingPrompt: prompt, quiet: engine.isQuiet(at: now), spf: user.profile.defaultSPF, sunscreenOn: !user.sunscreen.isEmpty,
            isOut: outside.isOutside)
    }

    /// Today's mini-wheel (`todaysWheel`) at each of `trayIconSizes`, ARGB32 in network order.
    func trayIcon(now: Date) -> [TrayContent.Pixmap] {
        guard let model = todaysWheel(now: now) else { return [] }
        return Self.trayIconSizes.map { size in
            TrayContent.Pixmap(size: size, rgba: WheelRaster.render(model, size: size, samples: 2).rgba)
        }
    }
}

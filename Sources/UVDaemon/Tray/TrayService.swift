import FoundationEssentials
import Logging
import UVCore
import UVNotify
import UVPlatform
import UVProtocol

/// The tray item: shows what the core's status and situation say (the icon drawn again only
/// when what it shows changes), and takes clicks to the core. Nothing runs for it without a tray
/// host: the item waits for a watcher on the bus (`StatusNotifierItem`).
struct TrayService: Service {
    let core: CoreShell
    let item: StatusNotifierItem
    let log: Logger

    /// The last status and situation, and the icon's key: what the two streams update.
    private actor Shown {
        var status: StatusInfo?
        var situation: TraySituation?
        var iconKey: String?

        func take(_ status: StatusInfo) { self.status = status }
        func take(_ situation: TraySituation) { self.situation = situation }
        /// Whether the icon must be drawn again for `status`.
        func iconChanged(_ status: StatusInfo) -> Bool {
            let key = TrayView.iconKey(status)
            defer { iconKey = key }
            return key != iconKey
        }
    }

    func run() async throws {
        await untilGracefulShutdown(show)
    }

    @Sendable private func show() async {
        let shown = Shown()
        // The status and the situation often change together (a click puts sunscreen on): each
        // stream only takes what it hears and asks for the item to be shown again; one loop
        // shows the latest of both, so an older view never lands after a newer one.
        let (changes, changed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await takeClicks() }
            group.addTask {
                for await status in await core.subscribe(now: core.now, wantsMeasurements: false) {
                    await shown.take(status)
                    changed.yield()
                }
                changed.finish()
            }
            group.addTask {
                for await situation in await core.traySituations(now: core.now) {
                    await shown.take(situation)
                    changed.yield()
                }
            }
            group.addTask {
                for await _ in changes {
                    await present(shown)
                    guard let status = await shown.status else { continue }
                    if await shown.iconChanged(status) {
                        let now = core.now
                        await item.show(icon: await core.read { $0.trayIcon(now: now) })
                    }
                }
            }
        }
    }

    private func present(_ shown: Shown) async {
        guard let status = await shown.status, let situation = await shown.situation else { return }
        await item.show(TrayView.content(status, situation))
    }

    private func takeClicks() async {
        for await event in item.events {
            switch event {
            case .activated: await core.send(.tray(.today))
            case .clicked(let id):
                guard let action = TrayAction(rawValue: id) else { continue }
                await core.send(.tray(action))
            case .host(let host):
                await core.send(.trayHost(host))
                log.info("\(host.map { "tray: shown by \($0.program ?? $0.busName)" } ?? "tray: no tray host on the bus")")
            }
        }
    }
}

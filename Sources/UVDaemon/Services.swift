import Foundation
import Logging
import ServiceLifecycle
import UnixSignals
import UVPlatform

/// Serves the control socket until shutdown.
struct ControlSocketService: Service {
    let server: VarlinkServer

    func run() async throws {
        await cancelWhenGracefulShutdown { await server.run() }
    }
}

/// Fetches when due, pushes status changes, sleeps until the next deadline or a doorbell ring.
/// Sleeps are capped at 15 minutes so that a wall-clock jump or a resume is noticed.
struct RefreshService: Service {
    let core: DaemonCore
    let onUpdate: @Sendable (DaemonCore) async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let now = Date()
                let next = await core.refreshIfDue(now: now)
                await core.pushIfChanged(now: Date())
                await onUpdate(core)
                let nextQuarter = (Date().timeIntervalSince1970 / 900).rounded(.down) * 900 + 900
                let wake = min(next.timeIntervalSinceNow, nextQuarter - Date().timeIntervalSince1970, 900)
                await core.doorbell.wait(for: .milliseconds(Int64(max(1, wake) * 1000)))
            }
        }
    }
}

/// SIGHUP: re-read the configuration, telling systemd while it happens.
struct ReloadOnHangupService: Service {
    let core: DaemonCore
    let log: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            for await _ in await UnixSignalsSequence(trapping: .sighup) {
                Systemd.notifyReloading()
                do { _ = try await core.reload() } catch { log.error("\(error)") }
                Systemd.notify("READY=1")
            }
        }
    }
}

/// `WATCHDOG=1` at half the unit's WatchdogSec, while the process is healthy enough to run it.
struct WatchdogService: Service {
    let interval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                Systemd.notify("WATCHDOG=1")
                try? await Task.sleep(for: interval)
            }
        }
    }
}

/// Asks GeoClue once, after READY, so that starting never waits on it.
struct LocateService: Service {
    let core: DaemonCore
    let log: Logger

    func run() async throws {
        guard await core.wantsGeoClue else { return }
        // GeoClue's conversation blocks (at most 2 s): keep it off the cooperative threads.
        let answer = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: GeoClue.locate()) }
        }
        switch answer {
        case .success(let coordinate):
            await core.useGeoClue(coordinate)
        case .failure(let reason):
            log.info("GeoClue: \(reason); using the time zone's place")
        }
    }
}

/// The rule engine's loop: brings it up to date, then wakes it at the deadline it asks for (or
/// when the wall clock changes) and hands it every press from the notification server.
struct EngineService: Service {
    let core: DaemonCore
    let outbox: NotificationOutbox
    let log: Logger

    func run() async throws {
        await core.startEngine(outbox: outbox, now: Date())
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await outbox.listen() }
                group.addTask { await outbox.deliverPosted() }
                group.addTask {
                    while !Task.isCancelled {
                        do {
                            let wake = try await core.engineTimer.wait()
                            await core.engineTimerFired(clockChanged: wake == .clockChanged, now: Date())
                        } catch {
                            if !Task.isCancelled { log.error("engine timer: \(error)") }
                            return
                        }
                    }
                }
                await group.waitForAll()
            }
        }
    }
}

/// Reports each change of the system's time zone to the core.
struct TimeZoneService: Service {
    let core: DaemonCore
    let changes: AsyncStream<String>

    func run() async throws {
        await cancelWhenGracefulShutdown {
            for await zone in changes { await core.systemTimeZoneChanged(to: zone, now: Date()) }
        }
    }
}

/// Reports the default route to the core each time it changes.
struct NetworkService: Service {
    let core: DaemonCore
    let watch: NetworkWatch

    func run() async throws {
        await cancelWhenGracefulShutdown {
            for await route in watch.routes() {
                // NetworkManager's answer can take up to 500 ms: keep it off the cooperative threads.
                let primary = await withCheckedContinuation { continuation in
                    DispatchQueue.global().async { continuation.resume(returning: NetworkManager.primary()) }
                }
                await core.networkChanged(route, networkManager: primary, now: Date())
            }
        }
    }
}

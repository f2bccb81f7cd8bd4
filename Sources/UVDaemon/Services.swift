import FoundationEssentials
import Glibc
import Logging
import UVPlatform
import UVVarlink

/// Serves the control socket until shutdown.
struct ControlSocketService: DaemonService {
    let server: VarlinkServer

    func run() async throws {
        await server.run()
    }
}

/// The daemon's signals: SIGHUP re-reads the configuration, telling systemd while it happens;
/// SIGTERM or SIGINT ends this service, which ends the group.
struct SignalService: DaemonService {
    let core: CoreShell
    let signals: SignalWatch
    let log: Logger

    func run() async throws {
        while let signal = try? await signals.next() {
            guard signal == SIGHUP else {
                log.info("signal \(signal): stopping")
                return
            }
            Systemd.notifyReloading()
            do { _ = try await core.reload() } catch { log.error("\(error)") }
            Systemd.notify("READY=1")
        }
    }
}

/// `WATCHDOG=1` at half the unit's WatchdogSec, while the process is healthy enough to run it.
struct WatchdogService: DaemonService {
    let interval: Duration

    func run() async throws {
        while !Task.isCancelled {
            Systemd.notify("WATCHDOG=1")
            try? await EventLoop.sleep(for: interval)
        }
    }
}

/// Asks GeoClue once, after READY, so that starting never waits on it.
struct LocateService: DaemonService {
    let core: CoreShell
    let log: Logger

    func run() async throws {
        guard await core.wantsGeoClue else { return }
        // GeoClue's conversation blocks (at most 2 s): keep it off the executor's threads.
        let answer = await OffThread.run { GeoClue.locate() }
        switch answer {
        case .success(let coordinate):
            await core.send(.geoClue(coordinate), at: Date())
        case .failure(let reason):
            log.info("GeoClue: \(reason); using the time zone's place")
        }
    }
}

/// The daemon's loop: brings the engine up to date, then waits on the one timer (the engine's next
/// deadline, the next refresh round, or a change of the wall clock) and hands what came to the
/// core; a due refresh round runs beside it, and the notification server's presses and the
/// outbox's deliveries on tasks of their own.
struct CoreLoopService: DaemonService {
    let core: CoreShell
    let timer: WallClockTimer
    let outbox: NotificationOutbox
    let log: Logger
    /// After each refresh round (systemd's status line).
    let onRefresh: @Sendable (CoreShell) async -> Void

    func run() async throws {
        await core.startEngine(outbox: outbox, now: Date())
        await withDiscardingTaskGroup { group in
            group.addTask { await outbox.listen() }
            group.addTask { await outbox.deliverPosted() }
            var rules = ExecutorRuleWatch()
            while !Task.isCancelled {
                rules.report(log)
                let wake: WallClockTimer.Wake
                do { wake = try await timer.wait() } catch {
                    if !Task.isCancelled { DaemonStop.fail(because: "uvd's timer cannot be read (\(error))", log: log) }
                    break
                }
                let now = Date()
                let due = await core.timerFired(clockChanged: wake == .clockChanged, now: now)
                if due.deliveryRetry { await outbox.kick() }
                guard due.refreshRound else { continue }
                group.addTask {
                    await core.runScheduledRefresh(now: now)
                    await onRefresh(core)
                }
            }
            group.cancelAll()
        }
    }
}

/// Reports each change of the system's time zone to the core.
struct TimeZoneService: DaemonService {
    let core: CoreShell
    let changes: AsyncStream<String>

    func run() async throws {
        for await zone in changes { await core.send(.systemTimeZone(zone), at: Date()) }
    }
}

/// Reports the default route to the core each time it changes.
struct NetworkService: DaemonService {
    let core: CoreShell
    let watch: NetworkWatch

    func run() async throws {
        for await route in watch.routes() {
            // NetworkManager's answer can take up to 500 ms: keep it off the executor's threads.
            let primary = await OffThread.run { NetworkManager.primary() }
            await core.send(.route(route, primary: primary), at: Date())
        }
    }
}

import FoundationEssentials
import Glibc
import Logging
import UVBus
import UVCore
import UVPlatform
import UVVarlink

/// Work that runs until a graceful shutdown cancels it: the control socket's server (the first
/// to stop: no call is taken after), the provider requests the core's refresh rounds send (each
/// a child of it, cancelled with it).
struct UntilShutdownService: Service {
    let work: @Sendable () async -> Void

    func run() async throws {
        await untilGracefulShutdown(work)
    }
}

/// The daemon's signals, read from uvd's own signalfd (libdispatch's signal sources would wake
/// uvd every second): SIGHUP re-reads the configuration, telling systemd while it happens;
/// SIGTERM or SIGINT ends this service, which starts the group's graceful shutdown.
struct SignalService: Service {
    let core: CoreShell
    let signals: SignalWatch
    let log: Logger

    func run() async throws {
        await untilGracefulShutdown(takeSignals)
    }

    @Sendable private func takeSignals() async {
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

/// Asks GeoClue once, after READY, so that starting never waits on it.
struct LocateService: Service {
    let core: CoreShell
    let log: Logger

    func run() async throws {
        await untilGracefulShutdown(locate)
    }

    @Sendable private func locate() async {
        guard await core.wantsGeoClue else { return }
        // GeoClue's conversation blocks (at most 2 s): keep it off the executor's threads.
        let answer = await OffThread.run { GeoClue.locate() }
        switch answer {
        case .success(let coordinate):
            await core.send(.geoClue(GeoCluePosition(lookingUp: coordinate)))
        case .failure(let reason):
            log.info("GeoClue: \(reason); using the time zone's place")
        }
    }
}

/// The daemon's loop: brings the engine up to date, then waits on the one timer (the engine's next
/// deadline, the next refresh round, or a change of the wall clock) and hands what came to the
/// core. At a graceful shutdown it stops waiting.
struct CoreLoopService: Service {
    let core: CoreShell
    let timer: WallClockTimer
    let log: Logger

    func run() async throws {
        await core.startEngine(now: core.now)
        await untilGracefulShutdown(loop)
    }

    @Sendable private func loop() async {
        var rules = ExecutorRuleWatch()
        while !Task.isCancelled {
            rules.report(log)
            let wake: WallClockTimer.Wake
            do { wake = try await timer.wait() } catch {
                if !Task.isCancelled { DaemonStop.fail(because: "uvd's timer cannot be read (\(error))", log: log) }
                return
            }
            await core.timerFired(clockChanged: wake == .clockChanged, now: core.now)
        }
    }
}

/// The notifications: the server's calls the outbox decides, its answers and its news
/// (`NotificationDriver.run`), each handed to the core. The last to stop at a graceful shutdown:
/// the call under way ends first (at most `NotificationDriver.stopWait`), so the ids the server
/// gave are kept.
struct NotificationService: Service {
    let driver: NotificationDriver
    let core: CoreShell

    func run() async throws {
        await driver.run { event in await core.send(event) }
    }
}

/// Reports each change of the system's time zone to the core.
struct TimeZoneService: Service {
    let core: CoreShell
    let changes: SystemTimeZone.Changes

    func run() async throws {
        await untilGracefulShutdown { [changes, core] in
            for await zone in changes { await core.send(.systemTimeZone(Self.place(of: zone))) }
        }
    }

    /// The place a time zone stands for (its zone1970.tab entry), read from the tz database
    /// here, at the edge, so that the core reads none.
    static func place(of identifier: String) -> Place {
        Place.of(timeZone: Zone(identifier: identifier) ?? .utc)
    }
}

/// Reports the default route to the core each time it changes.
struct NetworkService: Service {
    let core: CoreShell
    let watch: NetworkWatch

    func run() async throws {
        let routes = watch.routes()
        await untilGracefulShutdown { [core] in
            for await route in routes {
                // NetworkManager's answer can take up to 500 ms: keep it off the executor's threads.
                let primary = await OffThread.run { NetworkManager.primary() }
                await core.send(.route(route, primary: primary))
            }
        }
    }
}

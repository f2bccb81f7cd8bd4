import FoundationEssentials
import Logging
import UVBus
import UVConfig
import UVCore
import UVNotify
import UVPlatform
import UVProtocol
import UVProviders
import UVStore
import UVVarlink

#if canImport(Glibc)
    import Glibc
#endif

/// Starts uvd: logging, configuration, the store, the control socket, the refresh loop; then
/// READY=1, and runs until SIGTERM or SIGINT.
public enum Daemon {
    public static func run(paths: XDGPaths, httpClient: any HTTPClient = ChildProcessHTTPClient()) async throws {
        unblockSignals()
        let signals = try SignalWatch([SIGTERM, SIGINT, SIGHUP])
        umask(0o077)
        let log = makeLogger()
        // The language is chosen and its catalog read here, as uvd starts: the words the core
        // makes (`tr`) read neither the environment nor a file.
        _ = Localization.catalog

        let lock = try prepareDirectories(paths)
        if let problem = lock.pidNotRecorded {
            log.warning("instance lock: cannot record uvd's pid (\(problem)); a second uvd will not be able to name this one")
        }
        for sentence in StateDirectory.adoptFormerState(paths) { log.notice("\(sentence)") }
        let store = try Store(path: paths.database)
        let (loaded, problem) = ConfigLoader.loadKeepingLastGood(file: paths.configFile, lastGood: paths.lastGoodConfig)
        let configTrouble = problem.map { problem in
            ConfigTrouble(
                problem: problem, fallback: FileManager.default.fileExists(atPath: paths.lastGoodConfig.path) ? .lastGood : .defaults)
        }
        if let configTrouble {
            let kept = configTrouble.fallback == .lastGood ? "the last good one (\(paths.lastGoodConfig.path))" : "the defaults"
            log.error("configuration has errors; starting on \(kept):\n\(configTrouble.problem)")
        }
        if let recovery = store.recovery { log.error("\(recovery.summary)") }
        if let lost = store.lostWrites { log.error("\(lost.summary)") }
        let timer = try WallClockTimer()
        let iconDirectory = paths.runtimeDirectory.path
        let driver = NotificationDriver(server: DeferredNotificationServer { notificationServer(iconDirectory: iconDirectory, log: log) })
        let core = try CoreShell(
            store: store, driver: driver, configFile: paths.configFile, lastGoodConfig: paths.lastGoodConfig, loaded: loaded,
            configTrouble: configTrouble,
            httpClient: httpClient,
            timer: timer,
            systemPlace: TimeZoneService.place(of: SystemTimeZone().identifier()), log: log,
            now: CoreClocks.system.wall(),
            watchdog: Systemd.watchdogPingInterval)

        let listener: UnixListener
        if let inherited = Systemd.listenFDs().first, let adopted = Self.adopt(inherited, log: log) {
            listener = adopted
            log.info("control socket from the service manager")
        } else {
            listener = try UnixListener(path: paths.runtimeDirectory.socketPath)
            log.info("control socket at \(paths.runtimeDirectory.socketPath)")
        }
        let server = VarlinkServer(
            listener: listener, service: ControlService(core: core), interfaceName: UVDInterface.name,
            interfaceDescription: UVDInterface.description,
            info: .init(
                vendor: "uvd", product: "uvd", version: UVDVersion.string, url: "https://github.com/uvd/uvd",
                interfaces: ["org.varlink.service", UVDInterface.name]),
            log: { log.warning("\($0)") })

        // Started together; at a graceful shutdown each is stopped in the reverse of this order,
        // each awaited before the next: the control socket first (no call is taken after), the
        // notifications last (the call under way ends, so the ids the server gave are kept).
        var services: [ServiceGroup.Member] = [
            .init(name: "notifications", service: NotificationService(driver: driver, core: core)),
            .init(name: "core loop", service: CoreLoopService(core: core, timer: timer, log: log)),
            .init(name: "provider requests", service: UntilShutdownService { await core.sendRequests() }),
        ]
        do {
            services.append(
                .init(name: "network watch", service: NetworkService(core: core, watch: try NetworkWatch(reader: RouteReader()))))
        } catch {
            log.error("network watch: cannot open rtnetlink (\(error)); leave-home alerts are off")
        }
        do {
            services.append(.init(name: "time zone watch", service: TimeZoneService(core: core, changes: try SystemTimeZone().changes())))
        } catch {
            log.error("time zone watch: cannot watch /etc/localtime (\(error)); a new system time zone counts from the next start")
        }
        if let tray = await startTray(loaded.configuration, log: log) {
            services.append(.init(name: "tray", service: TrayService(core: core, item: tray, log: log)))
        }
        // Asking GeoClue once is its job done, not a reason to stop; the signal service ends at
        // SIGTERM or SIGINT, which starts the graceful shutdown.
        services.append(.init(name: "GeoClue", service: LocateService(core: core, log: log), endStopsGroup: false))
        services.append(.init(name: "signals", service: SignalService(core: core, signals: signals, log: log)))
        services.append(.init(name: "control socket", service: UntilShutdownService { await server.run() }))

        // Ready once the socket listens and the core stands; the status line (a whole status
        // computation) follows rather than delaying it.
        Systemd.notify("READY=1")
        let readyAt = core.now
        let status = await core.read { $0.summary(now: readyAt) }
        Systemd.notify("STATUS=\(status)")
        log.info("ready: \(status)")

        // No signals of its own: uvd's signalfd (SignalService) starts the graceful shutdown.
        if let failure = await ServiceGroup(members: services).run() { log.error("\(failure); stopping") }
        // What still waits for a delivery to end is kept now, then the database checkpointed,
        // and a test notification still waiting withdrawn: its buttons would answer no one.
        await core.stop(now: core.now)
        store.checkpoint()
        await driver.withdrawTest()
        withExtendedLifetime(lock) {}
        Systemd.notify("STOPPING=1")
        log.info("stopped")
        try DaemonStop.check()
    }

    /// The runtime directory (refused when it is the /tmp fallback and not uvd's own), the lock
    /// that keeps uvd to one instance, then the state and configuration directories, all 0700.
    static func prepareDirectories(_ paths: XDGPaths) throws -> InstanceLock {
        let advice =
            paths.runtimeDirectory.isFallback
            ? tr("set XDG_RUNTIME_DIR to a directory of your own (the user manager sets /run/user/%1$@), or remove it", getuid()) : nil
        try PrivateDirectory.prepare(paths.runtimeDirectory.path, strict: paths.runtimeDirectory.isFallback, advice: advice)
        let lock = try InstanceLock(directory: paths.runtimeDirectory.path)
        try StateDirectory.prepare(paths)
        if FileManager.default.fileExists(atPath: paths.config.path) { try PrivateDirectory.prepare(paths.config.path) }
        return lock
    }

    /// The socket the service manager passed, or nil (said in the log) when the descriptor is no
    /// listening socket: then uvd binds its own.
    static func adopt(_ descriptor: Int32, log: Logger) -> UnixListener? {
        do {
            return try UnixListener(inheriting: descriptor)
        } catch {
            log.error("socket activation: \(error); binding a socket of its own instead")
            return nil
        }
    }

    /// libnotify's server, or, when the desktop libraries cannot be opened, one that says why at
    /// every call while the daemon goes on without notifications, the tray or GeoClue.
    static func notificationServer(iconDirectory: String, log: Logger) -> any NotificationServer {
        guard let problem = DesktopLibraries.problem else { return LibNotifyServer(iconDirectory: iconDirectory) }
        log.error("\(problem): notifications, the tray, GeoClue and NetworkManager are off; the status and the store go on")
        return UnreachableNotificationServer(reason: problem)
    }

    /// The tray item, unless `[tray] enabled = false` or there is no session bus (`SessionBus.address`,
    /// GLib's own rule): without one, GLib would start a private bus of its own where no tray host
    /// can ever be.
    static func startTray(_ configuration: Configuration, log: Logger) async -> StatusNotifierItem? {
        guard configuration.trayEnabled else { return nil }
        guard SessionBus.address() != nil else {
            log.info("tray: no session bus")
            return nil
        }
        // Only with a bus to show it on are GLib and libnotify opened for it.
        guard DesktopLibraries.problem == nil else { return nil }
        return await StatusNotifierItem.start()
    }

    /// The journal with structured fields when stderr is the journal, else plain lines on stderr.
    static func makeLogger() -> Logger {
        let journal = Systemd.stderrIsJournal
        LoggingSystem.bootstrap { label in
            if journal { return JournalLogHandler(identifier: "uvd") }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        return Logger(label: "uvd")
    }

    /// A parent may have left these blocked (the mask is inherited); uvd must be able to stop and reload.
    static func unblockSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}

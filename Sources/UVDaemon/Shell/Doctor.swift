import FoundationEssentials
import UVBus
import UVCore
import UVNotify
import UVPlatform
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// `uvctl doctor`: each part of uvd's surroundings, ok, warn or fail, with the fix. It reads what
/// the core knew when asked (`Facts`, taken in one step on the core) and asks the bus, the
/// notification server and the kernel itself; so no answer mixes the core's state from before and
/// after an await, and the core keeps answering while the doctor waits on a slow server.
struct Doctor {
    /// What the core knew when the doctor was asked.
    struct Facts: Sendable {
        /// One provider that applies to the place, with what the doctor says of it.
        struct Provider: Sendable {
            var source: UVSource
            var health: ProviderHealth
            /// The nearby station's readings are not believed (one value while the Sun moved).
            var stationFrozen: Bool
            /// The last value left out of its answers, and when.
            var screened: (line: String, at: Date)?
        }

        /// Whether the tray item is published, and who shows it.
        enum Tray: Sendable {
            /// Off in config.toml, or not started (no session bus).
            case off
            /// Published; the host's name when one shows it.
            case running(TrayHost?)
        }

        var now: Date
        var clock: PlaceClock
        var storeRecovery: StoreRecovery?
        /// Acknowledged writes a damaged `-wal` took, found at the start.
        var lostWrites: LostWrites?
        /// The store's database file.
        var storePath: String
        /// The configuration file, and its errors while uvd runs on something else.
        var configFile: String
        var configTrouble: ConfigTrouble?
        var engineStateProblem: SavedStateProblem?
        var place: Place
        var providers: [Provider]
        var classifier: InterfaceClassifier
        var connection: Connection
        /// The home Wi-Fi's id, when one is marked.
        var homeNetwork: String?
        var tray: Tray
    }

    let facts: Facts
    /// The notification server's side.
    let driver: NotificationDriver
    /// Tells the core that do-not-disturb was read off: what it held may go now.
    let heldMayGo: @Sendable () async -> Void

    func checks() async -> [CheckInfo] {
        var checks = [CheckInfo(name: tr("control socket"), result: .ok, detail: tr("uvd %1$@ answers", UVDVersion.string))]
        checks += await notificationChecks()
        checks += await networkChecks()
        checks.append(locationCheck())
        checks += providerChecks()
        checks.append(systemdCheck())
        if let sandbox = sandboxCheck() { checks.append(sandbox) }
        if let tray = trayCheck() { checks.append(tray) }
        checks.append(configurationCheck())
        checks.append(stateCheck())
        if let readers = readersCheck() { checks.append(readers) }
        return checks
    }

    private func configurationCheck() -> CheckInfo {
        guard let trouble = facts.configTrouble else {
            let detail =
                FileManager.default.fileExists(atPath: facts.configFile)
                ? tr("%1$@ is in force, without errors", facts.configFile) : tr("no %1$@: the defaults are in force", facts.configFile)
            return CheckInfo(name: tr("configuration"), result: .ok, detail: detail)
        }
        return CheckInfo(name: tr("configuration"), result: .fail, detail: trouble.summary, fix: ConfigTrouble.fix)
    }

    /// Another program holding the database open (`sqlite3`, a backup): writes do not wait for
    /// it, but they stay in the `-wal` until it lets go.
    private func readersCheck() -> CheckInfo? {
        let files = [facts.storePath, facts.storePath + "-shm", facts.storePath + "-wal"]
        let holders = FileLockHolders.holders(of: files)
        guard !holders.isEmpty else { return nil }
        let named = holders.map { tr("pid %1$@ (%2$@)", $0.pid, $0.name) }.joined(separator: ", ")
        return CheckInfo(
            name: tr("database"), result: .warn,
            detail: tr(
                "another process holds %1$@ open: %2$@; uvd's writes go on, kept in its write-ahead log until that process lets go",
                facts.storePath, named),
            fix: tr("end the reading transaction there (or close that program) when you are done looking"))
    }

    private func stateCheck() -> CheckInfo {
        if let lost = facts.lostWrites {
            return CheckInfo(
                name: tr("state"), result: .warn, detail: lost.summary,
                fix: tr(
                    "set again what was lost (uvctl history and uvctl status show what uvd has); delete the kept log to stop this notice"))
        }
        if let engineStateProblem = facts.engineStateProblem {
            return CheckInfo(
                name: tr("state"), result: .warn, detail: engineStateProblem.summary,
                fix: tr("nothing to do: mutes, snoozes and quiet hours set before are to be set again"))
        }
        guard let recovery = facts.storeRecovery else {
            return CheckInfo(name: tr("state"), result: .ok, detail: tr("the database passed its integrity check"))
        }
        return CheckInfo(
            name: tr("state"), result: .warn, detail: recovery.summary,
            fix: tr("nothing to do; this is said until you delete the old files"))
    }

    private func notificationChecks() async -> [CheckInfo] {
        guard let address = SessionBus.address() else {
            return [
                CheckInfo(
                    name: tr("session bus"), result: .fail, detail: tr("no D-Bus session bus: notifications cannot be shown"),
                    fix: tr(
                        "run uvd inside your desktop session (systemctl --user start uvd); with a hand-started session bus, systemctl --user import-environment DBUS_SESSION_BUS_ADDRESS"
                    ))
            ]
        }
        var checks = [CheckInfo(name: tr("session bus"), result: .ok, detail: address)]
        if let problem = await notificationServerStarts() {
            return checks + [problem]
        }
        // Each question to the server has its own deadline: one that is slow to answer is said
        // to be, rather than holding the whole answer (and the user) for D-Bus's 25 s.
        guard let server = await firstWithin(Self.questionLimit, { await driver.serverState() }) else {
            return checks + [
                CheckInfo(
                    name: tr("notification server"), result: .warn,
                    detail: tr("did not answer within %1$@ s", Self.questionLimit.components.seconds),
                    fix: tr("it may be busy or stuck; if this stays, restart it (or log out and in)"))
            ]
        }
        switch server {
        case .success(let info):
            let what = tr("%1$@ %2$@ (%3$@): %4$@", info.name, info.version, info.vendor, info.capabilities.joined(separator: ", "))
            checks.append(
                info.supportsActions
                    ? CheckInfo(name: tr("notification server"), result: .ok, detail: what)
                    : CheckInfo(
                        name: tr("notification server"), result: .warn, detail: tr("%1$@; no buttons", what),
                        fix: tr(
                            "the notifications name the uvctl commands instead; a server with actions (dunst, mako, GNOME, KDE) shows buttons"
                        )))
            switch await firstWithin(Self.questionLimit, { await driver.doNotDisturb() }) {
            case nil:
                checks.append(
                    CheckInfo(
                        name: tr("do not disturb"), result: .warn,
                        detail: tr("could not be read within %1$@ s", Self.questionLimit.components.seconds)))
            case let state?? where state.isOn:
                checks.append(
                    CheckInfo(
                        name: tr("do not disturb"), result: .warn,
                        detail: tr("on, says %1$@: only critical alerts are shown", state.source),
                        fix: tr("turn it off: %1$@", state.turningOff)))
            case let state??:
                checks.append(CheckInfo(name: tr("do not disturb"), result: .ok, detail: tr("off, says %1$@", state.source)))
                // A server whose end of do-not-disturb went unsignalled: what it held goes now.
                await heldMayGo()
            case .some(nil):
                checks.append(
                    CheckInfo(
                        name: tr("do not disturb"), result: .warn,
                        detail: tr(
                            "%1$@ has no do-not-disturb uvd can read: what uvd says is sent to it even while it holds pop-ups", info.name),
                        fix: tr(
                            "to have uvd hold its notifications instead, use quiet hours: uvctl quiet now 2h (or uvctl quiet set 22:00-07:00)"
                        )))
            }
        case .failure(let failure):
            checks.append(
                CheckInfo(
                    name: tr("notification server"), result: .fail, detail: failure.description,
                    fix: tr("start a notification server (your desktop's, dunst or mako); uvd keeps what it has to say until one answers")))
        }
        return checks
    }

    /// How long each question (to the bus, the notification server, the kernel) may take; with
    /// the start of an installed server (`serverStartLimit`), `uvctl doctor` answers within 5 s.
    static let questionLimit = Duration.seconds(1)
    static let serverStartLimit = Duration.seconds(2)

    /// A notification server that does not run, and why, asked of the bus itself (which starts
    /// nothing): none installed, or one installed that does not come up when started (a server
    /// that needs a display it does not have), with the command that shows why; nil when one runs.
    private func notificationServerStarts() async -> CheckInfo? {
        let name = "org.freedesktop.Notifications"
        switch await SessionBusName.state(of: name, within: Self.questionLimit) {
        case .running:
            return nil
        case .absent:
            return CheckInfo(
                name: tr("notification server"), result: .fail,
                detail: tr("none runs, and none is installed that the session bus could start"),
                fix: tr(
                    "log in to a desktop, or install and start a notification server (dunst, mako); uvd keeps what it has to say until one answers"
                ))
        case .unknown(let why):
            return CheckInfo(
                name: tr("notification server"), result: .warn, detail: tr("the session bus did not say whether one runs: %1$@", why))
        case .installed:
            guard case .failure(let failure) = await SessionBusName.start(name, within: Self.serverStartLimit) else { return nil }
            let file = SessionBusName.serviceFile(for: name)
            let installed = file.map { tr("%1$@ (%2$@)", $0.exec ?? $0.path, $0.path) } ?? name
            let why = failure.timedOut ? tr("it did not come up within %1$@ s", Self.serverStartLimit.components.seconds) : failure.reason
            let command =
                file?.systemdService.map { "systemctl --user status \($0)" }
                ?? file?.exec.map { tr("run `%1$@` in a terminal", $0) } ?? "journalctl --user -b"
            return CheckInfo(
                name: tr("notification server"), result: .fail, detail: tr("installed but does not start: %1$@; %2$@", installed, why),
                fix: tr(
                    "see why with %1$@ (a server usually needs your desktop's display); uvd keeps what it has to say until one answers",
                    command))
        }
    }

    /// The links, read from rtnetlink on a thread of its own with a deadline like every check.
    private func networkChecks() async -> [CheckInfo] {
        guard let links = await firstWithin(Self.questionLimit, { await OffThread.run { RouteReader().interfaces() } }) else {
            return [
                CheckInfo(
                    name: tr("default route"), result: .warn,
                    detail: tr("the kernel did not list the network links within %1$@ s", Self.questionLimit.components.seconds))
            ]
        }
        let interfaces = links.map { (name: $0.name, up: $0.up, class: facts.classifier.classify($0.name)) }
        var checks = interfaces.map { interface in
            let (kind, reason) = (interface.class.kind.rawValue, interface.class.reason)
            return CheckInfo(
                name: tr("interface %1$@", interface.name), result: .ok,
                detail: interface.up ? tr("%1$@ (%2$@), up", kind, reason) : tr("%1$@ (%2$@), down", kind, reason))
        }
        let current = facts.connection
        if let interface = current.interface {
            let home =
                facts.homeNetwork.map { $0 == current.networkID ? tr("the home network") : tr("not the home network") }
                ?? tr("any Wi-Fi counts as home")
            checks.append(
                CheckInfo(
                    name: tr("default route"), result: .ok,
                    detail: tr("%1$@: %2$@ (%3$@); %4$@", interface, current.kind.rawValue, current.reason, home)))
        } else {
            checks.append(
                CheckInfo(name: tr("default route"), result: .warn, detail: tr("none: leaving home is noticed once a connection is up")))
        }
        if !interfaces.contains(where: { $0.class.kind == .cellular }) {
            checks.append(
                CheckInfo(
                    name: tr("leave-home"), result: .warn, detail: tr("no phone or modem link seen yet to tell leaving from staying"),
                    fix: tr(
                        "a phone shared over USB or a modem is found by itself; for another link, name it in config.toml: [network] cellular = [\"NAME\"]"
                    )))
        }
        return checks
    }

    private func locationCheck() -> CheckInfo {
        let place = facts.place
        let detail = tr("%1$@ (%2$@), %3$@", place.name, place.source.rawValue, place.timeZoneIdentifier)
        return place.source == .default
            ? CheckInfo(name: tr("location"), result: .warn, detail: tr("%1$@: a guess", detail), fix: tr("uvctl location set CITY"))
            : CheckInfo(name: tr("location"), result: .ok, detail: detail)
    }

    private func providerChecks() -> [CheckInfo] {
        let now = facts.now
        return facts.providers.map { provider in
            let (source, health) = (provider.source, provider.health)
            if health.consecutiveFailures > 0 {
                return CheckInfo(
                    name: tr("provider %1$@", source.rawValue), result: .warn,
                    detail: tr("failing (%1$@× in a row): %2$@", health.consecutiveFailures, health.lastError ?? "?"),
                    fix: health.notBefore.map {
                        tr("uvd tries again after %1$@; uvctl refresh asks now", facts.clock.readable($0, now: now))
                    })
            }
            if provider.stationFrozen {
                return CheckInfo(
                    name: tr("provider %1$@", source.rawValue), result: .warn,
                    detail: tr("the nearby station's readings are not believed: one value for half an hour while the Sun moved"),
                    fix: tr("uvd follows the forecast until the station's values move again"))
            }
            if let dropped = provider.screened, now.timeIntervalSince(dropped.at) < 86_400 {
                return CheckInfo(
                    name: tr("provider %1$@", source.rawValue), result: .warn,
                    detail: tr("answers, but a value was left out at %1$@: %2$@", facts.clock.readable(dropped.at, now: now), dropped.line),
                    fix: tr("nothing to do: the rest of the answer is used, and the value left out moves nothing"))
            }
            return CheckInfo(
                name: tr("provider %1$@", source.rawValue), result: .ok,
                detail: health.lastSuccess.map { tr("last answer %1$@", facts.clock.readable($0, now: now)) } ?? tr("not asked yet"))
        }
    }

    /// Under systemd: whether the unit's sandbox applied (its own user namespace, a read-only
    /// home). Where unprivileged user namespaces are restricted it may not, and uvd runs without
    /// it: still only as the user, its files 0600 in 0700 directories.
    private func sandboxCheck() -> CheckInfo? {
        guard ProcessEnvironment.atStart["NOTIFY_SOCKET"] != nil else { return nil }
        let home = ProcessEnvironment.atStart["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let state = SandboxState.current(home: home)
        if state.ownUserNamespace, state.homeReadOnly {
            return CheckInfo(name: tr("sandbox"), result: .ok, detail: tr("applied: a user namespace of its own, home read-only"))
        }
        let missing = [state.ownUserNamespace ? nil : tr("no user namespace of its own"), state.homeReadOnly ? nil : tr("home writable")]
            .compactMap { $0 }.joined(separator: ", ")
        return CheckInfo(
            name: tr("sandbox"), result: .warn,
            detail: tr(
                "not applied (%1$@): this system restricts unprivileged user namespaces (Ubuntu 24.04's AppArmor does); uvd runs as you without it, its files private to you",
                missing),
            fix: tr(
                "safe to leave as it is; the README's \"When the unit does not start\" gives the drop-in that turns the sandbox off cleanly"
            ))
    }

    /// Who shows the tray item, or how to get a host (GNOME has none of its own).
    private func trayCheck() -> CheckInfo? {
        guard case .running(let host) = facts.tray else { return nil }
        guard let host else {
            return CheckInfo(
                name: tr("tray"), result: .warn, detail: tr("no tray host on this desktop"),
                fix: tr("GNOME: install and enable gnome-shell-extension-appindicator; or [tray] enabled = false"))
        }
        return CheckInfo(name: tr("tray"), result: .ok, detail: tr("shown by %1$@", host.program ?? host.busName))
    }

    private func systemdCheck() -> CheckInfo {
        guard ProcessEnvironment.atStart["NOTIFY_SOCKET"] != nil else {
            return CheckInfo(
                name: "systemd", result: .warn, detail: tr("not started by systemd: no restart on failure, no journal"),
                fix: "systemctl --user enable --now uvd")
        }
        var parts = [tr("readiness")]
        if let watchdog = Systemd.watchdogPingInterval { parts.append(tr("watchdog every %1$@", watchdog)) }
        if Systemd.stderrIsJournal { parts.append(tr("journal")) }
        return CheckInfo(name: "systemd", result: .ok, detail: parts.joined(separator: ", "))
    }
}

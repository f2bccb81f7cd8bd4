import Foundation
import UVCore
import UVNotify
import UVPlatform
import UVProtocol
import UVProviders

/// `uvctl doctor`: each part of uvd's surroundings, ok, warn or fail, with the fix.
extension DaemonCore {
    func diagnose(now: Date) async -> [CheckInfo] {
        var checks = [CheckInfo(name: "control socket", result: "ok", detail: "uvd \(UVDVersion.string) answers")]
        checks += await notificationChecks()
        checks += networkChecks()
        checks.append(locationCheck())
        checks += providerChecks(now: now)
        checks.append(systemdCheck())
        return checks
    }

    private func notificationChecks() async -> [CheckInfo] {
        guard let address = LibNotifyServer.sessionBusAddress() else {
            return [CheckInfo(
                name: "session bus", result: "fail", detail: "no D-Bus session bus: notifications cannot be shown",
                fix: "run uvd inside your desktop session (systemctl --user start uvd); with a hand-started session bus, systemctl --user import-environment DBUS_SESSION_BUS_ADDRESS")]
        }
        var checks = [CheckInfo(name: "session bus", result: "ok", detail: address)]
        guard let outbox else { return checks }
        switch await outbox.serverState() {
        case .success(let info):
            let what = "\(info.name) \(info.version) (\(info.vendor)): \(info.capabilities.joined(separator: ", "))"
            checks.append(info.supportsActions
                ? CheckInfo(name: "notification server", result: "ok", detail: what)
                : CheckInfo(name: "notification server", result: "warn", detail: what + "; no buttons",
                            fix: "the notifications name the uvctl commands instead; a server with actions (dunst, mako, GNOME, KDE) shows buttons"))
            if await outbox.doNotDisturb() == true {
                checks.append(CheckInfo(name: "do not disturb", result: "warn", detail: "the notification server is paused: only critical alerts are shown",
                                        fix: "dunstctl set-paused false"))
            }
        case .failure(let failure):
            checks.append(CheckInfo(name: "notification server", result: "fail", detail: failure.description,
                                    fix: "start a notification server (your desktop's, dunst or mako); uvd keeps what it has to say until one answers"))
        }
        return checks
    }

    private func networkChecks() -> [CheckInfo] {
        let interfaces = RouteReader(classifier: interfaceClassifier).interfaces()
        var checks = interfaces.map { interface in
            CheckInfo(name: "interface \(interface.name)", result: "ok",
                      detail: "\(interface.kind.rawValue) (\(interface.reason)), \(interface.up ? "up" : "down")")
        }
        if let interface = currentRoute.interface {
            let home = homeNetwork.map { $0 == currentRoute.networkID ? "the home network" : "not the home network" } ?? "any Wi-Fi counts as home"
            checks.append(CheckInfo(name: "default route", result: "ok", detail: "\(interface): \(currentRoute.kind.rawValue) (\(currentRoute.reason)); \(home)"))
        } else {
            checks.append(CheckInfo(name: "default route", result: "warn", detail: "none: leaving home is noticed once a connection is up"))
        }
        if !interfaces.contains(where: { $0.kind == .cellular }) {
            checks.append(CheckInfo(
                name: "leave-home", result: "warn", detail: "no phone or modem link seen yet to tell leaving from staying",
                fix: "a phone shared over USB or a modem is found by itself; for another link, name it in config.toml: [network] cellular = [\"NAME\"]"))
        }
        return checks
    }

    private func locationCheck() -> CheckInfo {
        let place = currentPlace
        let detail = "\(place.name) (\(place.source.rawValue)), \(place.timeZoneIdentifier)"
        return place.source == .default
            ? CheckInfo(name: "location", result: "warn", detail: detail + ": a guess", fix: "uvctl location set CITY")
            : CheckInfo(name: "location", result: "ok", detail: detail)
    }

    private func providerChecks(now: Date) -> [CheckInfo] {
        let configuration = loaded.configuration
        let enabled: [(UVSource, Bool)] = [(.openMeteo, configuration.openMeteoEnabled), (.arpansa, configuration.arpansaEnabled), (.openWeatherMap, openWeatherMapKey != nil)]
        let iso = ISOTimestamp(timeZone: currentPlace.timeZone)
        return enabled.filter(\.1).map { source, _ in
            let health = health(source)
            if health.consecutiveFailures > 0 {
                return CheckInfo(name: "provider \(source.rawValue)", result: "warn",
                                 detail: "failing (\(health.consecutiveFailures)× in a row): \(health.lastError ?? "?")",
                                 fix: health.notBefore.map { "uvd tries again after \(iso.string($0)); uvctl refresh asks now" })
            }
            return CheckInfo(name: "provider \(source.rawValue)", result: "ok",
                             detail: health.lastSuccess.map { "last answer \(iso.string($0))" } ?? "not asked yet")
        }
    }

    private func systemdCheck() -> CheckInfo {
        guard ProcessInfo.processInfo.environment["NOTIFY_SOCKET"] != nil else {
            return CheckInfo(name: "systemd", result: "warn", detail: "not started by systemd: no restart on failure, no journal",
                             fix: "systemctl --user enable --now uvd")
        }
        var parts = ["readiness"]
        if let watchdog = Systemd.watchdogPingInterval { parts.append("watchdog every \(watchdog)") }
        if Systemd.stderrIsJournal { parts.append("journal") }
        return CheckInfo(name: "systemd", result: "ok", detail: parts.joined(separator: ", "))
    }
}

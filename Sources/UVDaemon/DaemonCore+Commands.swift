import FoundationEssentials
import UVCore
import UVEngine
import UVPlatform
import UVProtocol
import UVStore

/// What `uvctl quiet`, `snooze`, `mute`, `history` ask of the rules. Each command is kept before
/// it is answered (`settleAcknowledged(now:command:)`): one the store refuses changes nothing.
extension DaemonCore {
    func quietInfo(now: Date) -> QuietInfo {
        let iso = ISOTimestamp(timeZone: currentPlace.timeZone)
        return QuietInfo(
            spans: engine.quietHours.spans.map(\.description), origin: engine.quietHoursOverride == nil ? "config" : "uvctl",
            quietNow: engine.isQuiet(at: now), until: engine.quietEnd(after: now).map(iso.string),
            muted: engine.muted.map(\.rawValue).sorted(), mutedToday: engine.silencedToday.map(\.rawValue).sorted(),
            snoozed: engine.snoozedUntil.filter { $0.value > now }.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { SnoozeInfo(rule: $0.key.rawValue, until: iso.string($0.value)) })
    }

    /// Quiet hours of the user's own, or (nil) the configuration's again.
    func setQuiet(_ hours: QuietHours?, now: Date) throws(Refusal) -> QuietInfo {
        try settleAcknowledged(now: now, command: .quietHours(hours))
        return quietInfo(now: now)
    }

    func quietNow(minutes: Int, now: Date) throws(Refusal) -> QuietInfo {
        try settleAcknowledged(now: now, command: .quietUntil(try Self.instant(minutes: minutes, after: now)))
        return quietInfo(now: now)
    }

    func quietOff(now: Date) throws(Refusal) -> QuietInfo {
        try settleAcknowledged(now: now, command: .quietOff)
        return quietInfo(now: now)
    }

    func snooze(_ rule: Rule, minutes: Int, now: Date) throws(Refusal) -> String {
        let until = try Self.instant(minutes: minutes, after: now)
        try settleAcknowledged(now: now, command: .snooze(rule, until: until))
        return tr(
            "%1$@ snoozed until %2$@", rule.rawValue,
            WallClock.format(until, in: currentPlace.timeZone, twelveHour: engineSettings.uses12HourClock))
    }

    func mute(_ rule: Rule, today: Bool, now: Date) throws(Refusal) -> String {
        try settleAcknowledged(now: now, command: today ? .muteToday(rule) : .mute(rule))
        return today ? tr("%1$@ muted for today", rule.rawValue) : tr("%1$@ muted until `uvctl unmute %1$@`", rule.rawValue)
    }

    func unmute(_ rule: Rule, now: Date) throws(Refusal) -> String {
        try settleAcknowledged(now: now, command: .unmute(rule))
        return tr("%1$@ speaks again", rule.rawValue)
    }

    func history(limit: Int) throws(Refusal) -> [HistoryInfo] {
        guard (1...1000).contains(limit) else { throw Refusal(.invalidValue, tr("limit must be 1 to 1000 (got %1$@)", limit)) }
        let here = currentPlace.timeZoneIdentifier
        do {
            // Each entry's time on the clock its text was written on, naming that zone when it is
            // not the current place's: time and text never on two clocks.
            return try store.history(limit: limit).map { entry in
                let zone = entry.zone.flatMap(Zone.init(identifier:)) ?? currentPlace.timeZone
                return HistoryInfo(
                    time: ISOTimestamp(timeZone: zone).string(entry.time), kind: entry.kind, subject: entry.subject.description,
                    summary: entry.summary, body: entry.body, key: entry.key, zone: entry.zone == here ? nil : entry.zone)
            }
        } catch {
            throw Refusal(.storeFailed, "\(error)")
        }
    }

    func homeInfo() -> HomeInfo {
        HomeInfo(
            marked: network.home, interface: network.current.interface, kind: network.current.kind.rawValue, reason: network.current.reason,
            current: network.current.networkID)
    }

    /// `minutes` (1 to 1440) after `now`.
    static func instant(minutes: Int, after now: Date) throws(Refusal) -> Date {
        guard (1...1440).contains(minutes) else { throw Refusal(.invalidValue, tr("minutes must be 1 to 1440 (got %1$@)", minutes)) }
        return now.addingTimeInterval(Double(minutes) * 60)
    }
}

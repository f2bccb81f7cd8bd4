import FoundationEssentials
import UVCore
import UVEngine
import UVNotify
import UVProtocol

/// What the tray menu can ask of uvd: the same typed actions the notification buttons carry
/// where there is one (`AlertAction`), through the same path into the engine.
enum TrayAction: Int32, CaseIterable, Sendable {
    case applied = 2
    case sunscreenOff
    case swim
    case remind
    case quietTwoHours
    case quietOff
    case today
    /// "I'm outside": `uvctl outside start`.
    case outside
    /// "I'm inside": ends the time outside that is open, as the notifications' button does.
    case inside

    /// The menu entry's id; 1 is the status line, the rest are separators.
    var id: Int32 { rawValue }
}

/// What the tray shows besides the status: whether a prompt waits (and which), whether quiet
/// hours are on, the profile's SPF. Read from the core when the status changes.
struct TraySituation: Sendable, Equatable {
    /// The prompt on screen that a tray click can answer (leave-home, a reapply reminder).
    var waitingPrompt: Subject?
    var quiet: Bool
    var spf: SPF
    var sunscreenOn: Bool
    /// Where the person is: the menu offers "I'm inside" while out, "I'm outside" while in.
    var isOut = false
}

/// The tray item's content, from the status uvd computed (the same numbers `uvctl status` shows)
/// and the situation: pure, so that it is tested without a bus.
enum TrayView {
    /// "UV 7.1 High · Sydney".
    static func title(_ status: StatusInfo) -> String {
        let level = status.shownLevel.name
        return tr("UV %1$@ %2$@ · %3$@", status.uvi.fixed(1), level, status.location.name)
    }

    /// The status lines of `uvctl status` that matter at a glance: burn time (and with a family, who
    /// burns first), reapply, window.
    static func tooltip(_ status: StatusInfo) -> String {
        var lines: [String] = []
        // "At home", "Out since 12:30": the time as the status wrote it, on the place's clock.
        if let info = status.whereabouts, let whereabouts = info.whereabouts {
            let place = whereabouts.sentence { _ in info.since.map(clock) ?? "" }
            lines.append(place.prefix(1).uppercased() + place.dropFirst())
        }
        if let minutes = status.burnTimeMinutes { lines.append(tr("Burn time about %1$@ min", minutes)) }
        // With a family out, who burns first, named.
        if let family = status.family { lines.append(family.sentence) }
        if let sunscreen = status.sunscreen {
            lines.append(tr("Applied SPF %1$@ — reapply by %2$@", sunscreen.spf, clock(sunscreen.reapplyAt)))
        }
        if let window = status.window {
            lines.append(tr("Sunscreen window %1$@ – %2$@", clock(window.start), clock(window.end)))
        } else {
            lines.append(tr("No sunscreen window: UV stays low all day."))
        }
        if let now = ISOInstant.parse(status.now),
            let line = status.vitaminD?.statusLine(now: now, time: { clock($0, in: status) }, day: { day($0, in: status) })
        {
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Passive (hosts may hide it) when the UV stays under 3 for the rest of the day and nothing
    /// is due; needs attention while a prompt waits, a reapply is due, or the UV is extreme.
    static func itemStatus(_ status: StatusInfo, _ situation: TraySituation) -> TrayContent.Status {
        let reapplyDue = status.sunscreen.map { $0.countdown.value == .now } ?? false
        if situation.waitingPrompt != nil || reapplyDue || status.level.value == .extreme { return .needsAttention }
        let restOfDayLow = status.uvi < 3 && (status.peak.map { $0.uvi < 3 || $0.end < status.now } ?? true)
        return restOfDayLow ? .passive : .active
    }

    static func menu(_ status: StatusInfo, _ situation: TraySituation) -> [TrayContent.MenuEntry] {
        var entries = [TrayContent.MenuEntry(id: 1, label: title(status), enabled: false), .init(id: 100, label: "")]
        entries.append(
            situation.sunscreenOn
                ? .init(id: TrayAction.sunscreenOff.id, label: tr("Sunscreen off"))
                : .init(id: TrayAction.applied.id, label: tr("Applied sunscreen (SPF %1$@)", situation.spf.argument)))
        entries.append(.init(id: TrayAction.swim.id, label: tr("Back from a swim"), enabled: situation.sunscreenOn))
        entries.append(
            situation.isOut
                ? .init(id: TrayAction.inside.id, label: tr("I'm inside"))
                : .init(id: TrayAction.outside.id, label: tr("I'm outside")))
        if situation.waitingPrompt != nil { entries.append(.init(id: TrayAction.remind.id, label: tr("Remind me in 15 min"))) }
        entries.append(
            situation.quiet
                ? .init(id: TrayAction.quietOff.id, label: tr("Quiet off"))
                : .init(id: TrayAction.quietTwoHours.id, label: tr("Quiet for 2 hours")))
        entries.append(.init(id: 101, label: ""))
        entries.append(.init(id: TrayAction.today.id, label: tr("Today's UV…")))
        return entries
    }

    static func content(_ status: StatusInfo, _ situation: TraySituation) -> TrayContent {
        TrayContent(
            title: title(status), status: itemStatus(status, situation), tooltipTitle: title(status), tooltipText: tooltip(status),
            menu: menu(status, situation))
    }

    /// What the icon shows, so that it is drawn again only when that changes: the UV index in
    /// its centre (to a tenth), the hour the notch is in, the window.
    static func iconKey(_ status: StatusInfo) -> String {
        "\(status.uvi.fixed(1)) \(status.now.prefix(13)) \(status.window?.start ?? "")-\(status.window?.end ?? "")"
    }

    /// "10:05" from an ISO 8601 time.
    private static func clock(_ iso: String) -> String { String(iso.dropFirst(11).prefix(5)) }

    /// "10:05" for an instant, on the status place's clock.
    private static func clock(_ date: Date, in status: StatusInfo) -> String {
        clock(ISOTimestamp(timeZone: status.location.zone).string(date))
    }

    /// "Tuesday 2 March 2027" for an instant, on the status place's calendar.
    private static func day(_ date: Date, in status: StatusInfo) -> String {
        DisplayLocale.current.format(date, .longDay, in: status.location.zone)
    }
}

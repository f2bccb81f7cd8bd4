import UVCore
import UVEngine
import UVNotify

/// An alert as a given server can show it.
extension Outbox {
    /// Where the server cannot show buttons: the uvctl command that does what button `action` would.
    static func command(for action: AlertAction, rule: String) -> String {
        switch action {
        case .applied, .reapplied: tr("Applied? Run: uvctl sunscreen apply")
        case .remind: tr("Later: uvctl snooze %1$@ 15m", rule)
        case .notToday: tr("Not today: uvctl mute %1$@ --today", rule)
        case .inside: tr("Inside? Run: uvctl outside stop")
        }
    }

    /// A button's label as the server has room for it: LXQt's notifications cut labels past about
    /// 8 characters when there are three buttons (12 for two), so a longer one there becomes its
    /// short form.
    static func label(_ label: String, of action: AlertAction, among count: Int, on serverInfo: NotificationServerInfo?) -> String {
        guard serverInfo?.givesNarrowButtons ?? false, count >= 3, label.displayWidth > Presenter.narrowButtonWidth else { return label }
        return Presenter.shortLabel(action)
    }

    /// The alert as the server can show it: buttons where it has "actions", else the uvctl
    /// commands that do the same, in the body; so too the buttons past the most it draws.
    static func presentation(_ alert: PresentedAlert, on serverInfo: NotificationServerInfo?) -> DesktopNotification {
        let actions = serverInfo?.supportsActions ?? false
        let drawn = actions ? Array(alert.buttons.prefix(serverInfo?.mostButtons ?? .max)) : []
        let undrawn = alert.buttons.dropFirst(drawn.count)
        var body = alert.body
        if !undrawn.isEmpty {
            body += "\n" + undrawn.map { Self.command(for: $0.action, rule: alert.rule.rawValue) }.joined(separator: "\n")
        } else if serverInfo?.drawsNoButtons ?? false, !alert.buttons.isEmpty {
            body +=
                "\n" + tr("Answer with makoctl menu, or:") + "\n"
                + alert.buttons.map { Self.command(for: $0.action, rule: alert.rule.rawValue) }.joined(separator: "\n")
        }
        if serverInfo?.supportsBodyMarkup ?? false {
            body = body.escapingMarkup()
        }
        let urgency: DesktopNotification.Urgency =
            switch alert.urgency {
            case .low: .low
            case .normal: .normal
            case .critical: .critical
            }
        var notification = DesktopNotification(
            summary: alert.summary, body: body, icon: "uvd", urgency: urgency, category: "x-uvd.\(alert.rule.rawValue)",
            buttons: drawn.map {
                .init(key: $0.action.key, label: Self.label($0.label, of: $0.action, among: drawn.count, on: serverInfo))
            },
            staysUntilAnswered: alert.rule == .leaveHome || alert.rule == .reapply,
            resident: serverInfo?.capabilities.contains("persistence") ?? false)
        // A prompt in GNOME's tray has lost its buttons: a click brings it back with them.
        notification.opensOnClick = actions && !alert.buttons.isEmpty && (serverInfo?.movesBannersToATray ?? false)
        return notification
    }
}

extension AlertClosing {
    /// Why the server closed a notification, as the rules hear it; nil when uvd closed it.
    init?(_ reason: CloseReason) {
        switch reason {
        case .byUvd: return nil
        case .expired: self = .expired
        case .dismissed: self = .dismissed
        case .undefined: self = .unexplained
        }
    }
}

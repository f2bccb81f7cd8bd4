import FoundationEssentials
import UVCore

/// An alert in words, as a notification server, the history and `uvctl simulate` show it.
public struct PresentedAlert: Sendable, Equatable {
    public var subject: Subject
    public var rule: Rule
    public var summary: String
    public var body: String
    public var urgency: Urgency
    /// The buttons: what each does, and the label shown.
    public var buttons: [(action: AlertAction, label: String)]
    /// When the rules decided it, and the zone whose clock its text is written on: what the
    /// history records once the server is actually sent it (not part of equality).
    public var decidedAt: Date?
    public var zone: ZoneName?

    public init(
        subject: Subject, rule: Rule, summary: String, body: String, urgency: Urgency, buttons: [(action: AlertAction, label: String)]
    ) {
        self.subject = subject
        self.rule = rule
        self.summary = summary
        self.body = body
        self.urgency = urgency
        self.buttons = buttons
    }

    public static func == (a: PresentedAlert, b: PresentedAlert) -> Bool {
        (a.subject, a.rule, a.summary, a.body, a.urgency) == (b.subject, b.rule, b.summary, b.body, b.urgency)
            && a.buttons.map(\.action) == b.buttons.map(\.action) && a.buttons.map(\.label) == b.buttons.map(\.label)
    }
}

/// How an alert becomes words: each kind of meaning says its own (`RuleMeaning.words`), on the
/// place's clock this gives it, 12- or 24-hour as the locale says, never a raw timestamp; the
/// buttons' labels are the same for every rule.
public struct Presenter: Sendable {
    public let zone: Zone
    public let twelveHour: Bool

    public init(zone: Zone, twelveHour: Bool) {
        self.zone = zone
        self.twelveHour = twelveHour
    }

    /// The presenter for the engine's place and settings.
    public init(_ state: EngineState) {
        self.init(zone: state.zone, twelveHour: state.settings.uses12HourClock)
    }

    public func time(_ date: Date) -> String {
        WallClock.format(date, in: zone, twelveHour: twelveHour)
    }

    public func present(_ alert: Alert) -> PresentedAlert {
        let (summary, body) = alert.meaning.words(self)
        return PresentedAlert(
            subject: alert.subject, rule: alert.rule, summary: summary, body: body, urgency: alert.urgency,
            buttons: alert.actions.map { ($0, label($0)) })
    }

    public func label(_ action: AlertAction) -> String {
        switch action {
        // Short enough for three side by side on a 300 px server (notification-daemon cut off longer ones).
        case .applied: tr("Applied")
        case .reapplied: tr("Reapplied")
        case .remind: tr("In 15 min")
        case .notToday: tr("Not today")
        case .inside: tr("I'm inside")
        }
    }

    /// A button's label for a server that gives each of three buttons about 8 characters
    /// (lxqt-notificationd 1.2 beside the mini-wheel, measured under Xvfb: "Not tod…", "+15 …",
    /// "Appliq…"). The meaning stays: "15 min" asks again then, "Skip day" leaves today alone.
    public static func shortLabel(_ action: AlertAction) -> String {
        switch action {
        case .applied, .reapplied: tr("Done")
        case .remind: tr("15 min")
        case .notToday: tr("Skip day")
        case .inside: tr("Inside")
        }
    }

    /// How wide a label may be (terminal cells: a CJK character counts two, as it is drawn about
    /// twice as wide) where three buttons share a notification's width on such a server.
    public static let narrowButtonWidth = 8
}

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

/// The one place an alert's meaning becomes words: on the place's clock, 12- or 24-hour as the
/// locale says, never a raw timestamp.
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
        let (summary, body) = words(alert.meaning)
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

    /// "Apply sunscreen before you leave" (or "Reapply …" when what is on is due again), naming
    /// with a family who of the party burns first; then each baby to keep out of direct sun.
    private func leaveHomeBody(_ first: FirstToBurn?, reapply: Bool, shade: [String]) -> String {
        let apply: String =
            switch (first, first?.name, reapply) {
            case (nil, _, false): tr("Apply sunscreen before you leave.")
            case (nil, _, true): tr("Reapply sunscreen before you leave.")
            case (let first?, nil, false): tr("Apply sunscreen before you leave — you burn in %1$@ min.", first.minutes)
            case (let first?, nil, true): tr("Reapply sunscreen before you leave — you burn in %1$@ min.", first.minutes)
            case (let first?, let name?, false): tr("Apply sunscreen before you leave — %1$@ burns in %2$@ min.", name, first.minutes)
            case (let first?, let name?, true): tr("Reapply sunscreen before you leave — %1$@ burns in %2$@ min.", name, first.minutes)
            }
        return ([apply] + shade.map { tr("Keep %1$@ out of direct sun: shade, clothing and a hat.", $0) }).joined(separator: "\n")
    }

    private func words(_ meaning: AlertMeaning) -> (summary: String, body: String) {
        switch meaning {
        case .leaveHome(let peakAhead, let first, let reapply, let shade):
            (tr("UV up to %1$@ today", peakAhead.fixed(0)), leaveHomeBody(first, reapply: reapply ?? false, shade: shade ?? []))
        case .uvLevel(let uvi, let level):
            (tr("UV %1$@: %2$@", uvi.fixed(0), level.name.lowercased()), level.advice)
        case .reapply(let stage, let at, let spf, let quantity, let appliedAt, let firstOut):
            (
                stage == .now ? tr("Reapply sunscreen now") : tr("Reapply by %1$@", time(at)),
                (firstOut.map { tr("%1$@'s protection runs out first.", $0) + "\n" } ?? "")
                    + AppliedSentence.text(spf: spf, quantity: quantity, appliedAt: time(appliedAt), reapplyAt: time(at))
            )
        case .morning(let window, let peakUVI, let peakAt, let yesterday):
            (tr("UV today"), morningBody(window, peakUVI: peakUVI, peakAt: peakAt) + (yesterday.map { "\n" + yesterdayClause($0) } ?? ""))
        case .dose(let level, let person):
            (
                person.map {
                    level >= 80
                        ? tr("80 % of %1$@'s burn dose for today: get into the shade", $0)
                        : tr("Half of %1$@'s burn dose for today: shade or reapply", $0)
                }
                    ?? (level >= 80
                        ? tr("80 % of your burn dose for today: get into the shade")
                        : tr("Half your burn dose for today: shade or reapply")),
                tr("Counted from your time outside; uvctl dose shows it, uvctl outside corrects it.")
            )
        case .noWindowToday:
            (tr("UV today"), tr("No sunscreen window: UV stays low all day."))
        case .said(let summary, let body):
            (summary, body)
        }
    }

    /// "Yesterday outside: 48 % of your burn dose."
    private func yesterdayClause(_ burnDosePercent: Double) -> String {
        tr("Yesterday outside: %1$@ % of your burn dose.", burnDosePercent.fixed(0))
    }

    /// "Sunscreen window today 9:20 – 14:40 (peak 11 at 12:40)".
    private func morningBody(_ window: TimeSpan, peakUVI: Double?, peakAt: Date?) -> String {
        guard let peakUVI, let peakAt else { return tr("Sunscreen window today %1$@ – %2$@", time(window.start), time(window.end)) }
        return tr(
            "Sunscreen window today %1$@ – %2$@ (peak %3$@ at %4$@)",
            time(window.start), time(window.end), peakUVI.fixed(0), time(peakAt))
    }
}

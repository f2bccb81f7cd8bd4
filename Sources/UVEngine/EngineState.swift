import FoundationEssentials
import UVCore

/// What happened.
public enum EngineEvent: Sendable, Equatable {
    /// A deadline the engine asked for has come (or any time: nothing else happened).
    case tick
    /// The day's UV series for the place changed.
    case forecast([UVSample])
    case network(NetworkState)
    /// The sunscreen on record changed (applied, removed, or a water event): what each person
    /// has on now.
    case sunscreen(SunscreenOn)
    /// What became of `subject`'s notification: a button pressed, or why it went away.
    case answer(subject: Subject, AlertAnswer)
    /// The day's burn dose so far, and whether the user is outside (nil: no time outside today).
    case dose(DoseReading?)
    /// Where the person is now: in, or out since an instant (from the same time outside as the dose).
    case whereabouts(Whereabouts)
    /// The user is at the machine (a connection came up). Waking from sleep, a button pressed and
    /// a uvctl command say so too; the first of them in a day may bring the morning summary.
    case userActivity
    case settings(EngineSettings)
    /// The place's time zone or the user's profile (skin type, sunscreen defaults) changed.
    case context(zone: ZoneName, profile: Profile)
    /// The people besides the user changed (`uvctl family`): the leave-home prompt names the one
    /// who burns first, the reapply reminder whose protection runs out first.
    case family([FamilyMember])
    /// The machine woke from sleep: everything is re-evaluated and the forecast refreshed.
    case resumed
    /// The user asked for something with `uvctl`.
    case command(EngineCommand)
}

extension EngineEvent {
    /// Whether the event means someone is at the machine. A notification that expired, or went
    /// away without the server saying why, does not.
    var showsSomeoneIsThere: Bool {
        switch self {
        case .userActivity, .resumed, .command: true
        case .answer(_, let answer): answer.showsSomeoneIsThere
        case .tick, .forecast, .network, .sunscreen, .settings, .context, .family, .dose, .whereabouts: false
        }
    }
}

/// What `uvctl` can ask of the rules.
public enum EngineCommand: Sendable, Equatable, Codable {
    /// Nothing from this rule until then.
    case snooze(Rule, until: Date)
    case mute(Rule)
    /// "Not today", from uvctl: until the local day ends.
    case muteToday(Rule)
    case unmute(Rule)
    /// Quiet from now until then, whatever the configured hours say.
    case quietUntil(Date)
    /// Not quiet now: ends `quietUntil`, and a configured span in progress, until it would end.
    case quietOff
    /// Replaces the configured quiet hours; nil goes back to the configuration's.
    case quietHours(QuietHours?)
    /// Whether a home Wi-Fi network is marked (without one, any Wi-Fi is home).
    case homeMarked(Bool)
}

/// Everything the rules remember; Codable so that it survives restarts whole.
public struct EngineState: Sendable, Equatable {
    public var settings: EngineSettings
    /// The place's zone (stored under this key, as its name).
    public var timeZoneIdentifier: ZoneName
    var zone: Zone { timeZoneIdentifier.zone }
    public var skinType: SkinType
    /// The user's profile: what a pressed "Applied" records (nil in state saved before it was
    /// kept: the profile's defaults then).
    public var profile: Profile?
    /// The UV forecast for the days around now, in time order.
    public var samples: [UVSample] {
        get { series.samples }
        set { series = UVSeries(newValue) }
    }
    /// `samples` as a series, made once when they are set (every step reads it).
    private(set) var series = UVSeries([])
    public var sunscreen = SunscreenOn()
    /// The people besides the user (none in state saved before families).
    public internal(set) var family: [FamilyMember] = []

    var activitySeenOn: DayKey?
    /// "Remind me in 15 min": when each rule may speak again.
    var remindAt: [Rule: Date] = [:]
    /// "Not today": the local day each rule is muted for.
    var mutedOn: [Rule: DayKey] = [:]
    /// Alerts waiting for quiet hours to end, at most one per subject.
    var held: [Alert] = []
    /// Subjects on screen now.
    public internal(set) var live: Set<Subject> = []
    /// Rules muted until unmuted (`uvctl mute`).
    public internal(set) var muted: Set<Rule> = []
    /// Rules silenced for one local day ("Not today"), by day key.
    public var silencedToday: [Rule] { mutedOn.filter { $0.value == day?.key }.map(\.key) }
    /// Rules snoozed until an instant (`uvctl snooze`).
    public internal(set) var snoozedUntil: [Rule: Date] = [:]
    /// Quiet hours set with `uvctl quiet set`, replacing the configured ones.
    public internal(set) var quietHoursOverride: QuietHours?
    /// `uvctl quiet now`: quiet until then.
    public internal(set) var quietUntil: Date?
    /// `uvctl quiet off`: not quiet until then (the end of the span it interrupted).
    public internal(set) var loudUntil: Date?
    /// The local day `now` is in, and its morning-summary instant: calendar work done once a
    /// day, not at every step.
    var day: LocalDayFacts?
    /// The day's burn dose as the shell last said it.
    public internal(set) var dose: DoseReading?
    /// The local day `dose` was said on.
    var doseDay: DayKey?
    /// The last burn dose said on an earlier day: the next morning's summary names yesterday's.
    public internal(set) var earlierDayDose: PastDayDose?
    /// Where the person is: what decides whether a rule pops up or leaves it to the glance.
    public internal(set) var whereabouts = Whereabouts.inside
    /// The person went out at this instant, and whether their sunscreen needs renewing is still to
    /// be said (by the leave-home prompt when leaving brings one, else by the reapply rule).
    var outingToCheck: Date?
    /// What each rule remembers between steps (`EngineRule.Memory`, reached by the property its
    /// file declares: `state.leaveHome`).
    private var memories: RuleParts

    public init(settings: EngineSettings, zone: ZoneName, skinType: SkinType) {
        self.settings = settings
        self.timeZoneIdentifier = zone
        self.skinType = skinType
        memories = RuleParts { $0.freshMemoryPart(settings) }
    }

    /// A rule's memory, by the rule's key (`state[ReapplyRule.key]`).
    subscript<Rule: EngineRule>(rule: RuleKey<Rule>) -> Rule.Memory {
        get { memories.part(Rule.Memory.self, fallback: Rule.freshMemory(settings)) }
        set { memories.set(newValue) }
    }

    /// The quiet hours in force: `uvctl quiet set`'s, else the configuration's.
    public var quietHours: QuietHours { quietHoursOverride ?? settings.quietHours }

    /// Whether non-urgent notifications wait at `now`.
    public func isQuiet(at now: Date) -> Bool {
        if let quietUntil, now < quietUntil { return true }
        if let loudUntil, now < loudUntil { return false }
        return quietHours.isQuiet(at: now, in: zone)
    }

    /// When the quiet period around `now` ends, or nil if it is not quiet.
    public func quietEnd(after now: Date) -> Date? {
        guard isQuiet(at: now) else { return nil }
        if let quietUntil, now < quietUntil {
            // A configured span may run on past the manual one.
            return quietHours.isQuiet(at: quietUntil, in: zone) ? quietHours.end(after: quietUntil, in: zone) : quietUntil
        }
        return quietHours.end(after: now, in: zone)
    }

    /// Whether a rule must keep silent at `now`: muted, snoozed, or "not today".
    func isSilenced(_ rule: Rule, now: Date, today: DayKey) -> Bool {
        muted.contains(rule) || mutedOn[rule] == today || (snoozedUntil[rule].map { now < $0 } ?? false)
    }

    /// The day's numbers as the rules see them at `now`: the same computation as the status's.
    public func facts(now: Date) -> DayFacts {
        DayFacts(
            DayFacts.Inputs(
                day: day?.interval ?? LocalDay.interval(containing: now, in: zone), series: series, skinType: skinType,
                sunscreen: sunscreen, window: settings.window ?? .uvi3, reapplyInterval: settings.reapplyInterval, family: family,
                zone: zone),
            now: now)
    }

    /// The local day's key (YYYY-MM-DD) at `now`: the day entered, or the one `now` falls in.
    func todayKey(at now: Date) -> DayKey {
        day?.key ?? DayKey(now, in: zone)
    }

    /// Makes `day` describe the local day containing `now`.
    mutating func enterDay(of now: Date) {
        if let day, day.interval.contains(now), now < day.interval.end { return }
        day = LocalDayFacts(now: now, zone: zone)
    }

    /// The highest UV from now to the end of the local day, once there is a series.
    func uvAhead(_ facts: DayFacts) -> Double? {
        samples.isEmpty ? nil : facts.uviAhead
    }
}

extension EngineState: Codable {
    private static let settingsKey = SavedKey("settings")
    private static let zoneKey = SavedKey("timeZoneIdentifier")
    private static let skinTypeKey = SavedKey("skinType")

    /// The fields besides the settings, the zone and the skin type.
    private static let savedFields: [SavedField<Self>] = [
        .optional("profile", { $0.profile }, { $0.profile = $1 }), .value("samples", { $0.samples }, { $0.samples = $1 }),
        .value("sunscreen", { $0.sunscreen }, { $0.sunscreen = $1 }),
        .optional("activitySeenOn", { $0.activitySeenOn }, { $0.activitySeenOn = $1 }),
        .value("remindAt", { $0.remindAt }, { $0.remindAt = $1 }), .value("mutedOn", { $0.mutedOn }, { $0.mutedOn = $1 }),
        .value("held", { $0.held }, { $0.held = $1 }), .value("live", { $0.live }, { $0.live = $1 }),
        .value("muted", { $0.muted }, { $0.muted = $1 }), .value("snoozedUntil", { $0.snoozedUntil }, { $0.snoozedUntil = $1 }),
        .optional("quietHoursOverride", { $0.quietHoursOverride }, { $0.quietHoursOverride = $1 }),
        .optional("quietUntil", { $0.quietUntil }, { $0.quietUntil = $1 }),
        .optional("loudUntil", { $0.loudUntil }, { $0.loudUntil = $1 }), .optional("day", { $0.day }, { $0.day = $1 }),
        .optional("dose", { $0.dose }, { $0.dose = $1 }), .optional("doseDay", { $0.doseDay }, { $0.doseDay = $1 }),
        .optional("earlierDayDose", { $0.earlierDayDose }, { $0.earlierDayDose = $1 }), .value("family", { $0.family }, { $0.family = $1 }),
        .value("whereabouts", { $0.whereabouts }, { $0.whereabouts = $1 }),
        .optional("outingToCheck", { $0.outingToCheck }, { $0.outingToCheck = $1 }),
    ]

    /// Reads what any release saved: a missing field takes what a fresh state has (so a field
    /// added later keeps every mute, snooze and quiet setting saved before it), an unknown one is
    /// ignored; each rule's memory is read from the same object (`RuleParts`). Only the zone and
    /// skin type have no default; a state without them was never written by uvd.
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: SavedKey.self)
        let settings = try saved.decode(Self.settingsKey, absent: EngineSettings())
        self.init(
            settings: settings, zone: try saved.decode(ZoneName.self, forKey: Self.zoneKey),
            skinType: try saved.decode(SkinType.self, forKey: Self.skinTypeKey))
        try Self.savedFields.read(saved, into: &self)
        memories = try RuleParts(from: decoder) { $0.freshMemoryPart(settings) }
    }

    public func encode(to encoder: any Encoder) throws {
        var saved = encoder.container(keyedBy: SavedKey.self)
        try saved.encode(settings, forKey: Self.settingsKey)
        try saved.encode(timeZoneIdentifier, forKey: Self.zoneKey)
        try saved.encode(skinType, forKey: Self.skinTypeKey)
        try Self.savedFields.write(self, to: &saved)
        try memories.encode(to: encoder)
    }
}

/// Facts about one local day that take calendar arithmetic to find.
/// (Releases before the rules kept their own memory also saved the morning summary's instant
/// and minute here, which the morning rule now works out itself; such a release reading this
/// form, without them, works them out again.)
struct LocalDayFacts: Sendable, Equatable, Codable {
    var interval: DateInterval
    var key: DayKey

    init(now: Date, zone: Zone) {
        interval = LocalDay.interval(containing: now, in: zone)
        key = DayKey(now, in: zone)
    }
}

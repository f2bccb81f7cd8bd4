import FoundationEssentials
import UVCore

/// What the rules are told by the configuration.
public struct EngineSettings: Sendable, Equatable, Codable {
    public var leaveHomeEnabled = true
    /// Leave-home speaks only on days whose UV is or will be at least this.
    public var leaveHomeThreshold = 3.0
    public var leaveHomeDebounce: TimeInterval = 60
    public var leaveHomeCooldown: TimeInterval = 3 * 3600
    public var uvAlertLevels: [Double] = [6, 8]
    public var hysteresis = 0.5
    /// From this UV index an alert is "extreme": critical urgency, and it may pass quiet hours.
    public var extremeLevel = 11.0
    public var extremePassesQuietHours = true
    /// Minutes after local midnight for the morning summary; nil means the first activity of the day.
    public var morningMinute: Int? = 7 * 60 + 30
    public var quietHours = QuietHours()
    public var reapplyInterval: TimeInterval = 2 * 3600
    /// Whether the dose rule speaks (its notices at 50 % and 80 % of a burn).
    public var doseEnabled = true
    /// `[leave_home] babies`: the leave-home prompt names each baby under 12 months out on a day
    /// with UV 3 or more ("keep Leo out of direct sun").
    public var leaveHomeNamesBabies = true
    /// `[alerts] indoors`: a UV level reached while the person is in shows in the glance (the
    /// extreme level alone pops up, once a day, at normal urgency), or pops up as while out.
    public var alertsIndoors = IndoorsSetting.glance
    /// `[reapply] countdown`: pop-ups at 60 and 30 minutes before the reapply time, besides the
    /// countdown in the glance.
    public var reapplyCountdown = false
    /// `[reapply] indoors`: a reapply time that falls due while the person is in is said when
    /// they go out (the glance shows it meanwhile), or pops up where they are.
    public var reapplyIndoors = IndoorsSetting.glance
    /// `[reapply] on_going_out`: going out more than `goingOutReapplyAge` after the last
    /// application, on a day with UV worth protecting from still ahead, is told to reapply.
    public var reapplyOnGoingOut = true
    /// `[reapply] uv_threshold`: an application whose time runs out when nothing ahead today
    /// reaches this UV gets no reminder (0: always reminded).
    public var reapplyUVThreshold = 3.0
    public var uses12HourClock = false
    /// The sunscreen window's threshold, as `forecast.window` sets it for the status too
    /// (optional so that a state saved before it existed still loads: nil is UV 3, the default).
    public var window: WindowSetting? = .uvi3

    public init() {}

    /// Reads what any release saved: a missing field takes its default, an unknown one is ignored.
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: CodingKeys.self)
        let fresh = EngineSettings()
        // A duration outside what the configuration allows (a damaged file) takes the default:
        // the rules step through them minute by minute.
        func duration(_ key: CodingKeys, _ fallback: TimeInterval) throws -> TimeInterval {
            let value = try saved.decode(key, absent: fallback)
            return value.isFinite && (0...(7 * 86_400)).contains(value) ? value : fallback
        }
        leaveHomeEnabled = try saved.decode(.leaveHomeEnabled, absent: fresh.leaveHomeEnabled)
        leaveHomeThreshold = try saved.decode(.leaveHomeThreshold, absent: fresh.leaveHomeThreshold)
        leaveHomeDebounce = try duration(.leaveHomeDebounce, fresh.leaveHomeDebounce)
        leaveHomeCooldown = try duration(.leaveHomeCooldown, fresh.leaveHomeCooldown)
        uvAlertLevels = try saved.decode(.uvAlertLevels, absent: fresh.uvAlertLevels)
        hysteresis = try saved.decode(.hysteresis, absent: fresh.hysteresis)
        extremeLevel = try saved.decode(.extremeLevel, absent: fresh.extremeLevel)
        extremePassesQuietHours = try saved.decode(.extremePassesQuietHours, absent: fresh.extremePassesQuietHours)
        // Absent is how nil was saved (the first activity of the day; the default window).
        morningMinute = try saved.decodeIfPresent(Int.self, forKey: .morningMinute).flatMap {
            (0..<24 * 60).contains($0) ? $0 : fresh.morningMinute
        }
        quietHours = try saved.decode(.quietHours, absent: fresh.quietHours)
        reapplyInterval = try duration(.reapplyInterval, fresh.reapplyInterval)
        doseEnabled = try saved.decode(.doseEnabled, absent: fresh.doseEnabled)
        leaveHomeNamesBabies = try saved.decode(.leaveHomeNamesBabies, absent: fresh.leaveHomeNamesBabies)
        // A choice this release does not know (a later one's) takes the default, not the whole state.
        alertsIndoors = (try? saved.decodeIfPresent(IndoorsSetting.self, forKey: .alertsIndoors)).flatMap(\.self) ?? fresh.alertsIndoors
        reapplyCountdown = try saved.decode(.reapplyCountdown, absent: fresh.reapplyCountdown)
        reapplyIndoors = (try? saved.decodeIfPresent(IndoorsSetting.self, forKey: .reapplyIndoors)).flatMap(\.self) ?? fresh.reapplyIndoors
        reapplyOnGoingOut = try saved.decode(.reapplyOnGoingOut, absent: fresh.reapplyOnGoingOut)
        reapplyUVThreshold = try saved.decode(.reapplyUVThreshold, absent: fresh.reapplyUVThreshold)
        uses12HourClock = try saved.decode(.uses12HourClock, absent: fresh.uses12HourClock)
        window = try saved.decodeIfPresent(WindowSetting.self, forKey: .window)
    }
}

/// What a rule does with something worth saying while the person is in (`[alerts] indoors`,
/// `[reapply] indoors`).
public enum IndoorsSetting: String, Sendable, Equatable, Codable, CaseIterable {
    /// Shown where the person looks (status, tray, waybar), not popped up.
    case glance
    /// Popped up as while out (uvd 0.4's behaviour).
    case popUp = "pop-up"
}

import FoundationEssentials
import UVCore
import UVEngine
import UVProviderPolicy

/// The daemon's settings from `config.toml`; every field has the documented default.
/// (What the user tells uvctl — profile, places, sunscreen — lives in the store instead.)
public struct Configuration: Sendable, Equatable {
    public var geoclue = true
    /// `forecast.window`: kept in the rule settings, so that the engine, the status and
    /// `uvctl simulate` read the one setting.
    public var window: WindowSetting {
        get { engine.window ?? .uvi3 }
        set { engine.window = newValue }
    }
    public var policy = FetchPolicy()
    public var endpoints = ProviderEndpoints()
    public var openMeteoEnabled = true
    /// The CAMS UV forecast, uvd's first forecast where it answers.
    public var camsEnabled = true
    public var arpansaEnabled = true
    public var stationRadiusKilometres = 50.0
    /// A file holding the OpenWeatherMap key (mode 0600), if the user has one.
    public var openWeatherMapKeyFile: String?
    /// What the alert and reminder rules are told.
    public var engine = EngineSettings()
    /// Interface name patterns (`usb*`) that count as Wi-Fi or as cellular, whatever sysfs says.
    public var wifiInterfaces: [String] = []
    public var cellularInterfaces: [String] = []
    /// `tray.enabled`: the StatusNotifierItem, whenever a tray host is on the bus.
    public var trayEnabled = true

    public init() {}
}

/// One documented key: where it lives, what it accepts, how it reads back.
struct ConfigKey: Sendable {
    let path: String
    let expected: String
    let apply: @Sendable (inout Configuration, ConfigValue) -> Bool
    let show: @Sendable (Configuration) -> String
    /// For a key that no longer decides anything: what does its work now. Such a key is accepted
    /// whatever its value, with a warning, so that a configuration written for an earlier uvd loads.
    var replacedBy: String? = nil
}

/// A TOML value reduced to what the keys need.
enum ConfigValue: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case list([ConfigValue])
    case other(String)

    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}

extension ConfigKey {
    static func boolean(_ path: String, _ keyPath: WritableKeyPath<Configuration, Bool> & Sendable) -> ConfigKey {
        ConfigKey(
            path: path, expected: tr("true or false"),
            apply: { config, value in
                guard case .boolean(let flag) = value else { return false }
                config[keyPath: keyPath] = flag
                return true
            }, show: { String($0[keyPath: keyPath]) })
    }

    static func patterns(_ path: String, _ keyPath: WritableKeyPath<Configuration, [String]> & Sendable) -> ConfigKey {
        ConfigKey(
            path: path, expected: tr("a list of interface names or patterns, e.g. [\"usb*\", \"wlan0\"]"),
            apply: { config, value in
                guard case .list(let items) = value else { return false }
                let names = items.compactMap { item -> String? in
                    guard case .string(let name) = item, !name.isEmpty, name.count <= 64 else { return nil }
                    return name
                }
                guard names.count == items.count else { return false }
                config[keyPath: keyPath] = names
                return true
            }, show: { "[" + $0[keyPath: keyPath].map { "\"\($0)\"" }.joined(separator: ", ") + "]" })
    }

    static func minutes(_ path: String, _ range: ClosedRange<Int>, _ keyPath: WritableKeyPath<Configuration, TimeInterval> & Sendable)
        -> ConfigKey
    {
        ConfigKey(
            path: path, expected: tr("a whole number of minutes from %1$@ to %2$@", range.lowerBound, range.upperBound),
            apply: { config, value in
                guard case .integer(let minutes) = value, range.contains(minutes) else { return false }
                config[keyPath: keyPath] = TimeInterval(minutes * 60)
                return true
            }, show: { String(Int($0[keyPath: keyPath] / 60)) })
    }

    /// Where a rule's news goes while the person is in: "glance" or "pop-up" (`IndoorsSetting`).
    static func indoors(_ path: String, _ keyPath: WritableKeyPath<Configuration, IndoorsSetting> & Sendable) -> ConfigKey {
        ConfigKey(
            path: path, expected: tr("\"glance\" (the tray, uvctl status and waybar) or \"pop-up\""),
            apply: { config, value in
                guard case .string(let text) = value, let choice = IndoorsSetting(rawValue: text) else { return false }
                config[keyPath: keyPath] = choice
                return true
            }, show: { "\"\($0[keyPath: keyPath].rawValue)\"" })
    }

    static func retired(_ path: String, replacedBy replacement: String) -> ConfigKey {
        ConfigKey(
            path: path, expected: tr("nothing: it is ignored"), apply: { _, _ in true }, show: { _ in tr("(ignored)") },
            replacedBy: replacement)
    }

    static func number(_ path: String, _ range: ClosedRange<Double>, _ keyPath: WritableKeyPath<Configuration, Double> & Sendable)
        -> ConfigKey
    {
        ConfigKey(
            path: path, expected: tr("a number from %1$@ to %2$@", range.lowerBound.plain, range.upperBound.plain),
            apply: { config, value in
                guard let number = value.number, range.contains(number) else { return false }
                config[keyPath: keyPath] = number
                return true
            }, show: { $0[keyPath: keyPath].plain })
    }

    static func url(_ path: String, _ keyPath: WritableKeyPath<Configuration, URL> & Sendable) -> ConfigKey {
        ConfigKey(
            path: path, expected: tr("an http:// or https:// URL"),
            apply: { config, value in
                guard case .string(let text) = value, let url = URL(string: text),
                    ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
                else { return false }
                config[keyPath: keyPath] = url
                return true
            }, show: { "\"\($0[keyPath: keyPath].absoluteString)\"" })
    }

    /// Every key `config.toml` may hold, in the order `Config/uvd.toml` documents them.
    static let all: [ConfigKey] = [
        .boolean("location.geoclue", \.geoclue),
        ConfigKey(
            path: "forecast.window", expected: tr("\"3\", \"6\" or \"personal\""),
            apply: { config, value in
                let text: String? =
                    switch value {
                    case .string(let text): text
                    case .integer(let number): String(number)
                    default: nil
                    }
                guard let text, let setting = WindowSetting(rawValue: text) else { return false }
                config.window = setting
                return true
            }, show: { "\"\($0.window.rawValue)\"" }),
        ConfigKey(
            path: "refresh.daily_budget", expected: tr("a whole number from 4 to 500"),
            apply: { config, value in
                guard case .integer(let budget) = value, (4...500).contains(budget) else { return false }
                config.policy.dailyBudget = budget
                return true
            }, show: { String($0.policy.dailyBudget) }),
        .retired(
            "refresh.open_meteo_minutes",
            replacedBy: tr(
                "forecasts are asked when a new model run can be out (CAMS twice a day, the forecast endpoint four times), at most 8 a day")
        ),
        .minutes("refresh.arpansa_active_minutes", 5...60, \.policy.arpansaActiveInterval),
        .minutes("refresh.arpansa_idle_minutes", 5...240, \.policy.arpansaIdleInterval),
        .boolean("providers.cams.enabled", \.camsEnabled),
        .url("providers.cams.url", \.endpoints.cams),
        .boolean("providers.open-meteo.enabled", \.openMeteoEnabled),
        .url("providers.open-meteo.url", \.endpoints.openMeteo),
        .boolean("providers.arpansa.enabled", \.arpansaEnabled),
        .url("providers.arpansa.url", \.endpoints.arpansa),
        .url("providers.arpansa.series_url", \.endpoints.arpansaSeries),
        ConfigKey(
            path: "providers.arpansa.station_radius_km", expected: tr("a number of kilometres from 1 to 500"),
            apply: { config, value in
                guard let km = value.number, (1...500).contains(km) else { return false }
                config.stationRadiusKilometres = km
                return true
            }, show: { String($0.stationRadiusKilometres) }),
        .url("providers.openweathermap.url", \.endpoints.openWeatherMap),
        ConfigKey(
            path: "providers.openweathermap.key_file", expected: tr("the absolute path of a file holding the key"),
            apply: { config, value in
                guard case .string(let path) = value, path.hasPrefix("/") else { return false }
                config.openWeatherMapKeyFile = path
                return true
            }, show: { $0.openWeatherMapKeyFile.map { "\"\($0)\"" } ?? tr("(none)") }),
        .boolean("leave_home.enabled", \.engine.leaveHomeEnabled),
        .number("leave_home.uv_threshold", 0...15, \.engine.leaveHomeThreshold),
        ConfigKey(
            path: "leave_home.debounce_seconds", expected: tr("a whole number of seconds from 0 to 3600"),
            apply: { config, value in
                guard case .integer(let seconds) = value, (0...3600).contains(seconds) else { return false }
                config.engine.leaveHomeDebounce = TimeInterval(seconds)
                return true
            }, show: { String(Int($0.engine.leaveHomeDebounce)) }),
        .minutes("leave_home.cooldown_minutes", 0...1440, \.engine.leaveHomeCooldown),
        .boolean("leave_home.babies", \.engine.leaveHomeNamesBabies),
        ConfigKey(
            path: "alerts.levels", expected: tr("a list of up to 5 UV index levels from 1 to 20, e.g. [6, 8]"),
            apply: { config, value in
                guard case .list(let items) = value, items.count <= 5 else { return false }
                let levels = items.compactMap(\.number)
                guard levels.count == items.count, levels.allSatisfy({ (1...20).contains($0) }) else { return false }
                config.engine.uvAlertLevels = levels.sorted()
                return true
            }, show: { "[" + $0.engine.uvAlertLevels.map { $0.plain }.joined(separator: ", ") + "]" }),
        .number("alerts.hysteresis", 0...3, \.engine.hysteresis),
        .number("alerts.extreme_level", 8...20, \.engine.extremeLevel),
        .boolean("alerts.extreme_passes_quiet_hours", \.engine.extremePassesQuietHours),
        .indoors("alerts.indoors", \.engine.alertsIndoors),
        ConfigKey(
            path: "morning.time", expected: tr("a time \"HH:MM\" or \"first-activity\""),
            apply: { config, value in
                guard case .string(let text) = value else { return false }
                if text == "first-activity" {
                    config.engine.morningMinute = nil
                    return true
                }
                guard let minute = WallClock.minuteOfDay(parsing: text) else { return false }
                config.engine.morningMinute = minute
                return true
            },
            show: { $0.engine.morningMinute.map { "\"\(WallClock.format(minuteOfDay: $0, twelveHour: false))\"" } ?? "\"first-activity\"" }),
        ConfigKey(
            path: "quiet.hours", expected: tr("a list of spans \"HH:MM-HH:MM\" (they may cross midnight), e.g. [\"22:00-07:00\"]"),
            apply: { config, value in
                guard case .list(let items) = value else { return false }
                let spans = items.compactMap { item -> QuietSpan? in
                    guard case .string(let text) = item else { return nil }
                    return QuietSpan(parsing: text)
                }
                guard spans.count == items.count else { return false }
                config.engine.quietHours = QuietHours(spans)
                return true
            }, show: { "[" + $0.engine.quietHours.spans.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }),
        .minutes("reapply.interval_minutes", 30...480, \.engine.reapplyInterval),
        .boolean("reapply.countdown", \.engine.reapplyCountdown),
        .indoors("reapply.indoors", \.engine.reapplyIndoors),
        .boolean("reapply.on_going_out", \.engine.reapplyOnGoingOut),
        .number("reapply.uv_threshold", 0...15, \.engine.reapplyUVThreshold),
        .boolean("dose.enabled", \.engine.doseEnabled),
        .patterns("network.wifi", \.wifiInterfaces),
        .patterns("network.cellular", \.cellularInterfaces),
        .boolean("tray.enabled", \.trayEnabled),
    ]
}

extension Configuration {
    /// The section of `config.toml` that sets a rule (`[leave_home]`, `[alerts]` …), as the rule
    /// itself declares it (`EngineRule.settingsSection`).
    public static func section(of rule: Rule) -> String { rule.settingsSection }

    /// Whether `config.toml` has a key in `section` (`dose`: `dose.enabled`).
    static func hasKeys(in section: String) -> Bool {
        ConfigKey.all.contains { $0.path.hasPrefix(section + ".") && $0.replacedBy == nil }
    }
}

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

/// One documented key of `config.toml`, setting the whole configuration.
typealias ConfigKey = SettingKey<Configuration>

extension SettingKey where Root == Configuration {
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

    static func retired(_ path: String, replacedBy replacement: String) -> ConfigKey {
        ConfigKey(
            path: path, expected: tr("nothing: it is ignored"), apply: { _, _ in true }, show: { _ in tr("(ignored)") },
            replacedBy: replacement)
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
    static let all: [ConfigKey] =
        [
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
                    "forecasts are asked when a new model run can be out (CAMS twice a day, the forecast endpoint four times), at most 8 a day"
                )
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
        ]
        // The rules' sections and `[quiet]`, as the engine lists them.
        + EngineSettings.keys.map { $0.within(\.engine) } + [
            .patterns("network.wifi", \.wifiInterfaces),
            .patterns("network.cellular", \.cellularInterfaces),
            .boolean("tray.enabled", \.trayEnabled),
        ]
}

extension Configuration {
    /// Whether `config.toml` has a key in `section` (`dose`: `dose.enabled`).
    static func hasKeys(in section: String) -> Bool {
        ConfigKey.all.contains { $0.path.hasPrefix(section + ".") && $0.replacedBy == nil }
    }
}

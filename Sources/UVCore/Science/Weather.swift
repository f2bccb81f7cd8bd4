import FoundationEssentials

/// The weather beside the UV: WMO code table 4677 as Open-Meteo reports it (`weather_code`),
/// grouped the way Open-Meteo's documentation names them, and the temperature in the unit the
/// user's locale uses.
public enum Weather {
    /// Words for a WMO weather code; nil for a code outside the table.
    public static func condition(wmoCode code: Int) -> String? {
        switch code {
        case 0: tr("clear sky")
        case 1: tr("mainly clear")
        case 2: tr("partly cloudy")
        case 3: tr("overcast")
        case 45, 48: tr("fog")
        case 51, 53, 55: tr("drizzle")
        case 56, 57: tr("freezing drizzle")
        case 61, 63, 65: tr("rain")
        case 66, 67: tr("freezing rain")
        case 71, 73, 75, 77: tr("snow")
        case 80, 81, 82: tr("rain showers")
        case 85, 86: tr("snow showers")
        case 95: tr("thunderstorm")
        case 96, 99: tr("thunderstorm with hail")
        default: nil
        }
    }

    /// Degrees Fahrenheit where the locale's region measures in them (the United States, Liberia,
    /// Myanmar — CLDR's measurement data), else Celsius. The locale is POSIX's: `LC_ALL`, then
    /// `LC_MEASUREMENT`, then `LANG` (`en_US.UTF-8` → US).
    public static func usesFahrenheit(environment: [String: String] = ProcessEnvironment.atStart) -> Bool {
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let region = locale.split(separator: ".").first?.split(separator: "_").dropFirst().first.map { $0.prefix(2) }
        return ["US", "LR", "MM"].contains(region.map(String.init) ?? "")
    }

    /// `24 °C` or `75 °F`, to the whole degree.
    public static func temperature(celsius: Double, fahrenheit: Bool) -> String {
        let value = fahrenheit ? celsius * 9 / 5 + 32 : celsius
        return tr("%1$@ °%2$@", Int(value.rounded()), fahrenheit ? "F" : "C")
    }
}

import FoundationEssentials

/// How numbers, clock times and dates are written for the person reading: by the conventions of
/// the language uvd speaks to them, so that a French sentence says `UV 9,4` and `lun. 23 nov.`.
///
/// The locale is the time locale (`LC_ALL`, `LC_TIME`, `LANG`) when it is of the message language
/// (`fr_CA` for French), else that language's main country (`fr_FR`, `es_ES`, `ja_JP`). English,
/// the source language, keeps uvd's own forms (`9.4`, `Mon 23 Nov`) with the 12- or 24-hour clock
/// of the time locale, as before any catalog existed. Machine-readable output (JSON, ISO 8601)
/// never goes through this.
public struct DisplayLocale: Sendable {
    /// The locale's identifier (`fr_FR`); nil for uvd's English forms.
    public let identifier: String?
    public let decimalSeparator: String
    public let uses12Hour: Bool

    /// The process's: its environment and the catalog `Localization` chose.
    public static let current = DisplayLocale(
        environment: ProcessEnvironment.atStart, messageLanguage: Localization.catalog?.language)

    /// A language's own country where the time locale does not name one of that language.
    static let mainCountry = ["fr": "fr_FR", "es": "es_ES", "ja": "ja_JP", "de": "de_DE", "it": "it_IT", "pt": "pt_PT", "nl": "nl_NL"]

    public init(environment: [String: String], messageLanguage: String?) {
        let time = Self.timeLocale(environment)
        guard let language = messageLanguage, !language.isEmpty else {
            identifier = nil
            decimalSeparator = "."
            uses12Hour = time.map(Self.uses12Hour) ?? false
            return
        }
        let base = String(language.prefix { $0 != "_" })
        let chosen =
            time.flatMap { $0 == base || $0.hasPrefix(base + "_") ? $0 : nil }
            ?? (language.contains("_") ? language : Self.mainCountry[base] ?? language)
        identifier = chosen
        decimalSeparator = Self.decimalSeparator(chosen)
        uses12Hour = Self.uses12Hour(chosen)
    }

    /// What separates the clauses of a line made of several ("Mia burns first: about 9 min; you:
    /// 25 min"): a semicolon and a space; in French a narrow no-break space before the semicolon, as
    /// its typography puts one before every two-part sign; in Japanese the ideographic comma.
    public var clauseSeparator: String {
        switch identifier.map({ String($0.prefix { $0 != "_" }) }) {
        case "fr": "\u{202F}; "
        case "ja": "、"
        default: "; "
        }
    }

    /// `value` with `places` decimals and the locale's separator (`9,4`); with `width`, padded on
    /// the left to that many columns, as `%5.1f` would.
    public func decimal(_ value: Double, places: Int, width: Int = 0) -> String {
        let digits = value.fixed(min(places, 6))
        let plain = digits.leftPadded(to: width)
        return decimalSeparator == "." ? plain : plain.replacing(every: ".", with: decimalSeparator)
    }

    /// A date in the locale's form (`lun. 23 nov.`, `11月23日(月)`), from CLDR's patterns and names
    /// (`DateForms`); uvd's own forms for English (`Mon 23 Nov`, `Monday 23 November 2026`). A
    /// locale CLDR has no entry for takes its language's (`fr_XX` as `fr`).
    public func format(_ date: Date, _ length: DateLength, in zone: Zone) -> String {
        let entry = identifier.flatMap { DateForms.locales[$0] ?? DateForms.locales[Self.parts($0).language] }
        guard let entry else {
            let pattern = length == .shortDay ? "EEE d MMM" : "EEEE d MMMM yyyy"
            return DatePattern.format(date, pattern: pattern, names: DateForms.english, in: zone)
        }
        let patterns = DateForms.patterns[entry.patterns]
        return DatePattern.format(
            date, pattern: length == .shortDay ? patterns.short : patterns.long, names: DateForms.names[entry.names], in: zone)
    }

    /// The first set of `LC_ALL`, `LC_TIME`, `LANG` without its codeset and modifier; nil for
    /// none, `C` and `POSIX`.
    private static func timeLocale(_ environment: [String: String]) -> String? {
        let names = ["LC_ALL", "LC_TIME", "LANG"]
        guard let value = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
        let identifier = String(value.prefix { $0 != "." && $0 != "@" })
        return identifier == "C" || identifier == "POSIX" ? nil : identifier
    }

    /// Whether a locale (`en_US`, `fr_CA`, `ja`) keeps a 12-hour clock, by CLDR's `timeData`
    /// (`LocaleConventions`: ICU's answer without loading ICU).
    static func uses12Hour(_ identifier: String) -> Bool {
        if let exception = LocaleConventions.twelveHourExceptions[identifier] { return exception }
        let (language, region) = parts(identifier)
        return region.map(LocaleConventions.twelveHourRegions.contains) ?? LocaleConventions.twelveHourLanguages.contains(language)
    }

    /// What separates a locale's decimals (CLDR, through `LocaleConventions`).
    static func decimalSeparator(_ identifier: String) -> String {
        LocaleConventions.separatorExceptions[identifier]
            ?? (LocaleConventions.commaLanguages.contains(parts(identifier).language) ? "," : ".")
    }

    /// `ll[_Script][_RR]`: the language, and the region when the last field is one (two letters
    /// or a three-digit UN M.49 area).
    static func parts(_ identifier: String) -> (language: String, region: String?) {
        let fields = identifier.split(separator: "_").map(String.init)
        let region = fields.dropFirst().last.flatMap { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) ? $0 : nil }
        return (fields.first ?? "", region)
    }
}

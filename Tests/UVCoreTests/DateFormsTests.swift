import Foundation
import Testing

@testable import UVCore

/// uvd writes its two dates as ICU writes them, for every locale of a language it speaks, every
/// weekday and every month, from its own CLDR tables (`DateForms`, by
/// `scripts/generate-date-formats.swift`). A failure means the toolchain's ICU changed: run the
/// script again. ICU answers here, in the tests only; uvd itself carries none of it.
@Suite struct DateFormsTests {
    /// Monday 5 January 2026 and the 6 days after it, then the 1st of each month, at noon UTC.
    static let dates: [Date] =
        (0..<7).map { Date(timeIntervalSince1970: 1_767_614_400 + Double($0) * 86_400) }
        + (1...12).map { month in
            var components = DateComponents(year: 2026, month: month, day: 1, hour: 12)
            components.timeZone = TimeZone(identifier: "UTC")
            return Calendar(identifier: .gregorian).date(from: components)!
        }

    @Test func everyLocaleAgreesWithICU() throws {
        var wrong: [String] = []
        let zone = try #require(Zone(identifier: "Europe/Paris"))
        for identifier in DateForms.locales.keys.sorted() {
            let display = DisplayLocale(environment: ["LANG": identifier + ".UTF-8"], messageLanguage: identifier)
            #expect(display.identifier == identifier)
            for (length, skeleton) in [(DateLength.shortDay, "EEEdMMM"), (.longDay, "EEEEdMMMMyyyy")] {
                let formatter = DateFormatter()
                formatter.timeZone = TimeZone(identifier: "Europe/Paris")
                formatter.locale = Locale(identifier: identifier)
                formatter.setLocalizedDateFormatFromTemplate(skeleton)
                for date in Self.dates where display.format(date, length, in: zone) != formatter.string(from: date) {
                    wrong.append(
                        "\(identifier) \(skeleton): \(display.format(date, length, in: zone)) ≠ ICU \(formatter.string(from: date))")
                }
            }
        }
        #expect(DateForms.locales.count > 90)
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(5))")
    }

    /// English keeps uvd's own patterns with British names, as it always wrote them.
    @Test func englishIsUvdsOwn() throws {
        let english = DisplayLocale(environment: ["LANG": "en_US.UTF-8"], messageLanguage: nil)
        let zone = try #require(Zone(identifier: "Australia/Sydney"))
        let september = Date(timeIntervalSince1970: 1_789_000_000)
        #expect(english.format(september, .shortDay, in: zone) == "Thu 10 Sep")
        #expect(english.format(september, .longDay, in: zone) == "Thursday 10 September 2026")
    }

    /// A region CLDR has no entry for writes as its language does.
    @Test func anUnknownRegionWritesAsItsLanguage() throws {
        let zone = try #require(Zone(identifier: "UTC"))
        let french = DisplayLocale(environment: ["LANG": "fr_XX.UTF-8"], messageLanguage: "fr")
        #expect(french.format(Self.dates[0], .shortDay, in: zone) == "lun. 5 janv.")
    }

    /// Quoted text in a pattern: `'de'` is the word, `''` a quote, inside quotes or out.
    @Test func quotedTextIsWrittenAsItIs() throws {
        let zone = try #require(Zone(identifier: "UTC"))
        let names = DateForms.english
        #expect(DatePattern.format(Self.dates[0], pattern: "d 'de' MMMM", names: names, in: zone) == "5 de January")
        #expect(DatePattern.format(Self.dates[0], pattern: "d''MM 'o''clock' 'y", names: names, in: zone) == "5'01 o'clock y")
    }
}

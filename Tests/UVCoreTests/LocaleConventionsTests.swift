import Foundation
import Testing

@testable import UVCore

/// The generated CLDR tables answer as ICU does for every locale ICU knows: 12- or 24-hour clock
/// and decimal separator. A failure means the toolchain's ICU changed: re-run
/// `scripts/generate-locale-conventions.swift`.
@Suite struct LocaleConventionsTests {
    @Test func everyLocaleAgreesWithICU() {
        var wrong: [String] = []
        for identifier in Locale.availableIdentifiers {
            let locale = Locale(identifier: identifier)
            let twelveHour = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale)?.contains("a") ?? false
            if DisplayLocale.uses12Hour(identifier) != twelveHour { wrong.append("\(identifier) 12-hour: ICU \(twelveHour)") }
            if DisplayLocale.decimalSeparator(identifier) != (locale.decimalSeparator ?? ".") {
                wrong.append("\(identifier) separator: ICU \(locale.decimalSeparator ?? "nil")")
            }
        }
        #expect(Locale.availableIdentifiers.count > 700)
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(5))")
    }

    @Test func theLocalesPeopleSetAnswerAsExpected() {
        #expect(DisplayLocale.uses12Hour("en_US") && DisplayLocale.uses12Hour("en_AU") && !DisplayLocale.uses12Hour("en_GB"))
        #expect(!DisplayLocale.uses12Hour("fr_CA") && !DisplayLocale.uses12Hour("ja_JP") && DisplayLocale.uses12Hour("es_MX"))
        #expect(
            DisplayLocale.decimalSeparator("fr_FR") == "," && DisplayLocale.decimalSeparator("es_MX") == "."
                && DisplayLocale.decimalSeparator("de_CH") == ".")
    }
}

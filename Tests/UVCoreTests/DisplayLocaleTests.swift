import Foundation
import Testing
import UVCore

/// Numbers, clocks and dates in the message language's conventions; uvd's own English forms
/// otherwise; and terminal columns counted as a terminal draws them.
@Suite struct DisplayLocaleTests {
    static let monday = Date(timeIntervalSince1970: 1_795_425_600)  // 2026-11-23T09:20:00Z
    static let paris = Zone(identifier: "Europe/Paris") ?? .utc

    @Test func englishKeepsUvdsOwnFormsAndTheTimeLocalesClock() {
        let american = DisplayLocale(environment: ["LANG": "en_US.UTF-8"], messageLanguage: nil)
        #expect(american.identifier == nil && american.decimal(9.44, places: 1) == "9.4" && american.uses12Hour)
        #expect(american.format(Self.monday, .shortDay, in: Self.paris) == "Mon 23 Nov")
        let german = DisplayLocale(environment: ["LANG": "de_DE.UTF-8"], messageLanguage: nil)
        #expect(german.decimal(9.44, places: 1) == "9.4" && !german.uses12Hour, "English sentences keep English numbers")
        #expect(!DisplayLocale(environment: ["LANG": "C.UTF-8"], messageLanguage: nil).uses12Hour)
    }

    /// "Mia burns first: about 9 min; you: 25 min" in each language's punctuation.
    @Test func clausesAreSeparatedAsEachLanguageWrites() {
        #expect(DisplayLocale(environment: [:], messageLanguage: nil).clauseSeparator == "; ")
        #expect(DisplayLocale(environment: [:], messageLanguage: "fr").clauseSeparator == "\u{202F}; ")
        #expect(DisplayLocale(environment: ["LANG": "fr_CA.UTF-8"], messageLanguage: "fr").clauseSeparator == "\u{202F}; ")
        #expect(DisplayLocale(environment: [:], messageLanguage: "ja").clauseSeparator == "、")
        #expect(DisplayLocale(environment: [:], messageLanguage: "es").clauseSeparator == "; ")
    }

    @Test func frenchAndSpanishWriteDecimalCommasAndTheirOwnDays() {
        let french = DisplayLocale(environment: ["LANG": "C.UTF-8"], messageLanguage: "fr")
        #expect(french.identifier == "fr_FR" && !french.uses12Hour)
        #expect(french.decimal(9.44, places: 1) == "9,4")
        #expect(french.decimal(9.44, places: 1, width: 5) == "  9,4")
        #expect(french.format(Self.monday, .shortDay, in: Self.paris) == "lun. 23 nov.")
        let spanish = DisplayLocale(environment: [:], messageLanguage: "es")
        #expect(spanish.identifier == "es_ES" && spanish.decimal(12.3, places: 1) == "12,3")
        #expect(spanish.format(Self.monday, .longDay, in: Self.paris) == "lunes, 23 de noviembre de 2026")
    }

    @Test func theTimeLocaleCountsWhenItIsOfTheMessageLanguage() {
        #expect(DisplayLocale(environment: ["LC_TIME": "fr_CA.UTF-8"], messageLanguage: "fr").identifier == "fr_CA")
        #expect(DisplayLocale(environment: ["LANG": "en_US.UTF-8"], messageLanguage: "fr").identifier == "fr_FR")
        #expect(!DisplayLocale(environment: ["LANG": "en_US.UTF-8"], messageLanguage: "fr").uses12Hour)
    }

    @Test func japaneseKeepsTheDecimalPointAndWritesItsOwnDates() {
        let japanese = DisplayLocale(environment: ["LANG": "C.UTF-8"], messageLanguage: "ja")
        #expect(japanese.identifier == "ja_JP" && japanese.decimal(9.44, places: 1) == "9.4" && !japanese.uses12Hour)
        #expect(japanese.format(Self.monday, .shortDay, in: Self.paris) == "11月23日(月)")
    }

    @Test func columnsAreCountedAsATerminalDrawsThem() {
        #expect("Very high".displayWidth == 9)
        #expect("極端に強い".displayWidth == 10)
        #expect("日焼け8分".displayWidth == 9)
        #expect("\u{1B}[1;31mUV\u{1B}[0m".displayWidth == 2)
        #expect("e\u{301}té".displayWidth == 3)
        #expect("ｱｲ".displayWidth == 2, "halfwidth katakana take one column each")
        #expect("ＵＶ".displayWidth == 4, "fullwidth Latin takes two")
        #expect("▲ ┃ · •".displayWidth == 7)
    }
}

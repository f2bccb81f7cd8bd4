import Testing
import UVCore

/// The `Plural-Forms` rules of real catalogs, and hostile ones that must not trap or recurse
/// without end.
@Suite struct PluralRuleTests {
    static func rule(_ forms: String) -> PluralRule? {
        PluralRule(header: "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: \(forms)\n")
    }

    @Test func frenchSpanishAndJapanese() throws {
        let french = try #require(Self.rule("nplurals=2; plural=(n > 1);"))
        #expect([0, 1, 2, 10].map(french.form) == [0, 0, 1, 1])
        let spanish = try #require(Self.rule("nplurals=2; plural=(n != 1);"))
        #expect([0, 1, 2].map(spanish.form) == [1, 0, 1])
        let japanese = try #require(Self.rule("nplurals=1; plural=0;"))
        #expect([0, 1, 2].map(japanese.form) == [0, 0, 0])
    }

    @Test func aThreeFormRuleWithPrecedence() throws {
        // Russian, as GNU gettext's manual gives it.
        let russian = try #require(
            Self.rule("nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;"))
        #expect([1, 2, 5, 11, 21, 22, 25, 111, 112].map(russian.form) == [0, 1, 2, 2, 0, 1, 2, 2, 2])
        let negated = try #require(Self.rule("nplurals=2; plural=!(n == 1);"))
        #expect([1, 3].map(negated.form) == [0, 1])
    }

    @Test func hostileRulesNeitherTrapNorRecurseForever() {
        #expect(
            Self.rule("nplurals=2; plural=" + String(repeating: "(", count: 100_000) + "n" + String(repeating: ")", count: 100_000) + ";")
                == nil)
        #expect(Self.rule("nplurals=2; plural=" + String(repeating: "!", count: 100_000) + "n;") == nil)
        #expect(Self.rule("nplurals=2; plural=n ? ;") == nil)
        #expect(Self.rule("nplurals=2; plural=99999999999999999999999;") == nil)
        #expect(Self.rule("nplurals=0; plural=0;") == nil)
        #expect(Self.rule("plural=n;") == nil)
        let division = Self.rule("nplurals=2; plural=n / 0 + n % 0 + 18446744073709551615 * n;")
        #expect(division?.form(for: 5) == 0, "wraps and divides by zero as 0, and an out-of-range form is the first")
        #expect(Self.rule("nplurals=2; plural=n-2;")?.form(for: -1) == 0)
    }

    @Test func withoutARuleAHeaderHasNone() {
        #expect(PluralRule(header: "Content-Type: text/plain; charset=UTF-8\n") == nil)
        #expect([1, 2].map(PluralRule.english.form) == [0, 1])
    }
}

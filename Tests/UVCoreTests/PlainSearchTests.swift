import Testing
import UVCore

/// The plain search and replace say what the standard library's text algorithms say (the regex
/// module's, which the tests may use and the binary does not): by whole characters, so an accent
/// that combines with a letter is part of it.
@Suite("Finding and replacing text without the regex module")
struct PlainSearchTests {
    static let texts = [
        "", "a", "aaa", "Australia/Lord_Howe", "../usr/share/zoneinfo/Australia/Sydney", "zoneinfo", "zoneinfo/",
        "/zoneinfo/zoneinfo/UTC", "Operation too slow. Less than 1 bytes/sec", "café", "cafe\u{301}", "👩‍👩‍👧 and 👩",
        "\0nul\0", "2027-01-15T09:30:00+11:00", "say \"hi\"",
    ]
    static let targets = ["", "a", "aa", "zoneinfo/", "too slow", "e", "é", "👩", "\0", "T", "\"", "/"]

    @Test(arguments: texts)
    func aFirstRangeIsTheStandardLibrarys(_ text: String) {
        for target in Self.targets {
            let expected = target.isEmpty ? nil : text.firstRange(of: target)
            #expect(text.firstRange(ofText: target) == expected, "\(target.debugDescription) in \(text.debugDescription)")
            #expect(text.contains(text: target) == (expected != nil))
        }
    }

    @Test(arguments: texts)
    func aReplacementIsTheStandardLibrarys(_ text: String) {
        for (character, replacement) in [("a", "b"), ("_", " "), ("\"", "\"\""), ("\0", ""), ("e", "E"), ("👩", "W"), ("T", " ")] {
            #expect(
                text.replacing(every: Character(character), with: replacement) == text.replacing(character, with: replacement),
                "\(character.debugDescription) in \(text.debugDescription)")
        }
    }

    @Test func aSliceIsSearchedFromItsOwnStart() {
        let text = "zoneinfo/a/zoneinfo/b"
        let slice = text.dropFirst(3)
        let found = slice.firstRange(ofText: "zoneinfo/")
        #expect(found.map { String(slice[$0.upperBound...]) } == "b")
        #expect(slice.prefix(5).replacing(every: "i", with: "I") == "eInfo")
    }
}

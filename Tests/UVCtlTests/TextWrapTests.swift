import Testing

@testable import UVControl

/// Lines broken to fit a terminal: the words, found by hand where a regex once found them.
@Suite struct TextWrapTests {
    @Test func wordsCarryTheSpacesBeforeThem() {
        let words = TextWrap.words("  a bb  ccc ").map { "\($0.spaces):\($0.word)" }
        #expect(words == ["2:a", "1:bb", "2:ccc"])
        #expect(TextWrap.words("").isEmpty && TextWrap.words("   ").isEmpty)
        #expect(TextWrap.words("é\u{301} x").map { String($0.word) } == ["é\u{301}", "x"])
    }

    @Test func linesBreakBetweenWordsAndAroundWideCharacters() {
        #expect(TextWrap.wrap("aaa bbb ccc", width: 7, indent: 2) == "aaa bbb\n  ccc")
        #expect(TextWrap.wrap("aaa  bbb", width: 20, indent: 2) == "aaa  bbb")
        #expect(TextWrap.wrap("日焼け止めを塗り直しましょう", width: 10, indent: 0) == "日焼け止め\nを塗り直し\nましょう")
    }
}

import Testing
import UVCore

@Suite struct JoinedTextTests {
    @Test(arguments: [[], [""], ["a"], ["a", "b"], ["UV 4.7", "", "Burn time · 23 min", "é ☀️"]] as [[String]])
    func isWhatJoinedGives(_ strings: [String]) {
        for separator in ["", "\n", " · "] {
            #expect(strings.joinedText(separator: separator) == strings.joined(separator: separator))
        }
    }
}

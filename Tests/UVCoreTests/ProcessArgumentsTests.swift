import Testing

@testable import UVCore

@Suite struct ProcessArgumentsTests {
    @Test func cmdlineIsArgumentsEachEndedByANul() {
        #expect(ProcessArguments.arguments(cmdline: Array("uvctl\0status\0".utf8)) == ["uvctl", "status"])
        #expect(ProcessArguments.arguments(cmdline: Array("uvctl\0status".utf8)) == ["uvctl", "status"])
        #expect(ProcessArguments.arguments(cmdline: Array("uvctl\0\0--json\0".utf8)) == ["uvctl", "", "--json"])
        #expect(ProcessArguments.arguments(cmdline: Array("\0".utf8)) == [""])
        #expect(ProcessArguments.arguments(cmdline: []) == [])
        #expect(ProcessArguments.arguments(cmdline: [0x75, 0xFF, 0]) == ["u\u{FFFD}"])
    }

    @Test func atStartAreThisProcessesArguments() {
        #expect(!ProcessArguments.atStart.isEmpty)
        #expect(ProcessArguments.atStart == CommandLine.arguments)
    }
}

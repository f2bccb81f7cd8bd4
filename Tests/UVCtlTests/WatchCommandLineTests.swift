import Testing

@testable import UVControl

/// Which command lines a status bar's `uvctl watch` is answered for without the parser: only
/// those whose meaning is plain; anything else goes to the parser, which reads and refuses it.
@Suite struct WatchCommandLineTests {
    @Test(arguments: [
        (["watch"], StatusFormat.compact),
        (["watch", "--format", "waybar"], .waybar),
        (["watch", "--format", "i3blocks"], .i3blocks),
        (["watch", "--format=polybar"], .polybar),
        (["watch", "--format", "compact"], .compact),
    ])
    func aBarsCommandLineNamesItsFormat(arguments: [String], format: StatusFormat) {
        #expect(WatchCommand.barFormat(arguments) == format)
    }

    @Test(arguments: [
        ["watch", "--json"],
        ["watch", "--format", "waybar", "--json"],
        ["watch", "--format", "xml"],
        ["watch", "--format=xml"],
        ["watch", "--format"],
        ["watch", "--format", "waybar", "--"],
        ["watch", "--help"],
        ["status"],
        [],
    ])
    func anythingElseIsTheParsers(arguments: [String]) {
        #expect(WatchCommand.barFormat(arguments) == nil)
    }
}

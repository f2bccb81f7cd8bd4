import Testing
import UVCore

/// LXQt's notifications.conf, as lxqt-config-notificationd writes it (Qt's INI format).
@Suite("LXQt's do-not-disturb setting")
struct LXQtNotificationSettingsTests {
    @Test(arguments: [
        ("[General]\ndoNotDisturb=true\nwidth=300\n", true),
        ("[General]\r\n  doNotDisturb = true \r\n", true),
        ("[General]\ndoNotDisturb=false\n", false),
        ("[General]\nwidth=300\n", false),
        ("[Blacklist]\ndoNotDisturb=true\n[General]\n", false),
        ("[General]\ndoNotDisturb=true\ndoNotDisturb=false\n", false),
        ("; comment\n# another\n[ General ]\ndoNotDisturb=TRUE\n", true),
        ("doNotDisturb=true\n", false),
        ("", false),
    ])
    func readsDoNotDisturbFromGeneral(_ text: String, _ expected: Bool) {
        #expect(LXQtNotificationSettings.doNotDisturb(in: text) == expected)
    }

    @Test func aMissingFileIsOffAndAnUnreadableOneUnknown() {
        #expect(LXQtNotificationSettings.doNotDisturb(in: .missing) == false)
        #expect(LXQtNotificationSettings.doNotDisturb(in: .unreadable("permission denied")) == nil)
        #expect(LXQtNotificationSettings.doNotDisturb(in: .tooLarge) == nil)
        #expect(LXQtNotificationSettings.doNotDisturb(in: .bytes(Array("[General]\ndoNotDisturb=true".utf8))) == true)
    }
}

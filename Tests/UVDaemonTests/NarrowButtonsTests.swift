import Foundation
import Testing
import UVCore
import UVEngine
import UVNotify

@testable import UVDaemon

/// lxqt-notificationd gives each of three buttons about 8 characters (measured under Xvfb:
/// "Not today" is cut to "Not tod…"): there, in every language, the labels fit.
@Suite("Button labels on LXQt", .serialized)
struct NarrowButtonsTests {
    static let lxqt = NotificationServerInfo(
        name: "lxqt-notificationd", vendor: "lxqt.org", version: "1.2.0", capabilities: ["actions", "body"])

    /// A translation from `po/LL.po` (written unwrapped by scripts/update-catalog).
    private func translated(_ english: String, in language: String) throws -> String {
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("po/\(language).po")
        let lines = try String(contentsOf: po, encoding: .utf8).split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex(of: "msgid \"\(english)\""), "\(english) in \(language).po")
        return String(lines[index + 1].dropFirst("msgstr \"".count).dropLast())
    }

    /// What LXQt gets in each language: the whole label where it fits, else the short one.
    @Test(arguments: ["en", "fr", "es", "ja"])
    func threeButtonsFitInEveryLanguage(_ language: String) throws {
        let pairs = [("Applied", "Done"), ("In 15 min", "15 min"), ("Not today", "Skip day"), ("I'm inside", "Inside")]
        for (whole, short) in pairs {
            let label = language == "en" ? whole : try translated(whole, in: language)
            let shortened = language == "en" ? short : try translated(short, in: language)
            let shown = label.displayWidth > Presenter.narrowButtonWidth ? shortened : label
            #expect(shown.displayWidth <= Presenter.narrowButtonWidth, "\(language): \(shown)")
        }
    }

    @Test func otherServersKeepTheWholeLabels() {
        let alert = PresentedAlert(
            subject: .rule(.leaveHome), rule: .leaveHome, summary: "s", body: "b", urgency: .normal,
            buttons: [(.applied, "Applied"), (.remind, "In 15 min"), (.notToday, "Not today")])
        let dunst = NotificationServerInfo(name: "dunst", vendor: "knopwob", version: "1.9.0", capabilities: ["actions"])
        #expect(Outbox.presentation(alert, on: dunst).buttons.map(\.label) == ["Applied", "In 15 min", "Not today"])
        #expect(Outbox.presentation(alert, on: Self.lxqt).buttons.map(\.label) == ["Applied", "15 min", "Skip day"])
    }

    /// The leave-home prompt's four buttons: where a server draws at most three (GNOME Shell,
    /// LXQt), the fourth is the uvctl command that does the same, in the body.
    @Test func aButtonPastTheMostAServerDrawsIsACommandInTheBody() {
        let alert = PresentedAlert(
            subject: .rule(.leaveHome), rule: .leaveHome, summary: "s", body: "b", urgency: .normal,
            buttons: [(.applied, "Applied"), (.remind, "In 15 min"), (.notToday, "Not today"), (.inside, "I'm inside")])
        let gnome = NotificationServerInfo(name: "gnome-shell", vendor: "GNOME", version: "43.9", capabilities: ["actions", "body"])
        for server in [gnome, Self.lxqt] {
            let shown = Outbox.presentation(alert, on: server)
            #expect(shown.buttons.map(\.key) == ["applied", "remind", "not-today"], "\(server.name)")
            #expect(shown.body == "b\nInside? Run: uvctl outside stop", "\(server.name)")
        }
        let dunst = NotificationServerInfo(name: "dunst", vendor: "knopwob", version: "1.9.0", capabilities: ["actions"])
        let everywhere = Outbox.presentation(alert, on: dunst)
        #expect(everywhere.buttons.map(\.key) == ["applied", "remind", "not-today", "inside"])
        #expect(everywhere.body == "b")
    }
}

import Foundation
import TestSupport
import Testing

/// A running uvd and `uvctl status` in French, Spanish and Japanese, from the repository's
/// catalogs: the daemon's own notifications follow the daemon's locale, `uvctl`'s text follows
/// uvctl's.
@Suite("uvd and uvctl status in another language")
struct TranslatedDaemonTests {
    static let levelNames = [
        "fr": ["Faible", "Modéré", "Élevé", "Très élevé", "Extrême"],
        "es": ["Bajo", "Moderado", "Alto", "Muy alto", "Extremo"],
        "ja": ["弱い", "中程度", "強い", "非常に強い", "極端に強い"],
    ]

    @Test func statusSpeaksEachLanguage() throws {
        let catalogs = try CompiledCatalogs()
        let uvd = try DaemonHarness()
        try uvd.start()
        try uvd.waitFor("a forecast") { try uvd.uvctl(["status", "--json"]).json()["source"] as? String ?? "model" != "model" }
        let expected: [(language: String, updated: String, decimal: Regex<Substring>)] = [
            ("fr", "mis à jour", /UV \d+,\d/), ("es", "actualizado", /UV \d+,\d/), ("ja", "更新", /UV \d+\.\d/),
        ]
        for (language, updated, decimal) in expected {
            let status = try ToolRunner.uvctl.run(
                ["status"], environment: uvd.environment.merging(catalogs.environment(language)) { _, new in new })
            #expect(status.status == 0)
            let text = status.stdout
            #expect(text.contains(decimal), "\(language): \(text)")
            #expect(text.contains(updated), "\(language): \(text)")
            #expect(Self.levelNames[language, default: []].contains { text.contains($0) }, "\(language): no level name in\n\(text)")
            for english in ["updated", "Burn time", "Sunscreen window", "No burn risk", "skin type", "Low", "High"] {
                #expect(!text.contains(english), "\(language): “\(english)” left in English:\n\(text)")
            }
        }
    }

    @Test func whyTheModelAnswersIsWordedByTheReader() throws {
        let catalogs = try CompiledCatalogs()
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        try uvd.waitFor("a failed fetch") { (try uvd.uvctl(["status", "--json"]).json()["note"] as? String)?.contains("(") == true }
        let english = try uvd.uvctl(["status", "--json"]).json()
        #expect((english["note"] as? String)?.hasPrefix("no provider data yet (") == true, "the daemon words it in its own language")
        let reason = try #require(english["modelReason"] as? [String: Any])
        #expect(reason["providerProblem"] is String)
        let french = try ToolRunner.uvctl.run(
            ["status"], environment: uvd.environment.merging(catalogs.environment("fr")) { _, new in new })
        #expect(french.stdout.contains("pas encore de données du fournisseur ("), "\(french.stdout)")
        #expect(!french.stdout.contains("no provider data yet"))
    }

    @Test(.enabled(if: RecordingNotificationServer.available, "needs dbus-daemon and python3-gi"))
    func theDaemonsNotificationsFollowItsLocale() throws {
        let catalogs = try CompiledCatalogs()
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC", extraConfig: DaemonHarness.remindersWhereverYouAre)
        let notifications = try RecordingNotificationServer(in: uvd.root)
        try uvd.start(
            extraEnvironment: catalogs.environment("fr").merging(["DBUS_SESSION_BUS_ADDRESS": notifications.address]) { _, new in new })
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "VI", "--spf", "50", "--quantity", "lots"]).status == 0)
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "61"]).status == 0)
        try uvd.waitFor("the reminder") {
            notifications.notifications().contains { ($0["hints"] as? [String: Any])?["category"] as? String == "x-uvd.reapply" }
        }
        let reminder = try #require(
            notifications.notifications().first { ($0["hints"] as? [String: Any])?["category"] as? String == "x-uvd.reapply" })
        #expect((reminder["summary"] as? String)?.hasPrefix("À renouveler avant ") == true, "\(reminder)")
        // uvctl, in English, reads what the daemon said in French.
        #expect(try uvd.uvctl(["history"]).stdout.contains("À renouveler avant "))
    }
}

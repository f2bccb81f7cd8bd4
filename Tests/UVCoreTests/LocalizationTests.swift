import Foundation
import Testing
import UVCore

/// Which language uvd speaks, and the catalogs it reads: gettext's order of variables, English
/// for C and POSIX, and a damaged catalog refused instead of read past its end.
@Suite struct LocalizationTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    @Test(arguments: [
        (["LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"], ["fr", "es"]),
        (["LANG": "fr_CA.UTF-8"], ["fr_CA", "fr"]),
        (["LANG": "C.UTF-8"], []),
        (["LANG": "POSIX"], []),
        (["LANGUAGE": "ja", "LANG": "C.UTF-8"], ["ja"]),
        (["LANGUAGE": "", "LC_ALL": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"], ["ja_JP", "ja"]),
        (["LC_MESSAGES": "es_ES@euro"], ["es_ES", "es"]),
        (["LANGUAGE": "en:fr"], []),
        ([:], []),
    ])
    func languagesInGettextsOrder(environment: [String: String], expected: [String]) {
        #expect(Localization.languages(environment: environment) == expected)
    }

    @Test func readsACatalogFromMsgfmt() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fuzz.appendingPathComponent("corpus/mo/plural-context-and-header.mo")))
        let catalog = try #require(MessageCatalog(bytes))
        #expect(catalog.translations["Low"] == "Faible")
        #expect(catalog.plurals["%1$@ min ago"] == ["il y a %1$@ min", "il y a %1$@ min"])
        #expect(catalog.pluralRule.form(for: 2) == 1 && catalog.pluralRule.form(for: 1) == 0)
        // The header and a message with a context are not uvd's.
        #expect(catalog.translations[""] == nil && catalog.translations["Quit"] == nil)
    }

    @Test func refusesADamagedCatalog() throws {
        for name in ["count-far-beyond-the-file", "string-past-the-end-big-endian"] {
            let bytes = try [UInt8](Data(contentsOf: Self.fuzz.appendingPathComponent("regressions/mo/\(name)")))
            #expect(MessageCatalog(bytes) == nil, "\(name)")
        }
        #expect(MessageCatalog(Array("not a catalog at all, just text".utf8)) == nil)
    }

    @Test func findsTheCatalogInTheLocaleDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let messages = directory.appendingPathComponent("fr/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.fuzz.appendingPathComponent("corpus/mo/plural-context-and-header.mo"), to: messages.appendingPathComponent("uvd.mo"))
        let french = Localization.load(environment: ["LANGUAGE": "fr", "UVD_LOCALEDIR": directory.path])
        #expect(french?.translations["Low"] == "Faible")
        #expect(Localization.load(environment: ["LANG": "C.UTF-8", "UVD_LOCALEDIR": directory.path]) == nil)
    }
}

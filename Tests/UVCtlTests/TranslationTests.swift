import Foundation
import TestSupport
import Testing

/// uvctl speaks the language gettext's variables ask for, from the catalog it finds; English
/// under C and where a message has no translation.
@Suite("uvctl in another language")
struct TranslationTests {
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus/mo/plural-context-and-header.mo")

    @Test func speaksFrenchFromAFrenchCatalog() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let messages = directory.appendingPathComponent("fr/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.catalog, to: messages.appendingPathComponent("uvd.mo"))
        let arguments = ["burn-time", "--skin-type", "I", "--uvi", "1"]

        let french = try ToolRunner.uvctl.run(arguments, environment: ["LANGUAGE": "fr", "UVD_LOCALEDIR": directory.path])
        #expect(french.stdout.contains("UV 1.0 Faible"), "\(french.stdout)")
        // A message the catalog lacks stays English.
        #expect(french.stdout.contains("An estimate, not medical advice."))
        let english = try ToolRunner.uvctl.run(arguments, environment: ["UVD_LOCALEDIR": directory.path])
        #expect(english.stdout.contains("UV 1.0 Low"))
    }
}

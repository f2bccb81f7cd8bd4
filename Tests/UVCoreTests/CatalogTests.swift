import Foundation
import TestSupport
import Testing
import UVCore

/// The catalog: `tr` fills positional arguments, and po/uvd.pot holds every sentence shown.
@Suite struct CatalogTests {
    static let script = ProviderFixture.packageRoot.appendingPathComponent("scripts/update-catalog")
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    @Test func argumentsFillTheirPositionsInAnyOrderAndAsOftenAsTheyAppear() {
        #expect(
            tr("Applied SPF %1$@ • %2$@ at %3$@ — reapply by %4$@", "30", "Medium", "10:05", "12:05")
                == "Applied SPF 30 • Medium at 10:05 — reapply by 12:05")
        #expect(tr("%1$@ muted until `uvctl unmute %1$@`", "reapply") == "reapply muted until `uvctl unmute reapply`")
        #expect(tr("%2$@, %1$@", 1, "two") == "two, 1")
        #expect(tr("Low") == "Low")
    }

    @Test func anArgumentIsNeverReadAsAPlaceholder() {
        #expect(tr("%1$@ · %2$@", "50%2$@ off", "Sydney") == "50%2$@ off · Sydney")
        #expect(
            tr("Clear-sky UV index %1$@ (ozone %2$@ DU, altitude %3$@ m, cloud %4$@ %)", 9, 300, 0, 50)
                == "Clear-sky UV index 9 (ozone 300 DU, altitude 0 m, cloud 50 %)")
    }

    @Test func englishPluralsFollowTheCount() {
        #expect(
            trn("a forecast for %1$@ (%2$@ hour)", "a forecast for %1$@ (%2$@ hours)", count: 1, "Sydney", 1)
                == "a forecast for Sydney (1 hour)")
        #expect(
            trn("a forecast for %1$@ (%2$@ hour)", "a forecast for %1$@ (%2$@ hours)", count: 72, "Sydney", 72)
                == "a forecast for Sydney (72 hours)")
    }

    @Test func theCatalogHoldsEverySentenceInTheSources() throws {
        let result = try ToolRunner.run(Self.python, [Self.script.path, "--check"], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("up to date"))
    }

    @Test func aTranslationStartsFromTheCatalog() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let translation = scratch.appendingPathComponent("de.po")
        let template = ProviderFixture.packageRoot.appendingPathComponent("po/uvd.pot")
        let made = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/msginit"),
            ["--no-translator", "--locale=de_DE.UTF-8", "--input", template.path, "--output-file", translation.path],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(made.status == 0, "\(made.stderr)")
        let checked = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/msgfmt"), ["--check", "--output-file=/dev/null", translation.path], environment: [:])
        #expect(checked.status == 0, "\(checked.stderr)")
        let text = try String(contentsOf: translation, encoding: .utf8)
        #expect(text.contains("msgid \"Apply sunscreen before you leave.\""))
        #expect(text.contains("msgid \"Reapply by %1$@\""))
    }

    @Test func aSentenceShownWithoutTrOrBuiltByInterpolationIsReported() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-catalog-\(UUID().uuidString)")
        let sources = root.appendingPathComponent("Sources/Tool")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try """
        print(tr("Fine."))
        print("Not in the catalog")
        print("\\(count)")
        throw ValidationError("--x must be 1 (got \\(x)).")
        let fix = "uvctl refresh"
        """.write(to: sources.appendingPathComponent("Main.swift"), atomically: true, encoding: .utf8)
        let result = try ToolRunner.run(Self.python, [Self.script.path, "--check", "--root", root.path], environment: [:])
        #expect(result.status == 1)
        let reported = result.stderr.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
        #expect(reported == ["Sources/Tool/Main.swift:2", "Sources/Tool/Main.swift:4"])
    }
}

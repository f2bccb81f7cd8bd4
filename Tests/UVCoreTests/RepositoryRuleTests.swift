import Foundation
import TestSupport
import Testing
import UVCore

/// The checks `make check` runs on the sources hold for the repository, and catch what they are
/// for when it is there: an import that points up a layer, a sleep or main-actor job on uvd's
/// executor.
@Suite("The repository's own rules")
struct RepositoryRuleTests {
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    let scratch = ScratchPath("uvd-rules")

    private func check(_ script: String, root: URL? = nil) throws -> ToolRunner.Result {
        let path = ProviderFixture.packageRoot.appendingPathComponent("scripts/\(script)").path
        return try ToolRunner.run(Self.python, [path] + (root.map { [$0.path] } ?? []), environment: [:])
    }

    /// A tree with CONTRIBUTING.md's layer table and one source file, `Sources/TARGET/Made.swift`.
    private func tree(target: String, source: String) throws -> URL {
        let folder = scratch.url.appendingPathComponent("Sources/\(target)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try source.write(to: folder.appendingPathComponent("Made.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: ProviderFixture.packageRoot.appendingPathComponent("CONTRIBUTING.md"),
            to: scratch.url.appendingPathComponent("CONTRIBUTING.md"))
        return scratch.url
    }

    @Test func theRepositoryKeepsItsLayers() throws {
        let result = try check("check-layers")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func anImportOfAHigherLayerIsCaught() throws {
        let root = try tree(target: "UVCore", source: "import FoundationEssentials\nimport UVDaemon\n")
        let result = try check("check-layers", root: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Sources/UVCore/Made.swift:2: UVCore (layer 1) imports UVDaemon (layer 7)"), "\(result.stderr)")
    }

    /// Full Foundation brings ICU's 34 MB into the binary; the sources import FoundationEssentials.
    @Test(arguments: ["Foundation", "FoundationInternationalization", "FoundationNetworking"])
    func anImportOfFullFoundationIsCaught(_ module: String) throws {
        let root = try tree(target: "UVStore", source: "import FoundationEssentials\nimport \(module)\n")
        let result = try check("check-layers", root: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Sources/UVStore/Made.swift:2: UVStore imports \(module), which brings ICU"), "\(result.stderr)")
    }

    @Test func anImportWithinALayerIsCaught() throws {
        let root = try tree(target: "UVStore", source: "import UVProviders\n")
        #expect(try check("check-layers", root: root).status == 1)
    }

    @Test func aTargetOutsideTheTableIsCaught() throws {
        let root = try tree(target: "UVSomethingNew", source: "import UVCore\n")
        let result = try check("check-layers", root: root)
        #expect(result.status == 1 && result.stderr.contains("not in the layer table"), "\(result.stderr)")
    }

    @Test func theRepositoryKeepsItsExecutorFree() throws {
        let result = try check("check-executor")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(arguments: [
        "try await Task.sleep(for: .seconds(1))", "try await ContinuousClock().sleep(for: .seconds(1))", "usleep(1000)",
        "Thread.sleep(forTimeInterval: 1)", "@MainActor func draw() {}", "await MainActor.run {}", "DispatchQueue.main.async {}",
    ])
    func aWaitOnTheExecutorIsCaught(line: String) throws {
        let root = try tree(target: "UVDaemon", source: "func made() async throws {\n    \(line)\n}\n")
        let result = try check("check-executor", root: root)
        #expect(result.status == 1 && result.stderr.contains("Sources/UVDaemon/Made.swift:2:"), "\(result.stderr)")
    }

    @Test func aWaitThatSaysWhyIsAllowed() throws {
        let root = try tree(target: "UVDaemon", source: "func made() {\n    usleep(1000)  // executor: a millisecond, once at start\n}\n")
        #expect(try check("check-executor", root: root).status == 0)
    }

    /// The changelog's newest version is the one the binaries print.
    @Test func theChangelogNamesTheVersionBuilt() throws {
        let changelog = try String(contentsOf: ProviderFixture.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(UVDVersion.string) (") == true, "\(newest ?? "no version heading")")
    }

    /// A release build's code order (Build/*-hot-text.ld) is stale when much of the code it names
    /// is gone from the build, as its linker map lists it.
    @Test(arguments: [(["foo", "bar"], true), (["foo", "bar", "gone1", "gone2", "gone3"], false)])
    func theCodeOrderIsCheckedAgainstTheBuild(named: [String], current: Bool) throws {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let map = scratch.url.appendingPathComponent("uvd.map")
        let script = scratch.url.appendingPathComponent("uvd-hot-text.ld")
        try """
             VMA              LMA     Size Align Out     In      Symbol
            1000             1000      100    16 .text
            1000             1000       10     1         /b/release/UVDaemon.build/Settle.swift.o:(.text.foo)
            1010             1010       10     1         /b/release/UVDaemon.build/Settle.swift.o:(.text.bar)

        """.write(to: map, atomically: true, encoding: .utf8)
        let sections = named.map { ".text.\($0)" }.joined(separator: " ")
        try "SECTIONS {\n  .text.hot : {\n    */UVDaemon.build/Settle.swift.o(\(sections))\n  }\n} INSERT BEFORE .text;\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let checker = ProviderFixture.packageRoot.appendingPathComponent("scripts/lib/hot_text.py").path
        let result = try ToolRunner.run(Self.python, [checker, "--check", map.path, script.path], environment: [:])
        #expect(result.status == (current ? 0 : 1), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 of the \(named.count) sections"), "\(result.stdout)")
        if !current { #expect(result.stderr.contains("stale: run scripts/order-functions")) }
    }
}

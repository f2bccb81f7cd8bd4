import Foundation
import TestSupport
import Testing

@Suite("uvd --check-config")
struct CheckConfigTests {
    private let scratch = ScratchPath("uvd-check")

    private func write(_ text: String) throws -> URL {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let file = scratch.url.appendingPathComponent("\(UUID().uuidString).toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func validAndInvalidFiles() throws {
        let good = try write("[refresh]\ndaily_budget = 20\n")
        let valid = try ToolRunner.uvd.run(["--check-config", good.path])
        #expect(valid.status == 0 && valid.stdout.contains("valid"))

        let bad = try write("[refresh]\ndaily_budget = 2\n[colour]\nx = 1\n")
        let invalid = try ToolRunner.uvd.run(["--check-config", bad.path])
        #expect(invalid.status == 78)
        #expect(invalid.stderr.contains("\(bad.path):2:1: refresh.daily_budget = 2 is not allowed; expected a whole number from 4 to 500"))
        #expect(invalid.stderr.contains("unknown key 'colour' at the top level"))
    }

    /// Each of these aborted the process (exit 134) inside the C++ TOML parser used before.
    @Test(arguments: ["[[[\n", "[😀\n", "a=[}\n", "e=1979-05-27T:\n", "\"\\u0000\" = 1\n"])
    func malformedDocumentsAreRefusedNotFatal(_ text: String) throws {
        let file = try write(text)
        let result = try ToolRunner.uvd.run(["--check-config", file.path])
        #expect(result.status == 78, "\(text.debugDescription): \(result.stderr)")
        #expect(result.stderr.hasPrefix("\(file.path):1:"), "\(result.stderr)")
    }

    @Test func missingFiles() throws {
        let missing = try ToolRunner.uvd.run(["--check-config", "/nonexistent/uvd.toml"])
        #expect(missing.status == 66 && missing.stderr.contains("no such file"))
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-nohome-\(UUID().uuidString)").path
        let defaults = try ToolRunner.uvd.run(["--check-config"], environment: ["HOME": home, "XDG_CONFIG_HOME": home])
        #expect(defaults.status == 0 && defaults.stdout.contains("the defaults apply"))
    }

    @Test func aFileWithoutTheFlagIsAUsageError() throws {
        let result = try ToolRunner.uvd.run(["/tmp/x.toml"])
        #expect(result.status == 64 && result.stderr.contains("only taken with --check-config"))
    }
}

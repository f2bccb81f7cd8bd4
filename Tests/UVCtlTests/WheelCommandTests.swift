import Foundation
import TestSupport
import Testing

/// `uvctl wheel` from the command line: SVG on standard output for a modelled day, a PNG through
/// rsvg-convert, and a clear message where rsvg-convert is missing.
@Suite("uvctl wheel")
struct WheelCommandTests {
    static let sydney = ["--offline", "--lat", "-33.87", "--lon", "151.21", "--tz", "Australia/Sydney", "--date", "2026-01-15"]

    @Test func drawsTheModelledDayAsSVG() throws {
        let result = try ToolRunner.uvctl.run(["wheel"] + Self.sydney + ["--at", "13:00"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<?xml"))
        #expect(result.stdout.components(separatedBy: #"class="segment""#).count - 1 == 24)
        // A clear January noon in Sydney: Extreme, with its cross-hatch, and 13:00 in the centre.
        #expect(result.stdout.contains("url(#hatch)"))
        #expect(result.stdout.contains(">13:00<"))
        #expect(result.stdout.contains(#"class="window""#) && result.stdout.contains(#"class="peak""#))
    }

    @Test func jsonSaysWhatWasDrawn() throws {
        let json = try ToolRunner.uvctl.run(["wheel"] + Self.sydney + ["--at", "13:00", "--json"]).json()
        #expect(json["time"] as? String == "13:00")
        #expect((json["caption"] as? String)?.hasPrefix("Extreme") == true)
        #expect((json["svg"] as? String)?.contains("<svg") == true)
        #expect(json["file"] is NSNull)
    }

    @Test func writesAPNGThroughRsvgConvert() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-wheel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("wheel.png")
        let result = try ToolRunner.uvctl.run(["wheel"] + Self.sydney + ["-o", png.path])
        #expect(result.status == 0, "\(result.stderr)")
        let header = try Data(contentsOf: png).prefix(8)
        #expect(header == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func saysWhatIsMissingWithoutRsvgConvert() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-wheel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try ToolRunner.uvctl.run(
            ["wheel"] + Self.sydney + ["-o", directory.appendingPathComponent("wheel.png").path], environment: ["PATH": directory.path])
        #expect(result.status == 69)
        #expect(result.stderr.contains("rsvg-convert") && result.stderr.contains("librsvg2-bin"))
    }

    /// A file that cannot be written is named with the reason, status 73 (it was Foundation's
    /// error dump, status 1).
    @Test(arguments: [
        ("/nonexistent-uvd/wheel.svg", "cannot write /nonexistent-uvd/wheel.svg: a folder above it is missing"),
        ("/dev/full", "cannot write /dev/full: No space left on device"),
    ])
    func aFileThatCannotBeWrittenSaysWhy(path: String, message: String) throws {
        let result = try ToolRunner.uvctl.run(["wheel"] + Self.sydney + ["-o", path])
        #expect(result.status == 73 && result.stderr == "uvctl: \(message)\n", "\(result.stderr)")
    }
}

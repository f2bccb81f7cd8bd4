import Foundation
import TestSupport
import Testing

/// The icon and desktop entry that notifications name ("uvd"): they render, validate, and
/// `make install-desktop` puts them where desktops look (and `uninstall-desktop` takes them away).
@Suite("Icon and desktop entry")
struct DesktopFilesTests {
    static let root = ProviderFixture.packageRoot
    static let icons = root.appendingPathComponent("data/icons/hicolor")

    /// Width and height from a PNG's IHDR chunk.
    private func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A][...])
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func theScalableIconRenders() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-icon-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        let svg = Self.icons.appendingPathComponent("scalable/apps/uvd.svg")
        let result = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/rsvg-convert"), ["-w", "48", "-h", "48", svg.path, "-o", out.path], environment: [:])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngSize(out) == (48, 48))
    }

    @Test(arguments: [16, 24, 32, 48, 64, 128, 256])
    func eachPNGIsItsSize(_ size: Int) throws {
        #expect(try pngSize(Self.icons.appendingPathComponent("\(size)x\(size)/apps/uvd.png")) == (size, size))
    }

    @Test func theDesktopEntryIsValidAndNamesTheIcon() throws {
        let entry = Self.root.appendingPathComponent("data/uvd.desktop")
        let result = try ToolRunner.run(URL(fileURLWithPath: "/usr/bin/desktop-file-validate"), [entry.path], environment: [:])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let text = try String(contentsOf: entry, encoding: .utf8)
        #expect(text.contains("\nIcon=uvd\n") && text.contains("\nX-GNOME-UsesNotifications=true\n"))
    }

    @Test func installAndUninstallPutThemAndTakeThemAway() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let make = URL(fileURLWithPath: "/usr/bin/make")
        let install = try ToolRunner.run(
            make, ["-s", "-C", Self.root.path, "install-desktop", "PREFIX=\(prefix.path)"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(install.status == 0, "\(install.stderr)")
        for path in [
            "share/applications/uvd.desktop", "share/icons/hicolor/scalable/apps/uvd.svg", "share/icons/hicolor/48x48/apps/uvd.png",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(path).path), "\(path)")
        }
        let uninstall = try ToolRunner.run(
            make, ["-s", "-C", Self.root.path, "uninstall-desktop", "PREFIX=\(prefix.path)"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(uninstall.status == 0)
        let left = FileManager.default.enumerator(atPath: prefix.path)?.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".png") || $0.hasSuffix(".svg") || $0.hasSuffix(".desktop")
        }
        #expect(left?.isEmpty ?? true, "\(left ?? [])")
        // The folders it made go too, once empty; the prefix itself stays.
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/icons").path))
        #expect(FileManager.default.fileExists(atPath: prefix.path))
    }
}

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The bar modules against their contracts: i3blocks' urgent exit and JSON lines, waybar's Pango
/// markup, and `uvctl watch` across a restart of uvd and into a closed pipe.
@Suite("Bars", .serialized)
struct BarTests {
    /// Greenwich in the harness's zone: the UV there never reaches extreme.
    private func started() throws -> DaemonHarness {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        try uvd.start()
        return uvd
    }

    @Test func i3blocksIsUrgentWhenSunscreenIsDue() throws {
        let uvd = try started()
        #expect(try uvd.uvctl(["status", "--format", "i3blocks"]).status == 0)
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "700"]).status == 0)
        let due = try uvd.uvctl(["status", "--format", "i3blocks"])
        #expect(due.status == 33, "\(due.stdout) \(due.stderr)")
        #expect(due.stdout.split(separator: "\n").count == 3)
    }

    @Test func waybarTextIsPangoMarkup() throws {
        let uvd = try started()
        #expect(try uvd.uvctl(["location", "add", "Sun & <Sea>", "51.5,0"]).status == 0)
        let line = try uvd.uvctl(["status", "--location", "Sun & <Sea>", "--format", "waybar"]).stdout
        let module = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let tooltip = try #require(module["tooltip"] as? String)
        #expect(tooltip.contains("Sun &amp; &lt;Sea&gt;"), "\(tooltip)")
        #expect(!tooltip.contains("Sun & "))
    }

    @Test func watchOutlivesARestartOfUvdAndSpeaksI3blocksJSON() throws {
        let uvd = try started()
        let output = uvd.root.appendingPathComponent("watch.out")
        let watch = try ChildProcess(
            ToolRunner.uvctl.executable.path, ["watch", "--format", "i3blocks"], environment: uvd.environment,
            stdout: output.path, stderr: "/dev/null")
        defer {
            watch.signal(SIGTERM)
            watch.wait()
        }
        func lines() -> [String] { ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        try uvd.waitFor("the first block") { !lines().isEmpty }
        let block = try #require(try JSONSerialization.jsonObject(with: Data(lines()[0].utf8)) as? [String: Any])
        #expect((block["full_text"] as? String)?.hasPrefix("UV ") == true && block["color"] is String && block["urgent"] as? Bool == false)
        uvd.kill(SIGTERM)
        try uvd.waitFor("the stopped block") { lines().contains { $0.contains("uvd stopped") } }
        let seen = lines().count
        try uvd.start()
        try uvd.waitFor("a block from the new uvd", timeout: 40) { lines().count > seen && lines().last?.contains("uvd stopped") == false }
    }

    /// A bar's own command line (`watch --format waybar`) is answered without the parser; the same
    /// request through it (`--` at the end) gives the same module.
    @Test func aBarsWatchSaysWhatTheParsedOneSays() throws {
        let uvd = try started()
        func firstModule(_ arguments: [String]) throws -> [String: Any] {
            let output = uvd.root.appendingPathComponent("watch-\(arguments.count).out")
            let watch = try ChildProcess(
                ToolRunner.uvctl.executable.path, arguments, environment: uvd.environment, stdout: output.path, stderr: output.path + ".err"
            )
            defer {
                watch.signal(SIGTERM)
                watch.wait()
            }
            func text() -> String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
            try uvd.waitFor("a module from uvctl \(arguments.joined(separator: " "))") { text().contains("\n") }
            let line = String(text().prefix { $0 != "\n" })
            return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        let bar = try firstModule(["watch", "--format", "waybar"])
        let parsed = try firstModule(["watch", "--format", "waybar", "--"])
        #expect(Set(bar.keys) == Set(parsed.keys) && Set(bar.keys).isSuperset(of: ["text", "tooltip", "class", "alt"]))
        #expect(bar["class"] as? [String] == parsed["class"] as? [String])
        #expect((bar["text"] as? String)?.hasPrefix("UV ") == true && (parsed["text"] as? String)?.hasPrefix("UV ") == true)
    }

    @Test func watchEndsQuietlyWhenItsReaderGoes() throws {
        let uvd = try started()
        let result = uvd.root.appendingPathComponent("pipe.out")
        let uvctl = ToolRunner.uvctl.executable.path
        // SIGPIPE ignored, as for a bar's children; the reader takes one line and goes.
        let shell = try ChildProcess(
            "/bin/bash", ["-c", "trap '' PIPE; '\(uvctl)' watch | head -n 1; echo \"status=${PIPESTATUS[0]}\""],
            environment: uvd.environment, stdout: result.path, stderr: result.path + ".err")
        func text() -> String { (try? String(contentsOf: result, encoding: .utf8)) ?? "" }
        try uvd.waitFor("the line the reader took") { text().contains("UV ") }
        // The next line finds the pipe closed: uvd stopping makes one.
        uvd.kill(SIGTERM)
        try uvd.waitFor("watch to end") { text().contains("status=") }
        shell.wait()
        #expect(text().contains("status=0"), "\(text()) \((try? String(contentsOfFile: result.path + ".err", encoding: .utf8)) ?? "")")
    }
}

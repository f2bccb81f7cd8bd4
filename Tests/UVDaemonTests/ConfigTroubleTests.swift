import Foundation
import Testing
import UVCore
import UVProtocol

@testable import UVDaemon

/// A configuration file with errors is said where the user looks (`uvctl status`, its watchers,
/// `uvctl doctor`) for as long as uvd runs on something else, not only in the journal.
@Suite struct ConfigTroubleTests {
    @Test func aRefusedReloadIsSaidUntilTheFileIsMended() async throws {
        let shell = try InProcessCore()
        let now = Date()
        await shell.startEngine(now: now)
        var watching = await shell.core.subscribe(now: now).makeAsyncIterator()
        _ = await watching.next()
        try "[refresh]\ndaily_budget = \"lots\"\nbogus = 1\n".write(to: shell.configFile, atomically: true, encoding: .utf8)
        await #expect(throws: Refusal.self) { try await shell.core.reload() }

        let warning = try #require(
            try await shell.core.read { try $0.status(now: Date()) }.warnings.first { $0.hasPrefix("Configuration: ") })
        #expect(warning.contains("uvd runs on the last good configuration") && warning.contains("config.toml:2:1"))
        #expect(warning.contains("(1 more problem)"))
        // Watchers hear it at once.
        #expect(try #require(await watching.next()).warnings.contains(warning))
        let check = try #require(await shell.core.diagnose(now: Date()).first { $0.name == "configuration" })
        #expect(check.result == .fail)

        try "[refresh]\ndaily_budget = 10\n".write(to: shell.configFile, atomically: true, encoding: .utf8)
        _ = try await shell.core.reload()
        #expect(try await shell.core.read { try $0.status(now: Date()) }.warnings.allSatisfy { !$0.hasPrefix("Configuration: ") })
        #expect(await shell.core.diagnose(now: Date()).first { $0.name == "configuration" }?.result == .ok)
    }
}

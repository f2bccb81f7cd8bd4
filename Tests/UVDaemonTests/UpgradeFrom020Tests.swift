import Foundation
import Logging
import TestSupport
import Testing
import UVConfig
import UVCore
import UVEngine
import UVStore

@testable import UVDaemon

/// A store and a configuration written by uvd 0.2.0 (`Tests/Fixtures/store-0.2.0`, made by its
/// `make.sh` with the 0.2.0 binaries) open in this uvd with everything kept: the profile, the
/// places, quiet hours, a mute, a snooze, the history and the sunscreen.
@Suite("Upgrading from 0.2.0")
struct UpgradeFrom020Tests {
    private let scratch = ScratchPath("uvd-upgrade")
    /// When the fixture was made: 28 November 2026, 14:03 in Nairobi.
    static let written = ISO8601DateFormatter().date(from: "2026-11-28T14:04:00+03:00")!

    private func copiedFixture() throws -> URL {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let fixture = ProviderFixture.packageRoot.appendingPathComponent("Tests/Fixtures/store-0.2.0")
        for name in ["uvd.sqlite", "config.toml"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: scratch.url.appendingPathComponent(name))
        }
        return scratch.url
    }

    @Test func theStoreOpensWithEverythingKept() throws {
        let directory = try copiedFixture()
        let store = try Store(path: directory.appendingPathComponent("uvd.sqlite"))
        #expect(store.recovery == nil)
        #expect(try store.profile() == Profile(skinType: .III, defaultSPF: .spf50, defaultQuantity: .lots))
        #expect(try store.manualPlace()?.name.hasPrefix("Nairobi") == true)
        #expect(try store.savedPlaces().map(\.name).sorted() == ["Beach", "Office"])
        let sunscreen = try #require(try store.sunscreenOn().newest)
        #expect(sunscreen.spf == .spf30 && sunscreen.quantity == .medium)
        let history = try store.history(limit: 10)
        #expect(history.map(\.kind) == [.notified, .notified, .withdrawn])
        #expect(history.map(\.subject) == [.rule(.morning), .uvLevel(.high), .rule(.morning)])

        guard case .read(let engine) = try store.restoreEngineState(now: Self.written) else {
            Issue.record("0.2.0's engine state was not read")
            return
        }
        #expect(engine.muted == [.morning])
        #expect(engine.snoozedUntil[.uvAlert].map { $0 > Self.written } == true)
        #expect(engine.quietHoursOverride == QuietHours([QuietSpan(start: 21 * 60 + 30, end: 6 * 60 + 30)]))
        #expect(engine.sunscreen.newest?.spf == .spf30, "0.2.0's one application, read as everyone's")
        // Migrated to the time-outside table of 0.3.0, empty.
        #expect(
            try store.outsideIntervals(overlapping: DateInterval(start: Self.written.addingTimeInterval(-86_400), duration: 172_800))
                .isEmpty)
        #expect(try !store.isOutside(.network))
    }

    @Test func theConfigurationReadsAsItWasMeant() throws {
        let directory = try copiedFixture()
        let loaded = try ConfigLoader.load(file: directory.appendingPathComponent("config.toml"))
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.configuration.engine.quietHours == QuietHours([QuietSpan(start: 22 * 60, end: 7 * 60)]))
        #expect(loaded.configuration.engine[part: UVAlertSettings.self].levels == [6, 9])
        #expect(!loaded.configuration.camsEnabled && !loaded.configuration.openMeteoEnabled && !loaded.configuration.arpansaEnabled)
    }

    /// The daemon's core starts on it as the new release would: nothing set aside, nothing said
    /// of the state, the mute, snooze and quiet hours in force.
    @Test func theCoreStartsOnItWithNothingSetAside() async throws {
        let directory = try copiedFixture()
        let store = try Store(path: directory.appendingPathComponent("uvd.sqlite"))
        var log = Logger(label: "uvd-test")
        log.logLevel = .critical
        let core = try CoreShell(
            store: store, driver: NotificationDriver(server: RecordingServer()),
            configFile: directory.appendingPathComponent("config.toml"),
            lastGoodConfig: directory.appendingPathComponent("last-good.toml"),
            loaded: try ConfigLoader.load(file: directory.appendingPathComponent("config.toml")), httpClient: NoNetwork(),
            timer: RecordingTimer(), systemPlace: InProcessCore.sydney, log: log, now: Self.written)
        #expect(await core.state.opened.engineProblem == nil)
        #expect(await core.state.warnings.isEmpty)
        #expect(await core.state.engine.muted == [.morning])
        #expect(await core.state.engine.isQuiet(at: ISO8601DateFormatter().date(from: "2026-11-28T21:45:00+03:00")!))
        #expect(await core.state.user.profile.skinType == .III)
    }
}

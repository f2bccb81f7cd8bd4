import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVProtocol
import UVStore

@testable import UVDaemon

/// A command the store cannot keep (another writer holds the database) is refused and taken
/// back, and nothing else is lost with it: what earlier events changed and still waits to be
/// kept is kept with the next event.
@Suite struct StoreRefusalTests {
    static let helper = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/hold_write_lock.py")

    @Test func aRefusedCommandKeepsWhatEarlierEventsChanged() async throws {
        // A forecast arrived whose step shows an alert: it waits for its delivery to end.
        let shell = try await SettleCountTests.forecastWaitingForItsDelivery()

        // Another writer holds the database: the command is refused and taken back.
        let lock = try WriteLock(database: shell.storeFile)
        let core = shell.core
        let refusal = await #expect(throws: Refusal.self) {
            try await core.run(
                try UVD.AddLocation.command(AddLocationParameters(name: "Work", place: "Melbourne"), now: SettleCountTests.arrival),
                now: SettleCountTests.arrival)
        }
        // Said with the file that could not be written, and that nothing changed.
        #expect(refusal?.message.contains(shell.storeFile.path) == true)
        #expect(refusal?.message.contains("nothing was changed") == true)
        lock.release()

        // The forecast that waited is kept once the store takes writes again; the refused
        // command is not.
        _ = await shell.core.timerFired(clockChanged: false, now: SettleCountTests.arrival.addingTimeInterval(Core.deliveryWait))
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key)?.fetchedAt == SettleCountTests.arrival)
        #expect(try shell.store.savedPlaces().isEmpty)
        #expect(try shell.store.engineState() == (await shell.core.state.engine))
    }

    /// `state` as the store gives it back: its dates in seconds since 1970, as the store writes
    /// them, lose the last bit of their Double (`nextLevelAt`, say), which no reader minds.
    static func asKept(_ state: EngineState) throws -> EngineState {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(EngineState.self, from: encoder.encode(state))
    }

    /// What time outside is open in `core`: the network's and the user's.
    static func open(_ core: CoreShell) async -> [Bool] {
        [await core.state.outside.network, await core.state.outside.user]
    }

    /// Every command that changes what the rules or the time outside hold, as uvctl sends it.
    enum Command: String, CaseIterable, Sendable {
        case quietSet = "quiet set"
        case quietReset = "quiet reset"
        case quietNow = "quiet now"
        case quietOff = "quiet off"
        case snooze, mute
        case muteToday = "mute --today"
        case unmute
        case outsideStart = "outside start"
        case outsideAdd = "outside add"

        func run(_ core: CoreShell, now: Date) async throws {
            switch self {
            case .quietSet: try await core.run(.quiet(QuietHours([QuietSpan(parsing: "21:00-06:00")!])), now: now)
            case .quietReset: try await core.run(.quiet(nil), now: now)
            case .quietNow: try await core.run(.quietFor(minutes: 60), now: now)
            case .quietOff: try await core.run(.quietOff, now: now)
            case .snooze: try await core.run(.snooze(.uvAlert, minutes: 90), now: now)
            case .mute: try await core.run(.mute(.reapply, today: false), now: now)
            case .muteToday: try await core.run(.mute(.morning, today: true), now: now)
            case .unmute: try await core.run(.unmute(.dose), now: now)
            case .outsideStart: try await core.run(.outside(OutsideParameters(action: .start, date: nil)), now: now)
            case .outsideAdd:
                try await core.run(.outside(OutsideParameters(action: .add, date: nil, span: ClockSpan(parsing: "08:00-09:00"))), now: now)
            }
        }
    }

    /// A command is kept before it is answered: with another writer holding the database, each
    /// says it could not save and changes nothing (the rules, the time outside, the store), and
    /// the same command is kept once the lock is gone. Before, quiet, snooze, mute, unmute and
    /// outside answered as if kept, and a crash before the next write lost them.
    @Test(arguments: Command.allCases)
    func aRefusedCommandChangesNothing(_ command: Command) async throws {
        let shell = try InProcessCore()
        let morning = SettleCountTests.arrival
        await shell.startEngine(now: morning)
        // Muted, quiet hours of the user's own and quiet now, so that unmuting, a reset and
        // "quiet off" change something.
        try await shell.core.run(.mute(.dose, today: false), now: morning)
        try await shell.core.run(.quiet(QuietHours([QuietSpan(parsing: "22:00-07:00")!])), now: morning)
        try await shell.core.run(.quietFor(minutes: 30), now: morning)
        let rulesBefore = await shell.core.state.engine
        let outsideBefore = await Self.open(shell.core)
        let day = LocalDay.interval(containing: morning, in: InProcessCore.sydney.timeZone)

        let lock = try WriteLock(database: shell.storeFile)
        let refusal = await #expect(throws: Refusal.self, "\(command.rawValue)") { try await command.run(shell.core, now: morning) }
        #expect(refusal?.message.contains("nothing was changed") == true, "\(command.rawValue): \(refusal?.message ?? "")")
        lock.release()
        #expect(await shell.core.state.engine == rulesBefore, "\(command.rawValue) changed the rules")
        #expect(await Self.open(shell.core) == outsideBefore, "\(command.rawValue) changed the time outside")
        #expect(try shell.store.engineState() == rulesBefore)
        #expect(try shell.store.outsideIntervals(overlapping: day).isEmpty)

        // The store takes writes again: the same command is kept.
        try await command.run(shell.core, now: morning)
        #expect(try shell.store.engineState() == Self.asKept(await shell.core.state.engine))
        let rulesAfter = await shell.core.state.engine
        let outsideAfter = await Self.open(shell.core)
        let changed = rulesAfter != rulesBefore || outsideAfter != outsideBefore
        #expect(changed || command == .outsideAdd, "\(command.rawValue) changed nothing")
        if command == .outsideAdd { #expect(try !shell.store.outsideIntervals(overlapping: day).isEmpty) }
    }
}

/// Another process holding a database's write lock (`hold_write_lock.py`) until released.
final class WriteLock {
    private let child: ChildProcess
    private let directory: URL

    init(database: URL) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ready = directory.appendingPathComponent("ready")
        let log = directory.appendingPathComponent("log").path
        child = try ChildProcess(
            "/usr/bin/python3", [StoreRefusalTests.helper.path, database.path, ready.path], environment: [:], stdout: log, stderr: log)
        _ = eventuallyBlocking { (try? String(contentsOf: ready, encoding: .utf8)) == "locked\n" || !child.isRunning }
        guard (try? String(contentsOf: ready, encoding: .utf8)) == "locked\n" else {
            release()
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""])
        }
    }

    func release() {
        if child.isRunning { child.signal(SIGTERM) }
        _ = child.wait()
        try? FileManager.default.removeItem(at: directory)
    }
}

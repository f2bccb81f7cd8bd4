import Foundation
import TestSupport
import Testing
import UVCore
import UVStore

#if canImport(Glibc)
    import Glibc
#endif

/// uvd with a damaged database keeps running, and status and doctor say what happened.
@Suite("uvd and a damaged database", .serialized)
struct DamagedStateTests {
    @Test(arguments: ["garbage", "directory"])
    func itStartsAfreshAndSaysWhereTheOldFilesAre(_ damage: String) throws {
        let uvd = try DaemonHarness(providers: false)
        let database = uvd.root.appendingPathComponent("state/uvd/uvd.sqlite")
        try FileManager.default.createDirectory(at: database.deletingLastPathComponent(), withIntermediateDirectories: true)
        if damage == "garbage" {
            try Data(repeating: 0x42, count: 12_288).write(to: database)
        } else {
            try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
        }
        try uvd.start()
        let status = try uvd.uvctl(["status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("State: the database "), "\(status.stdout)")
        #expect(status.stdout.contains("moved it to \(database.path).damaged-"))
        let doctor = try uvd.uvctl(["doctor", "--json"]).json()
        let checks = try #require(doctor["checks"] as? [[String: Any]])
        let state = try #require(checks.first { $0["name"] as? String == "state" })
        #expect(state["result"] as? String == "warn")
        #expect(uvd.log.contains("moved it to \(database.path).damaged-"))
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "III"]).status == 0)
    }

    /// Another program reads the database (a read transaction held open): three changes are
    /// acknowledged at once (0.4 took 10 s each), uvd is killed with -9, one bit flips in the
    /// -wal that holds them. SQLite drops those frames silently; the restarted uvd says so.
    @Test func aDamagedWALThatHeldAcknowledgedChangesIsSaid() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let held = uvd.root.appendingPathComponent("reader-holds")
        let script = """
            import sqlite3, sys, time, pathlib
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN")
            db.execute("SELECT count(*) FROM setting").fetchall()
            pathlib.Path(sys.argv[2]).touch()
            time.sleep(60)
            """
        let reader = try ChildProcess(
            "/usr/bin/python3", ["-c", script, uvd.database.path, held.path], environment: ToolRunner.baseEnvironment,
            stdout: "/dev/null", stderr: "/dev/null")
        defer {
            reader.signal(SIGKILL)
            _ = reader.wait()
        }
        try uvd.waitFor("the reader") { FileManager.default.fileExists(atPath: held.path) }
        let start = Date()
        for (name, place) in [("Beach", "-33.89,151.28"), ("Work", "-33.87,151.21"), ("Park", "-33.86,151.20")] {
            #expect(try uvd.uvctl(["location", "add", name, place]).status == 0)
        }
        #expect(Date().timeIntervalSince(start) < 5, "no write waited for the reader")
        let doctor = try uvd.uvctl(["doctor"]).stdout
        #expect(doctor.contains("another process holds \(uvd.database.path) open: pid \(reader.pid) (python3)"), "\(doctor)")
        uvd.kill(SIGKILL)
        reader.signal(SIGKILL)
        _ = reader.wait()

        let walFile = URL(fileURLWithPath: uvd.database.path + "-wal")
        var wal = try Data(contentsOf: walFile)
        try #require(wal.count > 32 + 24 + 100)
        wal[32 + 24 + 100] ^= 0x01
        try wal.write(to: walFile)
        try uvd.start()
        let status = try uvd.uvctl(["status"]).stdout
        // Three of them at least: uvd keeps its own state with each event too.
        let said = status.split(separator: "\n").first { $0.contains("acknowledged changes were lost with a damaged write-ahead log") }
        let count = said.flatMap { Int($0.dropFirst("State: ".count).prefix { $0.isNumber }) }
        #expect((count ?? 0) >= 3, "\(status)")
        #expect(uvd.log.contains("acknowledged changes were lost"))
        #expect(try uvd.uvctl(["location", "list"]).stdout.contains("Beach") == false)
    }
}

/// A sunscreen recorded while the clock was wrong (in 2100) is not counted once the clock is right.
@Suite("uvd and a sunscreen from the future", .serialized)
struct FutureSunscreenTests {
    @Test func itIsSetAsideAndSaid() throws {
        let uvd = try DaemonHarness(providers: false)
        let database = uvd.root.appendingPathComponent("state/uvd/uvd.sqlite")
        do {
            let store = try Store(path: database)
            try store.save(
                StoreChanges(
                    sunscreen: SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: Date(timeIntervalSince1970: 4_102_444_800))))
        }
        try uvd.start()
        let status = try uvd.uvctl(["status", "--json"]).json()
        #expect(status["sunscreen"] is NSNull)
        let warnings = try #require(status["warnings"] as? [String])
        #expect(warnings.contains { $0.hasPrefix("Sunscreen: the application recorded for 2100-01-01") }, "\(warnings)")
        #expect(try uvd.uvctl(["sunscreen", "apply", "--spf", "30"]).status == 0)
        #expect((try uvd.uvctl(["status", "--json"]).json()["warnings"] as? [String])?.isEmpty == true)
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "-5"]).status == 64)
    }
}

import Foundation
import TestSupport
import Testing
import UVCore
import UVStore

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

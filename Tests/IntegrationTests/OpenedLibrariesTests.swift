import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The libraries uvd opens when it first needs them (`Sources/CLazyLink`), not linked: uvctl, the
/// same binary, never loads them, and a daemon that cannot open one says which package to
/// install instead of crashing.
@Suite("Libraries opened at first use")
struct OpenedLibrariesTests {
    /// Every library the dynamic loader brings in for `uvctl arguments` (`LD_DEBUG=libs`).
    static func loaded(by arguments: [String]) throws -> [String] {
        let result = try ToolRunner.uvctl.run(arguments, environment: ["LD_DEBUG": "libs"])
        return result.stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    /// What uvd opens at first use and uvctl never needs.
    static let openedAtFirstUse = ["libsqlite3", "libglib-2.0", "libgobject-2.0", "libgio-2.0", "libgdk_pixbuf", "libnotify"]

    @Test(arguments: [["--version"], ["status"]])
    func uvctlLoadsNeitherSQLiteNorGLib(_ arguments: [String]) throws {
        let libraries = try Self.loaded(by: arguments)
        #expect(libraries.contains { $0.contains("libc.so") }, "LD_DEBUG=libs names what is loaded: \(libraries)")
        for library in Self.openedAtFirstUse {
            #expect(!libraries.contains { $0.contains(library) }, "\(library): \(libraries)")
        }
    }

    /// A libnotify.so.4 that is no library, first on the search path: uvd says which package to
    /// install and goes on without notifications, the tray or GeoClue; the status and the store
    /// work, and it stops as it should.
    @Test func withoutLibnotifyTheDaemonGoesOn() throws {
        let uvd = try DaemonHarness()
        let libraries = uvd.root.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        try Data("not a library".utf8).write(to: libraries.appendingPathComponent("libnotify.so.4"))
        try uvd.start(extraEnvironment: ["LD_LIBRARY_PATH": libraries.path])
        defer { uvd.kill(SIGTERM) }
        // Said as the notifications are first needed, just after uvd is ready.
        try uvd.waitFor("the missing library said") { uvd.log.contains("libnotify.so.4 cannot be loaded") }
        #expect(uvd.log.contains("install the libnotify4 package"), "\(uvd.log)")
        #expect(try uvd.uvctl(["status"]).status == 0)
        #expect(try uvd.uvctl(["sunscreen", "apply", "--spf", "30"]).status == 0)
        #expect(try uvd.uvctl(["status", "--json"]).json()["sunscreen"] != nil)
        uvd.kill(SIGTERM)
        #expect(!uvd.log.contains("a library was called before it was opened"), "\(uvd.log)")
    }

    /// A libsqlite3.so.0 that is no library, first on the search path: uvd stops at once, saying
    /// what could not be loaded and which Debian package holds it, with the exit status for a
    /// file it cannot open (73), not a crash's.
    @Test func aStoreWithoutSQLiteNamesThePackage() throws {
        let home = RunDirectory.make("uvd-no-sqlite")
        defer { try? FileManager.default.removeItem(at: home) }
        let libraries = home.appendingPathComponent("lib")
        let runtime = home.appendingPathComponent("run")
        for directory in [libraries, runtime] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try Data("not a library".utf8).write(to: libraries.appendingPathComponent("libsqlite3.so.0"))
        let result = try ToolRunner.uvd.run(
            [],
            environment: [
                "LD_LIBRARY_PATH": libraries.path, "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path,
                "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
                "XDG_DATA_HOME": home.appendingPathComponent("data").path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            ])
        #expect(result.status == 73, "\(result.status): \(result.stderr)")
        #expect(result.stderr.contains("libsqlite3.so.0 cannot be loaded"), "\(result.stderr)")
        #expect(result.stderr.contains("install the libsqlite3-0 package"), "\(result.stderr)")
    }
}

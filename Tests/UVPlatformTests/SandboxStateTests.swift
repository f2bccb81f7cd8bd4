import Foundation
import Testing

@testable import UVPlatform

/// Whether the unit's sandbox applied, from what the kernel says of the process.
@Suite("The sandbox that applied")
struct SandboxStateTests {
    @Test func theInitialUserNamespaceMapsEveryIdToItself() {
        #expect(!SandboxState.isOwnUserNamespace(uidMap: "         0          0 4294967295\n"))
        #expect(!SandboxState.isOwnUserNamespace(uidMap: ""))
    }

    /// What PrivateUsers= gives a user service (user_namespaces(7)): its own uid mapped, the
    /// rest to nobody.
    @Test func aNamespaceOfItsOwnMapsLess() {
        #expect(SandboxState.isOwnUserNamespace(uidMap: "      1000       1000          1\n"))
        #expect(SandboxState.isOwnUserNamespace(uidMap: "         0          0          1\n      1000       1000          1\n"))
    }

    /// A process started in a new user namespace by unshare(1), its map read for real.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "needs unshare(1)"))
    func aNewUserNamespaceReadForReal() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["--user", "--map-root-user", "cat", "/proc/self/uid_map"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let inside = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "user namespaces are not allowed here")
        #expect(SandboxState.isOwnUserNamespace(uidMap: inside))
    }
}

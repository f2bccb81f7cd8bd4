import Foundation
import Testing

@testable import UVPlatform

/// uvd's directories are its user's alone; one it finds that is not is tightened or refused.
@Suite("Private directories and the instance lock")
struct PrivateDirectoryTests {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-private-\(UUID().uuidString.prefix(8))")

    private func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test func aNewDirectoryIs0700() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("a/b/state").path
        try PrivateDirectory.prepare(path)
        #expect(mode(path) == 0o700)
    }

    @Test func aLooserOneIsTightenedUnlessStrict() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let loose = base.appendingPathComponent("loose").path
        try FileManager.default.createDirectory(atPath: loose, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(
            throws: PrivateDirectory.Refused(path: loose, problem: "can be used by others (mode 755); expected mode 0700; set it right")
        ) {
            try PrivateDirectory.prepare(loose, strict: true, advice: "set it right")
        }
        #expect(mode(loose) == 0o755)
        try PrivateDirectory.prepare(loose)
        #expect(mode(loose) == 0o700)
    }

    @Test func aSymbolicLinkIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let target = base.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let link = base.appendingPathComponent("runtime").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: PrivateDirectory.Refused.self) { try PrivateDirectory.prepare(link, strict: true) }
        #expect(throws: PrivateDirectory.Refused.self) { try PrivateDirectory.prepare(link) }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a directory to another user"))
    func anotherUsersDirectoryIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let theirs = base.appendingPathComponent("theirs").path
        try FileManager.default.createDirectory(atPath: theirs, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(chown(theirs, 65534, 65534) == 0)
        #expect(throws: PrivateDirectory.Refused(path: theirs, problem: "belongs to user 65534, not to you (0)")) {
            try PrivateDirectory.prepare(theirs)
        }
    }

    @Test func somethingElseAtTheSocketPathIsNamed() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let path = base.appendingPathComponent("io.uvd").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: SocketError("bind \(path): something other than a socket is there (remove it)", EEXIST)) {
            try UnixListener(path: path)
        }
    }
}

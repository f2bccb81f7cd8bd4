import Glibc
import Testing
import UVPlatform

@Suite struct RuntimeDirectoryTests {
    @Test func isUvdInXDGRuntimeDir() {
        let directory = RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000", "TMPDIR": "/var/tmp"])
        #expect(directory == RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000/"]))
        #expect(directory.path == "/run/user/1000/uvd")
        #expect(directory.socketPath == "/run/user/1000/uvd/io.uvd")
        #expect(!directory.isFallback)
    }

    @Test func trailingSlashesAndTheRootJoinWithOneSlash() {
        #expect(RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": "/run/user/1000///"]).path == "/run/user/1000/uvd")
        #expect(RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": "/"]).socketPath == "/uvd/io.uvd")
    }

    /// The specification: a relative XDG_RUNTIME_DIR is invalid and is ignored.
    @Test func withoutAnAbsoluteXDGRuntimeDirItIsUvdUIDInTMPDIR() {
        let directory = RuntimeDirectory(environment: ["XDG_RUNTIME_DIR": "run/user/1000", "TMPDIR": "/var/tmp/"])
        #expect(directory.path == "/var/tmp/uvd-\(getuid())")
        #expect(directory.isFallback)
    }

    @Test func withoutAnAbsoluteTMPDIRItIsTmp() {
        #expect(RuntimeDirectory(environment: ["TMPDIR": "tmp"]).path == "/tmp/uvd-\(getuid())")
        #expect(RuntimeDirectory(environment: [:]).socketPath == "/tmp/uvd-\(getuid())/io.uvd")
    }
}

import Glibc
import UVCore

/// Where uvd's socket and instance lock live: `$XDG_RUNTIME_DIR/uvd`, or without an absolute
/// XDG_RUNTIME_DIR, `uvd-UID` in `$TMPDIR` (else /tmp). The one place both programs work it out.
///
/// A path joined as text, without `URL` or the file system: it is all `uvctl` needs of the XDG
/// directories at each call, and `URL(fileURLWithPath:)` asks the file system whether each
/// part is a directory and builds a `Set<UInt8>` whose conformance lookup scans every record
/// in the binary (350,000 instructions, 6 % of a `uvctl status`).
public struct RuntimeDirectory: Sendable, Equatable {
    /// The directory, without a trailing slash.
    public var path: String
    /// Whether `path` is the /tmp fallback, which uvd must find as it made it (0700, its own).
    public var isFallback: Bool

    public init(environment: [String: String] = ProcessEnvironment.atStart) {
        if let runtimeDirectory = environment["XDG_RUNTIME_DIR"], runtimeDirectory.hasPrefix("/") {
            path = Self.join(runtimeDirectory, "uvd")
            isFallback = false
        } else {
            let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            path = Self.join(temporary, "uvd-\(getuid())")
            isFallback = true
        }
    }

    /// The control socket, `io.uvd` in the directory.
    public var socketPath: String { Self.join(path, "io.uvd") }

    /// `name` in the absolute directory `directory`, its trailing slashes dropped.
    static func join(_ directory: String, _ name: String) -> String {
        var base = Substring(directory)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        return base == "/" ? "/" + name : String(base) + "/" + name
    }
}

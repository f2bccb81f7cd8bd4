import Foundation

/// Runs one of the package's built executables, as a user would from a shell.
public struct ToolRunner: Sendable {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        /// Standard output parsed as a JSON object.
        public func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            guard let dictionary = object as? [String: Any] else { throw ParseError.notAnObject(stdout) }
            return dictionary
        }
    }

    public enum ParseError: Error { case notAnObject(String) }

    /// The products directory holds the test bundle and the executables side by side.
    public static let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent()

    /// `uvctl` as it is installed: a link named `uvctl` to the one program, `uvd`, made in a run
    /// directory of the tests' own (the build's folder holds only `uvd`).
    public static let uvctl = ToolRunner(name: "uvctl", executable: linkedUVCtl)
    public static let uvd = ToolRunner(name: "uvd", executable: productsDirectory.appendingPathComponent("uvd"))

    private static let linkedUVCtl: URL = {
        let link = RunDirectory.make("uvd-bin").appendingPathComponent("uvctl")
        try? FileManager.default.createSymbolicLink(at: link, withDestinationURL: productsDirectory.appendingPathComponent("uvd"))
        return link
    }()

    public let name: String
    public let executable: URL

    /// A clean, predictable environment: C locale, UTC, and an empty home of the tests' own, so
    /// that nothing in the developer's ~/.config or ~/.local reaches a test.
    /// `TMPDIR` is there too, so that a run without `XDG_RUNTIME_DIR` makes its fallback
    /// runtime directory inside, not in /tmp.
    public static let baseEnvironment = [
        "PATH": "/usr/bin:/bin", "TZ": "Etc/UTC", "LANG": "C.UTF-8", "HOME": emptyHome, "TMPDIR": emptyHome,
    ]

    private static let emptyHome = RunDirectory.make("uvd-test-home").path

    /// Runs `name arguments…` with the base environment plus `environment`, feeding `stdin`.
    public func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> Result {
        try Self.run(executable, arguments, environment: Self.baseEnvironment.merging(environment) { _, new in new }, stdin: stdin)
    }

    /// Runs any program to completion and collects its output (through files: see `ChildProcess`).
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String], stdin: String? = nil) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("in")
        let output = scratch.appendingPathComponent("out")
        let errors = scratch.appendingPathComponent("err")
        try Data((stdin ?? "").utf8).write(to: input)
        let child = try ChildProcess(
            executable.path, arguments, environment: environment, stdin: input.path, stdout: output.path, stderr: errors.path)
        let status = child.wait()
        return Result(
            status: status,
            stdout: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}

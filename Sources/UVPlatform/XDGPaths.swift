import FoundationEssentials
import UVCore

/// Where uvd keeps things, by the XDG Base Directory Specification
/// (https://specifications.freedesktop.org/basedir-spec/latest/): each variable if set to an absolute path, else its documented default.
public struct XDGPaths: Sendable, Equatable {
    public var config: URL
    public var state: URL
    public var cache: URL
    /// Where the socket and the instance lock live.
    public var runtimeDirectory: RuntimeDirectory

    public init(environment: [String: String] = ProcessEnvironment.atStart) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        config = base("XDG_CONFIG_HOME", ".config").appendingPathComponent("uvd")
        state = base("XDG_STATE_HOME", ".local/state").appendingPathComponent("uvd")
        cache = base("XDG_CACHE_HOME", ".cache").appendingPathComponent("uvd")
        runtimeDirectory = RuntimeDirectory(environment: environment)
    }

    public var configFile: URL { config.appendingPathComponent("config.toml") }
    public var database: URL { state.appendingPathComponent("uvd.sqlite") }
    /// A copy of the last configuration file that loaded cleanly, used when the file breaks.
    public var lastGoodConfig: URL { state.appendingPathComponent("last-good-config.toml") }
}

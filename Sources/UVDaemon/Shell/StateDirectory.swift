import FoundationEssentials
import Glibc
import UVCore
import UVPlatform

/// uvd's state directory, `$XDG_STATE_HOME/uvd` (by default `~/.local/state/uvd`), whether uvd
/// runs under systemd or in a terminal.
///
/// `$STATE_DIRECTORY` is not the answer: for a user unit, `StateDirectory=` means
/// `$XDG_CONFIG_HOME` on systemd < 254 (v254 moved it to `$XDG_STATE_HOME`, systemd#28168). So
/// the unit runs `uvd --prepare-state` before its sandbox makes home read-only (`ExecStartPre=+`)
/// and lists the directory in `ReadWritePaths=`, and a database that an earlier uvd left at a
/// former place is moved here rather than silently left behind.
public enum StateDirectory {
    /// Creates the directory (0700, with its parents) or checks the one there. Under systemd, a
    /// refusal says how to give the sandbox write access to a place of the user's choosing.
    public static func prepare(_ paths: XDGPaths, environment: [String: String] = ProcessEnvironment.atStart)
        throws(PrivateDirectory.Refused)
    {
        do throws(PrivateDirectory.Refused) {
            try PrivateDirectory.prepare(paths.state.path)
            // There but not writable: a sandbox's read-only mount (EROFS) shows only here.
            if access(paths.state.path, W_OK) != 0 {
                let code = errno
                throw PrivateDirectory.Refused(path: paths.state.path, problem: FileProblem.reason(code), code: code)
            }
        } catch {
            guard environment["INVOCATION_ID"] != nil, let code = error.code, [EROFS, ENOENT, EACCES, EPERM].contains(code) else {
                throw error
            }
            throw PrivateDirectory.Refused(
                path: error.path,
                problem: error.problem + "; "
                    + tr(
                        "the unit's sandbox makes only ~/.local/state/uvd writable (and $XDG_STATE_HOME/uvd on systemd 254 or later): give it this one with `systemctl --user edit uvd`, adding [Service] ReadWritePaths=%1$@",
                        error.path),
                code: code)
        }
    }

    /// Where earlier versions, or uvd with another environment, may have kept the database:
    /// `$STATE_DIRECTORY` and the configuration directory (systemd < 254's `StateDirectory=`),
    /// and `~/.local/state/uvd` when `$XDG_STATE_HOME` names another place.
    static func formerPlaces(_ paths: XDGPaths, environment: [String: String]) -> [URL] {
        var places = [paths.config]
        if let directory = environment["STATE_DIRECTORY"], directory.hasPrefix("/"), !directory.contains(":") {
            places.append(URL(fileURLWithPath: directory))
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            places.append(URL(fileURLWithPath: home).appendingPathComponent(".local/state/uvd"))
        }
        let current = paths.state.standardizedFileURL.path
        var seen = Set<String>()
        return places.filter { place in
            let path = place.standardizedFileURL.path
            return path != current && seen.insert(path).inserted
        }
    }

    /// Moves a database found at a former place into the state directory when that has none
    /// (the database with its `-wal`, and the last good configuration); a second database left
    /// beside one in use is named, not touched. Returns what was done, a sentence each, for the log.
    public static func adoptFormerState(_ paths: XDGPaths, environment: [String: String] = ProcessEnvironment.atStart) -> [String] {
        let files = FileManager.default
        var said: [String] = []
        for place in formerPlaces(paths, environment: environment) {
            let former = place.appendingPathComponent(paths.database.lastPathComponent)
            guard files.fileExists(atPath: former.path) else { continue }
            if files.fileExists(atPath: paths.database.path) {
                said.append(
                    tr(
                        "another database, %1$@, is not the one in use (%2$@); remove it once you know you do not need it", former.path,
                        paths.database.path))
                continue
            }
            do {
                for suffix in ["", "-wal"] {
                    let from = URL(fileURLWithPath: former.path + suffix)
                    guard files.fileExists(atPath: from.path) else { continue }
                    try move(from, to: URL(fileURLWithPath: paths.database.path + suffix))
                }
                try? files.removeItem(atPath: former.path + "-shm")
                let lastGood = place.appendingPathComponent(paths.lastGoodConfig.lastPathComponent)
                if files.fileExists(atPath: lastGood.path), !files.fileExists(atPath: paths.lastGoodConfig.path) {
                    try? move(lastGood, to: paths.lastGoodConfig)
                }
                said.append(tr("moved the state an earlier uvd kept in %1$@ to %2$@", place.path, paths.state.path))
            } catch {
                said.append(
                    tr(
                        "found state in %1$@ but could not move it to %2$@ (%3$@); it is left there", place.path, paths.state.path,
                        "\(error)"))
            }
        }
        return said
    }

    /// A rename, or a copy and removal where the two are on different mounts (as a sandbox's
    /// bind mounts are, even on one file system: rename(2) says EXDEV).
    private static func move(_ from: URL, to: URL) throws {
        if rename(from.path, to.path) == 0 { return }
        guard errno == EXDEV else { throw PrivateDirectory.Refused(path: from.path, problem: FileProblem.reason(errno), code: errno) }
        try? FileManager.default.removeItem(at: to)
        try FileManager.default.copyItem(at: from, to: to)
        try FileManager.default.removeItem(at: from)
    }
}

/// What `systemd-analyze verify` said of the units under test, apart from what it said of the
/// machine's other units: a user's own, such as dunst's and mako's, which both claim
/// `org.freedesktop.Notifications` ("Two services allocated for the same bus name") on many a
/// sway desktop, are theirs to mend, not uvd's.
public enum SystemdVerify {
    /// The lines of `stderr` that name one of `units` (by unit name or by a path in `directory`).
    public static func problems(in stderr: String, of units: [String], in directory: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            line.contains(directory) || units.contains { line.hasPrefix($0 + ":") || line.contains(" " + $0) }
        }
    }
}

import UVConfig
import UVCore

/// The configuration file's errors while uvd runs on something other than what the file says:
/// at start (on the last good copy, or the defaults) or after a reload was refused. Said in
/// `uvctl status` and `uvctl doctor` until the file loads, not only in the journal.
struct ConfigTrouble: Sendable, Equatable {
    /// What uvd runs on instead of the file.
    enum Fallback: Sendable, Equatable {
        /// The last copy of the file that loaded (`last-good-config.toml` in the state
        /// directory), or what loaded before a refused reload.
        case lastGood
        /// The built-in defaults: no copy of the file ever loaded.
        case defaults
    }

    /// Every problem found, each naming the file, line and column.
    var problem: ConfigLoader.Invalid
    var fallback: Fallback

    /// What uvd runs on, the first problem and how many more.
    var summary: String {
        let runsOn = fallback == .lastGood ? tr("the last good configuration") : tr("the defaults")
        let more = problem.problems.count - 1
        let said = tr("uvd runs on %1$@, as the file has errors: %2$@", runsOn, problem.problems.first ?? "")
        return more > 0 ? said + " " + trn("(%1$@ more problem)", "(%1$@ more problems)", count: more, more) : said
    }

    /// What mends it.
    static var fix: String { tr("uvd --check-config names every problem; mend the file, then uvctl reload") }
}

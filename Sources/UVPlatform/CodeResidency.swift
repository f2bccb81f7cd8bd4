import CEventLoop

/// Keeps uvd's resident memory to the code it runs. Starting runs code that idle never runs again,
/// and Linux maps a file's pages around every one a process touches (fault-around, 64 KB): over
/// uvd's 19 MB of code and GLib's, most of what is resident after a start or a provider round
/// never runs again. This lets go of the code pages of every object loaded so far (they are clean
/// pages of the files, mapped again from the page cache when next run) and turns fault-around off
/// for them. Called once started, after each provider round (which may load libxml2), and as each
/// control connection ends (a `uvctl` command is over).
///
/// `make bench`, idle: 17.1 → 10.2–11.1 MB alone; 22.7 → 18.3–19.0 MB with a station, a session
/// bus and a notification server. Called after READY, not before: dropping the pages before
/// starting made starting fault them back one by one (READY 16 ms instead of 12–13.5).
public enum CodeResidency {
    /// How many code ranges the kernel refused the advice for (0 normally; nothing else changes).
    @discardableResult
    public static func touchedPagesOnly() -> Int {
        Int(uvd_code_random_access())
    }
}

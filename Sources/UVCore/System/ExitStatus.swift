/// Every exit status uvd and uvctl end with, named once. The values are BSD's sysexits.h
/// (`man sysexits`), which systemd's `RestartPreventExitStatus=` and scripts read; 1 is the
/// plain "it did not work" of a command whose answer was no.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// A check answered "no" (a failed doctor check, a refresh that got nothing, an unanswered test).
    case failure = 1
    /// EX_USAGE: a bad argument or a value uvd refuses.
    case usage = 64
    /// EX_DATAERR: a file that was read but is wrong (a scenario line).
    case dataError = 65
    /// EX_NOINPUT: a file that is missing or cannot be read.
    case noInput = 66
    /// EX_UNAVAILABLE: uvd is not running, or a helper program is missing.
    case unavailable = 69
    /// EX_CANTCREAT: a directory or file uvd must write cannot be used.
    case cannotCreate = 73
    /// EX_IOERR: standard output or input failed (a reader that has gone).
    case ioError = 74
    /// EX_TEMPFAIL: another uvd already runs for this user.
    case alreadyRunning = 75
    /// EX_NOPERM: a socket served by another user.
    case notPermitted = 77
    /// EX_CONFIG: a configuration file with errors.
    case configuration = 78

    /// The statuses of a daemon start that retrying cannot mend: the unit's
    /// `RestartPreventExitStatus=` lists exactly these (a test compares them).
    public static let permanentStartFailures: [ExitStatus] = [.usage, .cannotCreate, .alreadyRunning, .configuration]
}

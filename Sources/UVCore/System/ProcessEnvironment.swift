import FoundationEssentials

/// The environment uvd or uvctl started with, read once.
///
/// `ProcessInfo.environment` builds a new dictionary at each read (0.4 M instructions for 35
/// variables; seven reads were 14 % of a `uvctl status`). Neither program sets a variable
/// (`setenv` races every thread that reads the environment), so what the first read gives stays
/// true for the process. The session bus's address is the one read live (`SessionBus.address`):
/// a test sets it in its own process.
public enum ProcessEnvironment {
    public static let atStart: [String: String] = ProcessInfo.processInfo.environment
}

/// The arguments uvd or uvctl started with, read once.
///
/// `CommandLine.arguments`, unless it is empty: a process always has at least its name, but on
/// Linux the Swift runtime finds argv on its own after the program is loaded, and where a
/// library preloaded before it changes the environment (`LD_PRELOAD` of libfaketime does) it
/// finds none. Read as none, `uvctl status` would start as the daemon. Then the kernel's copy
/// is read instead: /proc/self/cmdline, the arguments each ended by a NUL.
public enum ProcessArguments {
    public static let atStart: [String] = CommandLine.arguments.isEmpty ? fromKernel() : CommandLine.arguments

    /// /proc/self/cmdline's arguments; none where it cannot be read. Its limit is well above what
    /// the kernel lets a command line be (a quarter of the stack's limit, 2 MB by default).
    private static func fromKernel() -> [String] {
        guard case .bytes(let bytes) = SmallFile.read("/proc/self/cmdline", maximumSize: 32 << 20) else { return [] }
        return arguments(cmdline: bytes)
    }

    /// The arguments of a `cmdline` file: each ended by a NUL (the last one's may be missing),
    /// bytes that are not UTF-8 repaired (U+FFFD).
    public static func arguments(cmdline: [UInt8]) -> [String] {
        guard !cmdline.isEmpty else { return [] }
        let ended = cmdline.last == 0 ? cmdline.dropLast() : cmdline[...]
        return ended.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

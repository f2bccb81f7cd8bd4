import Glibc

/// The environment uvd or uvctl started with, read once.
///
/// Read from `environ` itself: `ProcessInfo.environment` builds a new dictionary at each read
/// (0.4 M instructions for 35 variables; seven reads were 14 % of a `uvctl status`), and its
/// first read also sets up all of `ProcessInfo` (64,000 instructions more). Neither program sets a
/// variable (`setenv` races every thread that reads the environment), so what the first read
/// gives stays true for the process. The session bus's address is the one read live
/// (`SessionBus.address`): a test sets it in its own process.
public enum ProcessEnvironment {
    public static let atStart: [String: String] = variables(environ)

    /// `NAME=value` entries as a dictionary. An entry without `=` is not a variable and is left
    /// out; of two entries of one name the first is kept, the one `getenv` gives, so that uvd and
    /// the C libraries it loads see one environment. Bytes that are not UTF-8 are repaired
    /// (U+FFFD), as `String(cString:)` does.
    public static func variables(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var variables: [String: String] = [:]
        guard var entry = entries else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if variables[name] == nil {
                    // After the `=` byte, not the character: `=` and a combining mark after it
                    // are one character.
                    variables[name] = String(text[text.utf8.index(after: equals)...])
                }
            }
            entry += 1
        }
        return variables
    }
}

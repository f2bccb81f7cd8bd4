import FoundationEssentials

/// LXQt's notification settings file (`~/.config/lxqt/notifications.conf`, Qt's INI format):
/// its do-not-disturb is `doNotDisturb=true` in `[General]`, and LXQt offers no signal for it.
public enum LXQtNotificationSettings {
    /// The do-not-disturb the file says: true or false; a file that is missing, or says nothing
    /// of it, is off (LXQt writes the key only once it is set); nil when the file cannot be read.
    public static func doNotDisturb(in contents: SmallFile.Contents) -> Bool? {
        switch contents {
        case .missing: false
        case .bytes(let bytes): doNotDisturb(in: String(decoding: bytes, as: UTF8.self))
        case .tooLarge, .unreadable: nil
        }
    }

    /// Reads the text: sections in brackets, `key=value` lines, `;` and `#` comments, surrounding
    /// spaces and CR LF ignored; Qt writes booleans `true`/`false`. The last value wins.
    public static func doNotDisturb(in text: String) -> Bool {
        var section = ""
        var value = false
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = raw.trimmingSpaces()
            if line.hasPrefix(";") || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast()).trimmingSpaces()
                continue
            }
            guard section == "General", let equals = line.firstIndex(of: "=") else { continue }
            guard line[..<equals].trimmingSpaces() == "doNotDisturb" else { continue }
            value = line[line.index(after: equals)...].trimmingSpaces().lowercased() == "true"
        }
        return value
    }
}

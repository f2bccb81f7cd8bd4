import FoundationEssentials

extension Zone {
    /// The IANA name of the system's zone: `TZ` (a leading `:` dropped), else the zone
    /// `/etc/localtime` links to, else Debian's `/etc/timezone`, else `UTC`; each only when this
    /// system has that zone.
    public static func systemIdentifier(
        environment: [String: String] = ProcessEnvironment.atStart, localtime: String = "/etc/localtime"
    ) -> String {
        if let tz = environment["TZ"].map({ $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }), Zone(identifier: tz) != nil {
            return tz
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtime),
            let range = target.firstRange(ofText: "zoneinfo/"), Zone(identifier: String(target[range.upperBound...])) != nil
        {
            return String(target[range.upperBound...])
        }
        let file = URL(filePath: localtime).deletingLastPathComponent().appending(path: "timezone").path
        if let line = (try? String(contentsOfFile: file, encoding: .utf8))?.split(separator: "\n").first.map(String.init),
            Zone(identifier: line) != nil
        {
            return line
        }
        return "UTC"
    }

    /// The system's zone now.
    public static var current: Zone { Zone(identifier: systemIdentifier()) ?? .utc }
}

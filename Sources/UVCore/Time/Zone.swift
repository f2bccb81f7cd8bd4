import FoundationEssentials
import Synchronization

/// A place's time zone: its IANA name and its UTC offset at any instant, read from the system's
/// compiled zone files (`$TZDIR`, else `/usr/share/zoneinfo`) by uvd itself.
///
/// Not Foundation's `TimeZone`: on Linux that asks ICU, which brings megabytes of code and data
/// into a daemon that needs only offsets, and a statically linked binary that happens not to link
/// FoundationInternationalization gets nil for every name, a failure that would silently turn every
/// place into UTC. Files are read once per name and kept (a few kilobytes each).
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    /// The IANA name (`Australia/Sydney`), or `GMT+0545` for a fixed offset.
    public let identifier: String
    private let rules: Rules

    /// Coordinated Universal Time.
    public static let utc = Zone(identifier: "UTC", rules: .fixed(0))

    public var description: String { identifier }

    /// Where zone files are read: `$TZDIR`, else `/usr/share/zoneinfo` (Debian's tzdata).
    public static var directory: String { ZoneFiles.shared.directory }

    /// The zone of an IANA name, or nil when the system has no such zone (or its file is damaged).
    public init?(identifier: String) {
        if identifier == "UTC" || identifier == "GMT" {
            self = Zone(identifier: identifier, rules: .fixed(0))
            return
        }
        guard let tzif = ZoneFiles.shared.rules(named: identifier) else { return nil }
        self.init(identifier: identifier, rules: .file(tzif))
    }

    /// A zone that is always `seconds` east of UTC (as an answer's `utc_offset_seconds`).
    public init?(secondsFromGMT seconds: Int) {
        guard abs(seconds) <= 18 * 3600 else { return nil }
        self.init(identifier: seconds == 0 ? "GMT" : "GMT" + CivilDate.offsetText(seconds, separator: ""), rules: .fixed(seconds))
    }

    private init(identifier: String, rules: Rules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// A zone from a compiled zone file's bytes (tests and the fuzz target read them so).
    public init?(identifier: String, tzif bytes: [UInt8]) {
        guard let tzif = TZif(bytes) else { return nil }
        self.init(identifier: identifier, rules: .file(tzif))
    }

    /// Seconds east of UTC at `date`.
    public func secondsFromGMT(for date: Date) -> Int {
        rules.offset(at: Self.seconds(date))
    }

    /// The instant a local wall-clock time (seconds since 1970 on the zone's clock) names: a time
    /// that comes twice (clocks going back) is its first occurrence; one that never comes (skipped
    /// as clocks go forward) is the first instant after the gap, as `Calendar`'s `.nextTime` has it.
    public func date(localSeconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(instants(localSeconds: localSeconds)[0]))
    }

    /// Every instant whose wall-clock time is `localSeconds`, ascending: one, two when clocks go
    /// back over it, or (when they skip it) the first instant after the gap alone.
    private func instants(localSeconds: Int) -> [Int] {
        let local = max(-Self.limit, min(Self.limit, localSeconds))
        let before = rules.offset(at: local - 86_400)
        let after = rules.offset(at: local + 86_400)
        // One candidate where the offset is the same a day either side (nearly always), else the two.
        let candidates = before == after ? [local - before] : [min(local - before, local - after), max(local - before, local - after)]
        let occurrences = candidates.filter { rules.offset(at: $0) + $0 == local }
        guard occurrences.isEmpty else { return occurrences }
        // Skipped: the change lies between `local - after` (still the old offset) and
        // `local - before` (already the new one); find its instant.
        var (old, new) = (min(local - before, local - after), max(local - before, local - after))
        while new - old > 1 {
            let middle = old + (new - old) / 2
            if rules.offset(at: middle) == rules.offset(at: old) { old = middle } else { new = middle }
        }
        return [new]
    }

    /// The first instant after `date` at which the wall clock reads `minuteOfDay` (a whole minute),
    /// or on a day that skips that time, the first instant after the gap; a time that comes twice
    /// is next at its second coming when the first has passed: `Calendar.nextDate` matching an
    /// hour and a minute with `.nextTime`.
    public func nextDate(after date: Date, minuteOfDay: Int) -> Date {
        // A minute of the day from outside (a damaged saved state) is held to the day: no trap.
        let minuteOfDay = min(max(minuteOfDay, 0), 24 * 60 - 1)
        // Where the clock keeps one offset from `date` to the next such minute (every day but a
        // change's), that minute is as far ahead on the wall clock as in time: no search.
        let (now, local) = (Self.seconds(date), localSeconds(date))
        let today = CivilDate.days(ofSeconds: local)
        let todays = today * 86_400 + minuteOfDay * 60
        let ahead = (todays > local ? todays : todays + 86_400) - local
        if rules.offset(at: now + ahead) == rules.offset(at: now) { return Date(timeIntervalSince1970: TimeInterval(now + ahead)) }
        for day in (today - 1)...(today + 2) {
            let after = instants(localSeconds: day * 86_400 + minuteOfDay * 60).map { Date(timeIntervalSince1970: TimeInterval($0)) }.first
            { $0 > date }
            if let after { return after }
        }
        return date.addingTimeInterval(86_400)
    }

    /// Instants beyond ±10¹⁵ s (30 million years) are read as the limit: no arithmetic on them traps.
    static let limit = 1_000_000_000_000_000

    /// Seconds since 1970 on the zone's wall clock at `date`.
    public func localSeconds(_ date: Date) -> Int {
        let seconds = Self.seconds(date)
        return seconds + rules.offset(at: seconds)
    }

    /// Whole seconds since 1970, within ±`limit` (NaN as 0).
    private static func seconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { return 0 }
        return Int(max(-Double(limit), min(Double(limit), seconds)))
    }

    public static func == (left: Zone, right: Zone) -> Bool { left.identifier == right.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    private enum Rules: Sendable {
        case fixed(Int)
        case file(TZif)

        func offset(at seconds: Int) -> Int {
            switch self {
            case .fixed(let offset): offset
            case .file(let tzif): tzif.offset(at: seconds)
            }
        }
    }
}

/// The system's zone files, each read once.
final class ZoneFiles: Sendable {
    static let shared = ZoneFiles(
        directory: ProcessEnvironment.atStart["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo")

    let directory: String
    private let loaded = Mutex<[String: TZif?]>([:])

    init(directory: String) {
        self.directory = directory
    }

    /// Whether `name` has the form of a zone's name: letters, digits and `/_-+` only, no `.`
    /// component, so a name from a config, a socket or a provider never reads a file outside the
    /// zone directory.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 255 && !name.hasPrefix("/")
            && name.utf8.allSatisfy({
                $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || "/_-+".utf8.contains($0))
            })
            && !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
    }

    /// The rules of a zone name (`isName`), read once.
    func rules(named name: String) -> TZif? {
        guard Self.isName(name) else { return nil }
        if let known = loaded.withLock({ $0[name] }) { return known }
        let bytes = FileManager.default.contents(atPath: directory + "/" + name).map { [UInt8]($0.prefix(1 << 20)) }
        let tzif = bytes.flatMap(TZif.init)
        loaded.withLock { $0[name] = tzif }
        return tzif
    }
}

import Foundation
import Testing

@testable import UVCore

/// uvd's own zone rules against the system's `zdump` (glibc reading the same files): every
/// transition of every zone in `zone1970.tab` from 1970 to 2100, the years past each file's table
/// included (the footer's POSIX rule).
@Suite struct ZoneTests {
    static let months = [
        "Jan": 1, "Feb": 2, "Mar": 3, "Apr": 4, "May": 5, "Jun": 6, "Jul": 7, "Aug": 8, "Sep": 9, "Oct": 10, "Nov": 11, "Dec": 12,
    ]

    /// `Zone  Sat Apr  5 15:59:59 2025 UT = … gmtoff=39600` as (zone, seconds since 1970, offset).
    static func zdumpLine(_ line: Substring) -> (String, Int, Int)? {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count >= 8, fields[6] == "UT", let offset = fields.last?.split(separator: "=").last.flatMap({ Int($0) }),
            let month = months[String(fields[2])], let day = Int(fields[3]), let year = Int(fields[5])
        else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        return (
            String(fields[0]),
            CivilDate.seconds(year: year, month: month, day: day, hour: clock[0], minute: clock[1], second: clock[2], offset: 0), offset
        )
    }

    static func zonesOfTheTable() throws -> [String] {
        let table = try String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8)
        return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            $0.split(separator: "\t").dropFirst(2).first.map(String.init)
        }
    }

    @Test func everyTransitionAgreesWithZdump() throws {
        let zones = try Self.zonesOfTheTable()
        #expect(zones.count > 300)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zdump")
        process.arguments = ["-v", "-c", "1970,2100"] + zones
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var checked = 0
        var wrong: [String] = []
        var cache: [String: Zone] = [:]
        for line in text.split(separator: "\n") {
            guard let (name, seconds, offset) = Self.zdumpLine(line) else { continue }
            guard let zone = cache[name] ?? Zone(identifier: name) else {
                wrong.append("\(name): not read")
                continue
            }
            cache[name] = zone
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            if zone.secondsFromGMT(for: date) != offset {
                wrong.append("\(name) at \(date): \(zone.secondsFromGMT(for: date)), zdump \(offset)")
            }
            checked += 1
        }
        #expect(checked > 50_000)
        #expect(wrong.isEmpty, "\(wrong.count) disagreements, first: \(wrong.prefix(5))")
    }

    @Test func aSkippedTimeIsTheFirstInstantAfterTheGapAndARepeatedOneItsFirst() throws {
        let sydney = try #require(Zone(identifier: "Australia/Sydney"))
        // 2026-10-04: 02:00 AEST becomes 03:00 AEDT; 2026-04-05: 03:00 AEDT becomes 02:00 AEST.
        let gap = CivilDate.seconds(year: 2026, month: 10, day: 4, hour: 2, minute: 30, second: 0, offset: 0)
        let change = CivilDate.seconds(year: 2026, month: 10, day: 4, hour: 2, minute: 0, second: 0, offset: 36_000)
        #expect(sydney.date(localSeconds: gap) == Date(timeIntervalSince1970: TimeInterval(change)))
        #expect(sydney.localSeconds(sydney.date(localSeconds: gap)) == gap + 1800, "03:00, the first instant after the gap")
        let twice = CivilDate.seconds(year: 2026, month: 4, day: 5, hour: 2, minute: 30, second: 0, offset: 0)
        #expect(sydney.date(localSeconds: twice) == Date(timeIntervalSince1970: TimeInterval(twice - 39_600)))
    }

    /// Around every change of 2012–2023 in zones whose clocks change at midnight, at 02:00 and at
    /// 24:00, days and the next wall-clock times are what Foundation's `Calendar` (ICU) finds.
    @Test(arguments: [
        "Australia/Sydney", "America/New_York", "America/Sao_Paulo", "America/Havana", "Asia/Beirut", "America/Santiago", "Europe/London",
        "Asia/Kathmandu",
    ])
    func daysAndNextTimesAgreeWithCalendar(name: String) throws {
        let zone = try #require(Zone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: name))
        let start = Date(timeIntervalSince1970: 1_325_376_000)
        let end = Date(timeIntervalSince1970: 1_704_067_200)
        var changes: [Date] = []
        var previous = zone.secondsFromGMT(for: start)
        for hour in stride(from: start.timeIntervalSince1970, to: end.timeIntervalSince1970, by: 3600) {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: hour))
            if offset != previous { changes.append(Date(timeIntervalSince1970: hour)) }
            previous = offset
        }
        #expect(name == "Asia/Kathmandu" || changes.count >= 10)
        for change in changes + [start] {
            for probe in stride(from: -36.0, through: 36, by: 1.5).map({ change.addingTimeInterval($0 * 3600) }) {
                let expectedDay = try #require(calendar.dateInterval(of: .day, for: probe))
                #expect(LocalDay.interval(containing: probe, in: zone) == expectedDay, "\(name) day of \(probe)")
                for minute in [0, 30, 60, 90, 120, 150, 180, 1410] {
                    let expected = calendar.nextDate(
                        after: probe, matching: DateComponents(hour: minute / 60, minute: minute % 60, second: 0), matchingPolicy: .nextTime
                    )
                    #expect(zone.nextDate(after: probe, minuteOfDay: minute) == expected, "\(name) next \(minute) after \(probe)")
                }
            }
        }
    }

    @Test func namesThatCouldLeaveTheZoneDirectoryAreRefused() {
        for name in [
            "../../etc/passwd", "/etc/localtime", "Australia/../../../etc/passwd", "", "Australia//Sydney", "Australia/./Sydney",
            "Europe/Paris\0", "Австралия",
        ] {
            #expect(Zone(identifier: name) == nil, "\(name)")
        }
        #expect(Zone(identifier: "No/Such_Zone") == nil)
        #expect(Zone(identifier: "Australia") == nil, "a directory is not a zone")
    }

    @Test func fixedOffsetsAndDamagedFiles() throws {
        #expect(Zone(secondsFromGMT: 20_700)?.secondsFromGMT(for: Date()) == 20_700)
        #expect(Zone(secondsFromGMT: 20_700)?.identifier == "GMT+0545")
        #expect(Zone(secondsFromGMT: 30 * 3600) == nil)
        let sydney = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Australia/Sydney"))
        for cut in [0, 10, 44, 60, sydney.count / 2, sydney.count - 20] {
            // Any prefix is refused or read, never trapped on.
            _ = Zone(identifier: "cut", tzif: [UInt8](sydney.prefix(cut)))
        }
        #expect(Zone(identifier: "cut", tzif: [UInt8](sydney.prefix(44))) == nil)
        var huge = [UInt8](sydney)
        huge.replaceSubrange(32..<36, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(Zone(identifier: "huge", tzif: huge) == nil, "a count beyond the file is refused")
    }

    @Test(arguments: [
        "EST5EDT,M3.2.0,M11.1.0", "<+0545>-5:45", "AEST-10AEDT,M10.1.0,M4.1.0/3", "IST-2IDT,M3.4.4/26,M10.5.0",
        "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "EST5EDT,0/0,J365/25",
    ])
    func posixRulesRead(text: String) {
        #expect(PosixZoneRule(text) != nil)
    }

    @Test(arguments: ["", "E5", "EST", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.2.0,M11.1.0/200", "<+05", "EST99"])
    func notPosixRulesAreRefused(text: String) {
        #expect(PosixZoneRule(text) == nil)
    }
}

/// A compiled time zone file as the system keeps them (`/usr/share/zoneinfo/Australia/Sydney`),
/// read by RFC 8536: its UTC offsets and the instants they change, and the footer's rule for
/// every instant after the last change.
///
/// Every count in the header is checked against the bytes present before anything is read, the
/// transitions must ascend and every offset lie within ±26 hours: a damaged or hostile file is
/// refused (nil), never trusted or trapped on. Leap-second records (`right/` zones) are skipped:
/// uvd counts time as the system clock does, without them.
struct TZif: Equatable, Sendable {
    /// Seconds since 1970 at which the offset changes, ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) in effect from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition (the file's first time type).
    let initialOffset: Int32
    /// The rule after the last transition; nil keeps the last offset.
    let rule: PosixZoneRule?

    init?(_ bytes: [UInt8]) {
        guard let first = Header(bytes, at: 0) else { return nil }
        var body = first
        if first.version >= 2 {
            // Version 2 and later repeat the data with 64-bit times after the 32-bit block.
            guard let second = Header(bytes, at: first.end, timeSize: 8) else { return nil }
            body = second
        }
        var reader = ByteReader(bytes: bytes, index: body.start)
        var transitions: [Int64] = []
        transitions.reserveCapacity(body.timeCount)
        for _ in 0..<body.timeCount {
            guard let time = reader.integer(size: body.timeSize), transitions.last.map({ $0 < time }) ?? true else { return nil }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<body.timeCount {
            guard let index = reader.integer(size: 1), index < body.typeCount else { return nil }
            typeIndices.append(Int(index))
        }
        var typeOffsets: [Int32] = []
        for _ in 0..<body.typeCount {
            guard let offset = reader.integer(size: 4).map({ Int32(truncatingIfNeeded: $0) }), abs(Int(offset)) <= 26 * 3600,
                reader.integer(size: 2) != nil
            else { return nil }
            typeOffsets.append(offset)
        }
        var offsets = typeIndices.map { typeOffsets[$0] }
        let rule = body.version >= 2 ? Self.footer(bytes, after: body.end) : nil
        if let rule { Self.extend(&transitions, &offsets, by: rule) }
        self.transitions = transitions
        self.offsets = offsets
        initialOffset = typeOffsets[0]
        self.rule = rule
    }

    /// Adds the changes the footer's rule makes until 2100 to the table (as a "fat" zone file
    /// holds them), so that an instant of these years is a binary search, not the rule's calendar
    /// arithmetic: the engine asks for an offset at every minute it steps. "Slim" files, which
    /// Debian ships, end their table where the rule takes over, often decades ago.
    private static func extend(_ transitions: inout [Int64], _ offsets: inout [Int32], by rule: PosixZoneRule) {
        guard let daylight = rule.daylight else { return }
        let from = transitions.last.map { CivilDate.date(daysSinceEpoch: CivilDate.days(ofSeconds: Int($0))).year } ?? 1970
        guard from < 2100 else { return }
        for year in max(from, 1970)...2100 {
            let changes = [
                daylight.start.instant(year: year, offset: rule.standardOffset), daylight.end.instant(year: year, offset: daylight.offset),
            ].sorted()
            for change in changes where transitions.last.map({ Int64(change) > $0 }) ?? true {
                let offset = Int32(rule.offset(at: change))
                guard offset != (offsets.last ?? Int32(rule.offset(at: change - 1))) else { continue }
                transitions.append(Int64(change))
                offsets.append(offset)
            }
        }
    }

    /// The footer: `\n`, a POSIX `TZ` string, `\n`.
    private static func footer(_ bytes: [UInt8], after start: Int) -> PosixZoneRule? {
        guard start < bytes.count, bytes[start] == 0x0A,
            let end = bytes[(start + 1)...].firstIndex(of: 0x0A), end > start + 1
        else { return nil }
        return PosixZoneRule(String(decoding: bytes[(start + 1)..<end], as: UTF8.self))
    }

    /// One header (`TZif`, version, six counts) and where its data block starts and ends.
    private struct Header {
        let version: Int
        let timeSize: Int
        let timeCount: Int
        let typeCount: Int
        let start: Int
        let end: Int

        init?(_ bytes: [UInt8], at offset: Int, timeSize: Int = 4) {
            guard offset >= 0, bytes.count - offset >= 44, bytes[offset..<offset + 4].elementsEqual("TZif".utf8) else { return nil }
            var reader = ByteReader(bytes: bytes, index: offset + 20)
            var counts: [Int] = []
            for _ in 0..<6 {
                guard let count = reader.integer(size: 4), count >= 0 else { return nil }
                counts.append(Int(count))
            }
            let (utcCount, standardCount, leapCount, timeCount, typeCount, characterCount) = (
                counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]
            )
            // RFC 8536 §3.1: at least one time type; indicator counts zero or the type count.
            guard typeCount >= 1, utcCount == 0 || utcCount == typeCount, standardCount == 0 || standardCount == typeCount else {
                return nil
            }
            let size = timeCount * (timeSize + 1) + typeCount * 6 + characterCount + leapCount * (timeSize + 4) + standardCount + utcCount
            guard size <= bytes.count - offset - 44 else { return nil }
            version = bytes[offset + 4] >= UInt8(ascii: "2") ? Int(bytes[offset + 4] - UInt8(ascii: "0")) : 1
            self.timeSize = timeSize
            self.timeCount = timeCount
            self.typeCount = typeCount
            start = offset + 44
            end = start + size
        }
    }

    /// Big-endian signed integers of 1, 2, 4 or 8 bytes; nil past the end.
    private struct ByteReader {
        let bytes: [UInt8]
        var index: Int

        mutating func integer(size: Int) -> Int64? {
            guard size > 0, bytes.count - index >= size else { return nil }
            var value: UInt64 = 0
            for byte in bytes[index..<index + size] { value = value << 8 | UInt64(byte) }
            index += size
            let unused = UInt64(64 - size * 8)
            return size == 1 ? Int64(value) : Int64(bitPattern: value << unused) >> Int64(unused)
        }
    }
}

extension TZif {
    /// Seconds east of UTC at `seconds` since 1970.
    func offset(at seconds: Int) -> Int {
        guard let firstChange = transitions.first, Int64(seconds) >= firstChange else { return Int(initialOffset) }
        if let last = transitions.last, Int64(seconds) >= last, let rule { return rule.offset(at: seconds) }
        // The last transition at or before `seconds` (binary search).
        var low = 0
        var high = transitions.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if transitions[middle] <= Int64(seconds) { low = middle } else { high = middle }
        }
        return Int(offsets[low])
    }
}

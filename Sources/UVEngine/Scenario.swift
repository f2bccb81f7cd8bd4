import FoundationEssentials
import UVCore

/// A day's events as a text file, for `uvctl simulate --scenario`: one event per line,
/// `HH:MM EVENT [ARGUMENTS]`, `#` starts a comment.
///
///     07:40 wifi            the default route is on Wi-Fi (home-wifi: the marked home network)
///     08:00 cellular        … on a phone or modem (also wired, offline)
///     08:05 press leave-home applied     a button: applied, remind or not-today
///     08:05 apply 50 lots   sunscreen put on (SPF none/15/30/50, quantity low/medium/lots)
///     11:00 water           a swim or towelling
///     12:00 remove          sunscreen off the record
///     13:00 quiet 60        quiet for that many minutes
///     07:10 activity        the user at the machine
///     12:30 outside         outside by the user's word (`uvctl outside start`); inside ends it
public enum Scenario {
    /// A line that is not an event, where (line and column, from 1) and with what would be right.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int
        public let message: String
        public var description: String { "\(line):\(column): \(message)" }
    }

    /// The instant the wall clock of `zone` reads `minuteOfDay` on `day`: on a day the clocks go
    /// forward over it, the first instant after the gap; on one they go back, its first coming.
    /// Every time `uvctl simulate` is given (`--leave` and each line of a file) goes through here.
    public static func instant(minuteOfDay: Int, on day: DateInterval, in zone: Zone) -> Date {
        zone.nextDate(after: day.start.addingTimeInterval(-1), minuteOfDay: minuteOfDay)
    }

    /// The events of a file's bytes, which must be UTF-8 (a byte-order mark is allowed).
    public static func parse(_ bytes: [UInt8], day: DateInterval, zone: Zone) throws(Problem) -> [(Date, Simulator.Happening)] {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var text = ""
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                text.unicodeScalars.append(scalar)
                (line, column) = scalar == "\n" ? (line + 1, 1) : (line, column + 1)
            case .error:
                throw Problem(line: line, column: column, message: tr("this is not UTF-8 text; save the file as UTF-8"))
            case .emptyInput:
                return try parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, day: day, zone: zone)
            }
        }
    }

    /// The events, at their instants on `day` in `zone`, in file order, each made from the
    /// engine's state at its moment (for `Simulator.run(until:steps:)`). Words are separated by
    /// spaces or tabs; a line may end in CR LF.
    public static func parse(_ text: String, day: DateInterval, zone: Zone) throws(Problem) -> [(Date, Simulator.Happening)] {
        var events: [(Date, Simulator.Happening)] = []
        func add(_ at: Date, _ event: EngineEvent) { events.append((at, .event { _ in event })) }
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let words = Self.words(raw.prefix { $0 != "#" })
            guard let (first, _) = words.first else { continue }
            func problem(_ word: Int, _ message: String) -> Problem {
                Problem(line: index + 1, column: words[min(word, words.count - 1)].column, message: message)
            }
            guard let minute = WallClock.minuteOfDay(parsing: first) else {
                throw problem(0, tr("'%1$@' is not a time: each line starts HH:MM", first))
            }
            let at = instant(minuteOfDay: minute, on: day, in: zone)
            guard words.count >= 2 else { throw problem(0, tr("an event must follow the time")) }
            let arguments = words.dropFirst(2).map(\.text)
            switch words[1].text {
            case "wifi": add(at, .network(NetworkState(kind: .wifi)))
            case "home-wifi": add(at, .network(NetworkState(kind: .wifi, isHomeWifi: true)))
            case "cellular": add(at, .network(NetworkState(kind: .cellular)))
            case "wired": add(at, .network(NetworkState(kind: .wired)))
            case "offline": add(at, .network(NetworkState(kind: .none)))
            case "activity": add(at, .userActivity)
            case "press":
                guard arguments.count == 2 else { throw problem(2, tr("press SUBJECT KEY, e.g. press leave-home applied")) }
                guard let answer = AlertAnswer(key: arguments[1]) else {
                    throw problem(
                        3, tr("no button or closing '%1$@'; one of: %2$@", arguments[1], AlertAnswer.keys.joined(separator: ", ")))
                }
                add(at, .answer(subject: Subject(arguments[0]), answer))
            case "apply":
                let spf = arguments.first.map { SPF(parsing: $0) } ?? .spf30
                let quantity = arguments.count > 1 ? SunscreenQuantity(rawValue: arguments[1]) : .medium
                guard let spf, let quantity, arguments.count <= 2 else {
                    throw problem(
                        spf == nil ? 2 : quantity == nil ? 3 : 4,
                        tr("apply [SPF] [QUANTITY]: SPF %1$@; quantity %2$@", SPF.choices, SunscreenQuantity.choices))
                }
                // For everyone out, as `uvctl sunscreen apply` records it.
                events.append(
                    (
                        at,
                        .event { state in
                            var on = state.sunscreen
                            on.record(SunscreenApplication(spf: spf, quantity: quantity, appliedAt: at))
                            return .sunscreen(on)
                        }
                    ))
            case "water":
                // Whatever is on at the time (applied in the file or by a pressed button); none, no effect.
                events.append(
                    (
                        at,
                        .event { state in
                            guard !state.sunscreen.isEmpty else { return nil }
                            var wet = state.sunscreen
                            wet.water(at: at)
                            return .sunscreen(wet)
                        }
                    ))
            case "remove":
                add(at, .sunscreen(SunscreenOn()))
            case "outside": events.append((at, .outside(true)))
            case "inside": events.append((at, .outside(false)))
            case "quiet":
                guard let minutes = arguments.first.flatMap({ Int($0) }), (1...1440).contains(minutes) else {
                    throw problem(2, tr("quiet MINUTES (1 to 1440)"))
                }
                add(at, .command(.quietUntil(at.addingTimeInterval(Double(minutes) * 60))))
            default:
                throw problem(
                    1,
                    tr(
                        "no event '%1$@'; events: %2$@", words[1].text,
                        "wifi, home-wifi, cellular, wired, offline, activity, press, apply, water, remove, quiet, outside, inside"))
            }
        }
        return events
    }

    /// The line's words and the column (from 1, in characters) where each starts: each word is
    /// cut from the line once it ends, so a long word costs its length, not its length squared.
    private static func words(_ line: Substring) -> [(text: String, column: Int)] {
        var words: [(text: String, column: Int)] = []
        var start: (index: Substring.Index, column: Int)?
        for (offset, index) in line.indices.enumerated() {
            let isSpace = line[index] == " " || line[index] == "\t" || line[index] == "\r"
            if isSpace, let word = start {
                words.append((String(line[word.index..<index]), word.column))
                start = nil
            } else if !isSpace, start == nil {
                start = (index, offset + 1)
            }
        }
        if let word = start { words.append((String(line[word.index...]), word.column)) }
        return words
    }
}

import Foundation
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
public enum Scenario {
    /// A line that is not an event, with what would be right.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The events, at their instants on `day` in `zone`, in file order, each made from the
    /// engine's state at its moment (for `Simulator.run(until:steps:)`).
    public static func parse(_ text: String, day: DateInterval, zone: Zone) throws(Problem) -> [(Date, (EngineState) -> EngineEvent?)] {
        var events: [(Date, (EngineState) -> EngineEvent?)] = []
        func add(_ at: Date, _ event: EngineEvent) { events.append((at, { _ in event })) }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first else { continue }
            let number = index + 1
            guard let minute = WallClock.minuteOfDay(parsing: first) else { throw Problem(line: number, message: tr("'%1$@' is not a time: each line starts HH:MM", first)) }
            let at = zone.nextDate(after: day.start.addingTimeInterval(-1), minuteOfDay: minute)
            guard words.count >= 2 else { throw Problem(line: number, message: tr("an event must follow the time")) }
            let arguments = Array(words.dropFirst(2))
            switch words[1] {
            case "wifi": add(at, .network(NetworkState(kind: .wifi)))
            case "home-wifi": add(at, .network(NetworkState(kind: .wifi, isHomeWifi: true)))
            case "cellular": add(at, .network(NetworkState(kind: .cellular)))
            case "wired": add(at, .network(NetworkState(kind: .wired)))
            case "offline": add(at, .network(NetworkState(kind: .none)))
            case "activity": add(at, .userActivity)
            case "press":
                guard arguments.count == 2 else { throw Problem(line: number, message: tr("press SUBJECT KEY, e.g. press leave-home applied")) }
                add(at, .action(subject: arguments[0], key: arguments[1]))
            case "apply":
                let spf = arguments.first.map { SPF(parsing: $0) } ?? .spf30
                let quantity = arguments.count > 1 ? SunscreenQuantity(rawValue: arguments[1]) : .medium
                guard let spf, let quantity, arguments.count <= 2 else {
                    throw Problem(line: number, message: tr("apply [SPF] [QUANTITY]: SPF none, 15, 30 or 50; quantity low, medium or lots"))
                }
                add(at, .sunscreen(SunscreenApplication(spf: spf, quantity: quantity, appliedAt: at)))
            case "water":
                // Whatever is on at the time (applied in the file or by a pressed button); none, no effect.
                events.append((at, { state in
                    state.sunscreen.map { on in
                        var wet = on
                        wet.waterEventAt = at
                        return .sunscreen(wet)
                    }
                }))
            case "remove":
                add(at, .sunscreen(nil))
            case "quiet":
                guard let minutes = arguments.first.flatMap({ Int($0) }), (1...1440).contains(minutes) else {
                    throw Problem(line: number, message: tr("quiet MINUTES (1 to 1440)"))
                }
                add(at, .command(.quietUntil(at.addingTimeInterval(Double(minutes) * 60))))
            default:
                throw Problem(line: number, message: tr("no event '%1$@'; events: %2$@", words[1], "wifi, home-wifi, cellular, wired, offline, activity, press, apply, water, remove, quiet"))
            }
        }
        return events
    }
}

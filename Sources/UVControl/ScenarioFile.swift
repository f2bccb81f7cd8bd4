import FoundationEssentials
import UVCore
import UVEngine

/// The events of `uvctl simulate --scenario FILE`, or the exit with what was wrong: a file that
/// is missing, unreadable, not a regular file or too large (66, EX_NOINPUT), a line that is not
/// an event (65, EX_DATAERR, as `FILE:LINE:COLUMN: message`).
enum ScenarioFile {
    /// A day's events fit in a few kilobytes; anything past this is not a scenario.
    static let maximumSize = 1 << 20

    static func events(_ path: String, day: DateInterval, zone: Zone) -> [(Date, Simulator.Happening)] {
        let bytes: [UInt8]
        switch SmallFile.read(path, maximumSize: maximumSize) {
        case .bytes(let read): bytes = read
        case .missing: DaemonClient.fail(tr("%1$@: no such file; --scenario names a file of HH:MM EVENT lines", path), status: .noInput)
        case .tooLarge:
            DaemonClient.fail(
                tr("%1$@: larger than %2$@ bytes; a scenario is a day's events, one per line", path, maximumSize), status: .noInput)
        case .unreadable(let reason): DaemonClient.fail(tr("%1$@: cannot be read: %2$@", path, reason), status: .noInput)
        }
        do {
            return try Scenario.parse(bytes, day: day, zone: zone)
        } catch {
            DaemonClient.fail("\(path):\(error.description)", status: .dataError)
        }
    }
}

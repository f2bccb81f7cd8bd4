import Foundation

/// ISO 8601 timestamps with a place's UTC offset (`2026-10-04T09:00:00+11:00`): the form every
/// machine-readable output uses.
public struct ISOTimestamp: Sendable {
    private let style: Date.ISO8601FormatStyle

    public init(timeZone: TimeZone) {
        style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone)
    }

    public func string(_ date: Date) -> String {
        style.format(date)
    }
}

extension Double {
    /// Rounded to `places` decimals, for output that reads cleanly.
    public func rounded(places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

import Foundation

/// ISO 8601 timestamps with a place's UTC offset (`2026-10-04T09:00:00+11:00`): the form every
/// machine-readable output uses.
public struct ISOTimestamp: Sendable {
    private let zone: TimeZone

    public init(timeZone: TimeZone) {
        zone = timeZone
    }

    public func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = zone
        return formatter.string(from: date)
    }
}

extension Double {
    /// Rounded to `places` decimals, for output that reads cleanly.
    public func rounded(places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

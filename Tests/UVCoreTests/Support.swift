import Foundation
import UVCore

/// Test helpers: instants from ISO 8601 text and zones by name.
enum Fixture {
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { fatalError("bad fixture time \(text)") }
        return date
    }

    static func zone(_ identifier: String) -> Zone {
        guard let zone = Zone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
        return zone
    }

    /// Foundation's zone of the same name, for `Calendar` as an oracle.
    static func foundationZone(_ zone: Zone) -> TimeZone {
        guard let foundation = TimeZone(identifier: zone.identifier) else { fatalError("unknown zone \(zone)") }
        return foundation
    }

    static let utc = zone("UTC")
    static let sydney = zone("Australia/Sydney")
    static let sydneyCoordinate = Coordinate(latitude: -33.87, longitude: 151.21)

    /// Local wall-clock "HH:MM" of an instant.
    static func clock(_ date: Date, _ zone: Zone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = foundationZone(zone)
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// Minutes since local midnight on the wall clock.
    static func wallMinutes(_ date: Date, _ zone: Zone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = foundationZone(zone)
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }
}

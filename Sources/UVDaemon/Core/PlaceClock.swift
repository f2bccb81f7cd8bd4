import FoundationEssentials
import UVCore

/// How uvd words a time for the user: on the place's clock, 24- or 12-hour as configured.
struct PlaceClock: Sendable {
    let zone: Zone
    let twelveHour: Bool

    /// "09:35", or "2026-11-24 09:35" on another day than `now`'s.
    func readable(_ date: Date, now: Date) -> String {
        let time = WallClock.format(date, in: zone, twelveHour: twelveHour)
        guard LocalDay.key(date, in: zone) != LocalDay.key(now, in: zone) else { return time }
        return "\(LocalDay.key(date, in: zone)) \(time)"
    }
}

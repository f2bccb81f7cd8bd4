import FoundationEssentials
import Glibc

/// ISO 8601 timestamps with a place's UTC offset (`2026-10-04T09:00:00+11:00`, `Z` at UTC): the
/// form every machine-readable output uses.
public struct ISOTimestamp: Sendable {
    private let zone: Zone

    public init(timeZone: Zone) {
        zone = timeZone
    }

    public func string(_ date: Date) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let local = zone.localSeconds(date)
        let days = CivilDate.days(ofSeconds: local)
        let second = local - days * 86_400
        let clock = "\((second / 3600).zeroPadded(2)):\((second % 3600 / 60).zeroPadded(2)):\((second % 60).zeroPadded(2))"
        return "\(CivilDate.isoText(daysSinceEpoch: days))T\(clock)\(offset == 0 ? "Z" : CivilDate.offsetText(offset))"
    }
}

extension Double {
    /// Rounded to `places` decimals, for output that reads cleanly.
    public func rounded(places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

import UVCore

/// UV threshold alerts: each configured level fires once per local day when the UV rises
/// through it, and is armed again only after the UV has fallen `hysteresis` below it, so a
/// reading that wobbles around the level does not fire twice. A first reading already above a
/// level counts as rising through it: nobody has been told yet that day.
public struct ThresholdAlerts: Sendable, Equatable, Codable {
    public var levels: [Double]
    public var hysteresis: Double
    /// Levels that may fire (the UV has been below them, by the hysteresis, since they last did).
    private var armed: Set<Double>
    /// The local day on which each level last fired.
    private var firedOn: [Double: DayKey]

    public init(levels: [Double] = [6, 8], hysteresis: Double = 0.5) {
        self.levels = levels.sorted()
        self.hysteresis = hysteresis
        armed = Set(levels)
        firedOn = [:]
    }

    /// Reads what any release saved: a missing field takes its default (every level armed).
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: CodingKeys.self)
        self.init(levels: try saved.decode(.levels, absent: [6, 8]), hysteresis: try saved.decode(.hysteresis, absent: 0.5))
        armed = try saved.decode(.armed, absent: armed)
        firedOn = try saved.decode(.firedOn, absent: [:])
    }

    /// The levels that would fire if the UV reached them today.
    public func waiting(on day: DayKey) -> [Double] {
        levels.filter { armed.contains($0) && firedOn[$0] != day }
    }

    /// Takes back a level's alert of `day` (newer data said it was wrong): it may fire again.
    public mutating func forget(_ level: Double, on day: DayKey) {
        guard firedOn[level] == day else { return }
        firedOn[level] = nil
        armed.insert(level)
    }

    /// Takes a reading; returns the levels it crossed upward that fire now, lowest first.
    public mutating func observe(uvi: Double, day: DayKey) -> [Double] {
        var firing: [Double] = []
        for level in levels {
            if uvi < level - hysteresis {
                armed.insert(level)
            } else if uvi >= level, armed.contains(level) {
                armed.remove(level)
                if firedOn[level] != day {
                    firedOn[level] = day
                    firing.append(level)
                }
            }
        }
        return firing
    }
}

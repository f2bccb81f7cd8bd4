import FoundationEssentials

/// A span of the day spent outside, and how uvd knows: from the network (away from home: a
/// phone or modem connection) or from the user (`uvctl outside`). Away from home is not the same
/// as in the sun; the user's word corrects it.
public struct OutsideInterval: Sendable, Equatable, Codable {
    public enum Source: String, Sendable, Codable {
        case network
        case user
    }

    public var start: Date
    public var end: Date
    public var source: Source

    public init(start: Date, end: Date, source: Source) {
        self.start = start
        self.end = end
        self.source = source
    }

    /// The part of this interval within `day` (an open one ends with the day).
    public func clipped(to day: DateInterval) -> OutsideInterval {
        OutsideInterval(start: max(start, day.start), end: min(end, day.end), source: source)
    }

    /// The day's time outside: the user's intervals as given, and the network's where no
    /// user interval covers them (a user interval wins where they overlap), in order, none empty.
    public static func merged(_ intervals: [OutsideInterval]) -> [OutsideInterval] {
        let user = intervals.filter { $0.source == .user && $0.end > $0.start }
        var kept = user
        for network in intervals where network.source == .network && network.end > network.start {
            var pieces = [network]
            for covering in user {
                pieces = pieces.flatMap { piece -> [OutsideInterval] in
                    guard covering.start < piece.end, covering.end > piece.start else { return [piece] }
                    var left: [OutsideInterval] = []
                    if piece.start < covering.start { left.append(.init(start: piece.start, end: covering.start, source: .network)) }
                    if covering.end < piece.end { left.append(.init(start: covering.end, end: piece.end, source: .network)) }
                    return left
                }
            }
            kept += pieces
        }
        return kept.sorted { ($0.start, $0.source == .user ? 0 : 1) < ($1.start, $1.source == .user ? 0 : 1) }
    }
}

/// What the sun gave over time outside, in the two scales that must never be mixed in one number:
///
/// - `sed`, standard erythemal doses, physically: 1 UVI is 25 mW/m² erythemally weighted (CIE,
///   WHO's Global Solar UV Index, 2002) and 1 SED is 100 J/m² (CIE 106), so an hour at UVI 1
///   is 0.025 × 3600 / 100 = 0.9 SED;
/// - `burnDosePercent`, the share of a burn for the skin type through the sunscreen on at each
///   minute, in the burn-time model's own scale (`BurnTime.k`: 2 J/m² per UVI-minute, a third
///   more cautious than the physical 1.5), so that 100 % is exactly when burn time runs out;
///   `unprotectedBurnDosePercent` is the same without sunscreen.
public struct Dose: Sendable, Equatable {
    public var sed: Double
    public var burnDosePercent: Double
    public var unprotectedBurnDosePercent: Double

    public static let zero = Dose(sed: 0, burnDosePercent: 0, unprotectedBurnDosePercent: 0)

    public init(sed: Double, burnDosePercent: Double, unprotectedBurnDosePercent: Double) {
        self.sed = sed
        self.burnDosePercent = burnDosePercent
        self.unprotectedBurnDosePercent = unprotectedBurnDosePercent
    }

    /// Joules per square metre of erythemally weighted irradiance per UVI-second (CIE).
    public static let joulesPerUVISecond = 0.025
    /// Joules per square metre in one standard erythemal dose (CIE 106).
    public static let joulesPerSED = 100.0

    /// The dose of one interval: `uvi` the UV uvd uses at each instant (measured where a station
    /// measures, else the blended forecast), `effectiveSPF` the protection on the skin then.
    public init(
        from start: Date, to end: Date, skinType: SkinType, uvi: @escaping (Date) -> Double,
        effectiveSPF: @escaping (Date) -> Double = { _ in 1 }
    ) {
        let med = skinType.minimalErythemalDose
        let protected = ErythemalExposure(uvi: uvi, effectiveSPF: effectiveSPF).dose(from: start, to: end)
        let bare = ErythemalExposure(uvi: uvi, effectiveSPF: { _ in 1 }).dose(from: start, to: end)
        // The burn model's dose rate is UVI / k J/m² per minute: UVI-minutes are bare × k.
        let uviSeconds = bare * BurnTime.k * 60
        self.init(
            sed: uviSeconds * Self.joulesPerUVISecond / Self.joulesPerSED, burnDosePercent: protected / med * 100,
            unprotectedBurnDosePercent: bare / med * 100)
    }

    /// When `percent` more of a burn dose will have been received from `start` on, staying out
    /// with the UV and protection given (burn time's own integration); nil if not within the rest
    /// of `horizon`.
    public static func time(
        toAdd percent: Double, from start: Date, skinType: SkinType, uvi: @escaping (Date) -> Double,
        effectiveSPF: @escaping (Date) -> Double, within horizon: TimeInterval
    ) -> Date? {
        guard percent > 0 else { return start }
        let exposure = ErythemalExposure(uvi: uvi, effectiveSPF: effectiveSPF)
        return exposure.timeToReach(percent / 100 * skinType.minimalErythemalDose, from: start, within: horizon)
            .map { start.addingTimeInterval($0) }
    }

    public static func + (left: Dose, right: Dose) -> Dose {
        Dose(
            sed: left.sed + right.sed, burnDosePercent: left.burnDosePercent + right.burnDosePercent,
            unprotectedBurnDosePercent: left.unprotectedBurnDosePercent + right.unprotectedBurnDosePercent)
    }
}

/// An application as worn: until it was taken off (`uvctl sunscreen remove`, or the next
/// application), or still on.
public struct WornSunscreen: Sendable, Equatable {
    public var application: SunscreenApplication
    public var removedAt: Date?

    public init(_ application: SunscreenApplication, removedAt: Date? = nil) {
        self.application = application
        self.removedAt = removedAt
    }
}

/// A day's dose: each interval outside with its own, and the day's total.
public struct DayDose: Sendable, Equatable {
    public var intervals: [(interval: OutsideInterval, dose: Dose)]
    public var total: Dose
    public var skinType: SkinType

    /// Time outside in the day, in seconds.
    public var secondsOutside: TimeInterval { intervals.reduce(0) { $0 + $1.interval.end.timeIntervalSince($1.interval.start) } }

    /// The dose of `intervals` (merged: a user interval wins over a network one) up to `now`
    /// (an interval still open counts to now), with the sunscreen on record at each instant.
    public init(
        intervals: [OutsideInterval], until now: Date, skinType: SkinType, uvi: @escaping (Date) -> Double,
        sunscreen: [WornSunscreen]
    ) {
        let worn = sunscreen.sorted { $0.application.appliedAt < $1.application.appliedAt }
        // The protection at an instant: the latest application made by then, unless taken off.
        let effectiveSPF: (Date) -> Double = { date in
            guard let on = worn.last(where: { $0.application.appliedAt <= date }), on.removedAt.map({ date < $0 }) ?? true else { return 1 }
            return on.application.effectiveSPF(at: date)
        }
        // Where the protection jumps (put on, washed or taken off), each piece is integrated on
        // its own, its end a millisecond before the jump: a minute's trapezoid across it would
        // count half a minute at the wrong protection.
        let jumps = worn.flatMap { [$0.application.appliedAt] + [$0.application.washedOffAt, $0.removedAt].compactMap { $0 } }
        self.skinType = skinType
        self.intervals = OutsideInterval.merged(intervals).compactMap { interval in
            let end = min(interval.end, now)
            guard end > interval.start else { return nil }
            var counted = interval
            counted.end = end
            let cuts = [interval.start] + jumps.filter { $0 > interval.start && $0 < end }.sorted() + [end]
            let dose = zip(cuts, cuts.dropFirst()).reduce(Dose.zero) { total, piece in
                let last = piece.1 == end ? end : piece.1.addingTimeInterval(-0.001)
                return total + Dose(from: piece.0, to: last, skinType: skinType, uvi: uvi, effectiveSPF: effectiveSPF)
            }
            return (counted, dose)
        }
        total = self.intervals.reduce(Dose.zero) { $0 + $1.dose }
    }

    public static func == (left: DayDose, right: DayDose) -> Bool {
        left.total == right.total && left.skinType == right.skinType && left.intervals.map(\.interval) == right.intervals.map(\.interval)
    }
}

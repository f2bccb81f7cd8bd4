import FoundationEssentials

/// How long unprotected or protected skin can stay in the sun before it starts to redden.
public enum BurnTime: Sendable, Equatable {
    /// No UV (night, or an index of 0): no burn risk.
    case noRisk
    /// Minutes to the minimal erythemal dose, within `BurnTime.limits`.
    case minutes(Double)

    /// Estimates are never shorter than 5 nor longer than 240 minutes: below 5 the number is noise,
    /// above 240 the UV will have changed.
    public static let limits = 5.0...240.0

    /// Calibration constant `k` of the seed formula, in minutes × UVI per (J/m²): set so that
    /// skin type I (200 J/m²) at UVI 10 without sunscreen burns in 10 minutes.
    /// It amounts to 2 J/m² of erythemal dose per minute per index unit, a third more than the
    /// physical 1.5 (1 UVI = 25 mW/m²), so the estimate leans to the safe side.
    public static let k = 0.5

    /// `clamp(5, 240, k × MED × SPF_eff ÷ UVI)` for a constant UV index and protection.
    public init(skinType: SkinType, uvi: Double, effectiveSPF: Double = 1) {
        guard uvi > 0 else {
            self = .noRisk
            return
        }
        let minutes = Self.k * skinType.minimalErythemalDose * max(1, effectiveSPF) / uvi
        self = .minutes(min(Self.limits.upperBound, max(Self.limits.lowerBound, minutes)))
    }

    /// Safe time outside from `start` while UV and protection change: the smallest T with
    /// `∫₀ᵀ UVI(t) / (k × SPF_eff(t)) dt ≥ MED`, clamped like the constant formula (and equal to it
    /// when both are constant). No UV within the 240-minute horizon means no burn risk.
    public init(
        skinType: SkinType, from start: Date,
        uvi: @escaping (Date) -> Double, effectiveSPF: @escaping (Date) -> Double = { _ in 1 }
    ) {
        let horizon = Self.limits.upperBound * 60
        let exposure = ErythemalExposure(uvi: uvi, effectiveSPF: effectiveSPF)
        if let seconds = exposure.timeToReach(skinType.minimalErythemalDose, from: start, within: horizon) {
            self = .minutes(max(Self.limits.lowerBound, seconds / 60))
        } else if exposure.hasUV(from: start, within: horizon) {
            self = .minutes(Self.limits.upperBound)
        } else {
            self = .noRisk
        }
    }

    /// Whole minutes, rounded down (the safe side), or nil for no risk.
    public var wholeMinutes: Int? {
        if case .minutes(let minutes) = self { return Int(minutes.rounded(.down)) }
        return nil
    }
}

/// Erythemal dose accumulated on skin over time, for a UV index and a protection factor that vary.
struct ErythemalExposure {
    let uvi: (Date) -> Double
    let effectiveSPF: (Date) -> Double

    /// Integration step: one minute (burn times are stated to the minute).
    static let step: TimeInterval = 60

    /// Dose rate in J/m² per minute at `date`.
    func rate(at date: Date) -> Double {
        max(0, uvi(date)) / (BurnTime.k * max(1, effectiveSPF(date)))
    }

    /// Seconds after `start` at which the accumulated dose reaches `dose`, or nil if not within `horizon`.
    /// Trapezoidal integration in one-minute steps, linear inside the step that crosses.
    func timeToReach(_ dose: Double, from start: Date, within horizon: TimeInterval) -> TimeInterval? {
        var accumulated = 0.0
        var elapsed = 0.0
        var previousRate = rate(at: start)
        while elapsed < horizon {
            let step = min(Self.step, horizon - elapsed)
            let nextRate = rate(at: start.addingTimeInterval(elapsed + step))
            let gained = (previousRate + nextRate) / 2 * step / 60
            if accumulated + gained >= dose, gained > 0 {
                return elapsed + step * (dose - accumulated) / gained
            }
            accumulated += gained
            elapsed += step
            previousRate = nextRate
        }
        return nil
    }

    /// The dose received from `start` to `end`, in the burn model's J/m² (what `timeToReach`
    /// counts): the same trapezoidal integration in one-minute steps, the last step shorter.
    func dose(from start: Date, to end: Date) -> Double {
        var accumulated = 0.0
        var elapsed = 0.0
        let span = max(0, end.timeIntervalSince(start))
        var previousRate = rate(at: start)
        while elapsed < span {
            let step = min(Self.step, span - elapsed)
            let nextRate = rate(at: start.addingTimeInterval(elapsed + step))
            accumulated += (previousRate + nextRate) / 2 * step / 60
            elapsed += step
            previousRate = nextRate
        }
        return accumulated
    }

    /// Whether any UV falls on the skin within `horizon` of `start` (sampled each step).
    func hasUV(from start: Date, within horizon: TimeInterval) -> Bool {
        stride(from: 0, through: horizon, by: Self.step).contains { uvi(start.addingTimeInterval($0)) > 0 }
    }
}

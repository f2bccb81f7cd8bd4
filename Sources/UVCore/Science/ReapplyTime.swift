import FoundationEssentials

/// When sunscreen should go on again, and why then.
public struct ReapplyTime: Sendable, Equatable {
    /// Which rule set the time.
    public enum Reason: String, Sendable, Codable {
        /// The fixed interval since application (2 h by default).
        case interval
        /// The protection has let through a full minimal erythemal dose since application.
        case protectionUsedUp
        /// Water (or towelling) plus the product's labelled water resistance.
        case water
    }

    public private(set) var date: Date
    public private(set) var reason: Reason

    /// The default interval between applications.
    public static let defaultInterval: TimeInterval = 2 * 3600

    /// The earliest of: applied + `interval`; the moment the dose let through since application
    /// reaches the skin type's MED; a water event + the product's water resistance.
    public init(
        application: SunscreenApplication, skinType: SkinType, uvi: @escaping (Date) -> Double,
        interval: TimeInterval = ReapplyTime.defaultInterval
    ) {
        date = application.appliedAt.addingTimeInterval(interval)
        reason = .interval
        let exposure = ErythemalExposure(uvi: uvi, effectiveSPF: application.effectiveSPF(at:))
        if let seconds = exposure.timeToReach(skinType.minimalErythemalDose, from: application.appliedAt, within: interval) {
            consider(application.appliedAt.addingTimeInterval(seconds), .protectionUsedUp)
        }
        if let washedOff = application.washedOffAt {
            consider(washedOff, .water)
        }
    }

    private mutating func consider(_ candidate: Date, _ why: Reason) {
        if candidate < date {
            date = candidate
            reason = why
        }
    }
}

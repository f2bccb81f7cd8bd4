import FoundationEssentials
import Glibc

/// The sun protection factor printed on the bottle. `spf50` stands for "50+".
public enum SPF: Int, Sendable, CaseIterable, Codable {
    case none = 1
    case spf15 = 15
    case spf30 = 30
    case spf50 = 50

    /// The labelled factor (1 for no sunscreen).
    public var label: Double { Double(rawValue) }

    /// How users write it: `none`, `15`, `30`, `50`.
    public var argument: String { self == .none ? "none" : String(rawValue) }

    /// What may be written, as every help and refusal says it: the one place the list is made.
    public static var choices: String { tr("none, 15, 30 or 50") }

    /// Accepts `none`, `0`, `15`, `30`, `50` and `50+` (also with an `spf` prefix).
    public init?(parsing text: String) {
        var value = text.lowercased().trimmingSpaces()
        if value.hasPrefix("spf") { value = String(value.dropFirst(3)).trimmingSpaces() }
        switch value {
        case "none", "0", "1": self = .none
        case "15": self = .spf15
        case "30": self = .spf30
        case "50", "50+": self = .spf50
        default: return nil
        }
    }

    /// Written as its factor (`30`); read from that or from how users write it (`"30"`,
    /// `"none"`), the form uvd up to 0.4.0 kept in a reapply reminder's meaning.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let factor = try? container.decode(Int.self), let spf = SPF(rawValue: factor) {
            self = spf
        } else if let written = try? container.decode(String.self), let spf = SPF(parsing: written) {
            self = spf
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "an SPF is 1, 15, 30 or 50 (or \"none\", \"15\", \"30\", \"50\")")
        }
    }
}

/// The SPF of sunscreen put on: any but `none`, which is no sunscreen (`uvctl sunscreen
/// remove` clears what is on record), wherever it is written.
public struct AppliedSPF: Sendable, Equatable {
    public let spf: SPF

    /// Nil for `none`.
    public init?(_ spf: SPF) {
        guard spf != .none else { return nil }
        self.spf = spf
    }

    /// What may be written for an application.
    public static var choices: String { tr("15, 30 or 50") }

    /// Why `none` is no application.
    public static var noneRefusal: String { tr("an application needs an SPF of %1$@: SPF 0 (none) is no sunscreen", choices) }
}

/// How much sunscreen went on. The laboratory SPF test uses 2 mg/cm²; most people apply far less.
public enum SunscreenQuantity: String, Sendable, CaseIterable, Codable {
    case low, medium, lots

    /// What may be written, as every help and refusal says it.
    public static var choices: String { tr("low, medium or lots") }

    /// Applied dose in mg/cm².
    public var dose: Double {
        switch self {
        case .low: 0.5
        case .medium: 1.0
        case .lots: 2.0
        }
    }

    /// Below the test dose, a second layer is worth suggesting ("double application").
    public var suggestsDoubleApplication: Bool { self != .lots }
}

/// What the wearer is doing, which sets how fast protection wears off.
public enum SunscreenActivity: String, Sendable, CaseIterable, Codable {
    case indoors, normal, active

    /// What may be written, as every help and refusal says it.
    public static var choices: String { tr("indoors, normal or active") }

    /// Fraction of protection lost after `hours` since application, growing pro rata and capped at 1:
    /// normal 10 %/h, active or in water 17.5 %/h, indoors nothing for 2 h then 5 %/h.
    /// (The per-2-hour steps of the product's burn-time engine, spread evenly over time.)
    public func decay(afterHours hours: Double) -> Double {
        let elapsed = max(0, hours)
        let lost: Double
        switch self {
        case .indoors: lost = max(0, elapsed - 2) * 0.05
        case .normal: lost = elapsed * 0.10
        case .active: lost = elapsed * 0.175
        }
        return min(1, lost)
    }
}

/// How long the product keeps its SPF in water, as labelled ("water resistant 40/80 minutes").
public enum WaterResistance: Int, Sendable, CaseIterable, Codable {
    case none = 0
    case minutes40 = 40
    case minutes80 = 80

    public var duration: TimeInterval { TimeInterval(rawValue * 60) }
}

/// One application of sunscreen, and the protection it gives over time.
public struct SunscreenApplication: Sendable, Equatable, Codable {
    public var spf: SPF
    public var quantity: SunscreenQuantity
    public var activity: SunscreenActivity
    public var appliedAt: Date
    public var waterResistance: WaterResistance
    /// When the wearer last went into water (or towelled off) since applying.
    public var waterEventAt: Date?
    /// Who it was put on: everyone out, or one person.
    public var wearer: SunscreenWearer

    public init(
        spf: SPF, quantity: SunscreenQuantity, activity: SunscreenActivity = .normal, appliedAt: Date,
        waterResistance: WaterResistance = .none, waterEventAt: Date? = nil, wearer: SunscreenWearer = .everyone
    ) {
        self.wearer = wearer
        self.spf = spf
        self.quantity = quantity
        self.activity = activity
        self.appliedAt = appliedAt
        self.waterResistance = waterResistance
        self.waterEventAt = waterEventAt
    }

    /// Reads what any release saved: the product and the time are needed; the rest has defaults.
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            spf: try saved.decode(SPF.self, forKey: .spf), quantity: try saved.decode(SunscreenQuantity.self, forKey: .quantity),
            activity: try saved.decode(.activity, absent: .normal), appliedAt: try saved.decode(Date.self, forKey: .appliedAt),
            waterResistance: try saved.decode(.waterResistance, absent: .none), waterEventAt: try saved.decode(.waterEventAt, absent: nil),
            wearer: try saved.decode(.wearer, absent: .everyone))
    }

    /// The protection factor actually given `date`: `SPF^(dose/2) × (1 − decay)`, clamped to [1, SPF].
    ///
    /// The power law for under-application follows Faurschou & Wulf (2007), "The relation between
    /// sun protection factor and amount of suncreen applied in vivo", Br J Dermatol 156:716–719.
    /// Before the application there is no protection, nor after water has washed it off.
    public func effectiveSPF(at date: Date) -> Double {
        guard date >= appliedAt else { return 1 }
        if let washedOffAt, date >= washedOffAt { return 1 }
        return Self.effectiveSPF(
            spf: spf, quantity: quantity, activity: activity,
            hoursSinceApplied: date.timeIntervalSince(appliedAt) / 3600)
    }

    /// When water (or towelling) took the protection off: the water event plus the time the
    /// product is labelled to resist water (none: at once).
    public var washedOffAt: Date? {
        waterEventAt.map { $0.addingTimeInterval(waterResistance.duration) }
    }

    /// The same formula for an elapsed time, without a calendar.
    public static func effectiveSPF(
        spf: SPF, quantity: SunscreenQuantity, activity: SunscreenActivity, hoursSinceApplied: Double
    ) -> Double {
        guard spf != .none else { return 1 }
        let fresh = pow(spf.label, quantity.dose / 2)
        let remaining = fresh * (1 - activity.decay(afterHours: hoursSinceApplied))
        return min(spf.label, max(1, remaining))
    }
}

import FoundationEssentials

/// The user's skin and sunscreen habits, as set with `uvctl profile set`.
public struct Profile: Sendable, Equatable, Codable {
    /// Nil until the user sets it; views then use type I, the most cautious, and say so.
    public var skinType: SkinType?
    /// What "Applied sunscreen" records when nothing else is said.
    public var defaultSPF: SPF
    public var defaultQuantity: SunscreenQuantity
    public var defaultActivity: SunscreenActivity
    public var waterResistance: WaterResistance

    public init(
        skinType: SkinType? = nil, defaultSPF: SPF = .spf30, defaultQuantity: SunscreenQuantity = .medium,
        defaultActivity: SunscreenActivity = .normal, waterResistance: WaterResistance = .none
    ) {
        self.skinType = skinType
        self.defaultSPF = defaultSPF
        self.defaultQuantity = defaultQuantity
        self.defaultActivity = defaultActivity
        self.waterResistance = waterResistance
    }

    /// Reads what any release saved: a missing field takes its default.
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            skinType: try saved.decode(.skinType, absent: nil), defaultSPF: try saved.decode(.defaultSPF, absent: .spf30),
            defaultQuantity: try saved.decode(.defaultQuantity, absent: .medium),
            defaultActivity: try saved.decode(.defaultActivity, absent: .normal),
            waterResistance: try saved.decode(.waterResistance, absent: .none))
    }

    /// The skin type calculations use: the user's, else type I.
    public var effectiveSkinType: SkinType { skinType ?? .I }

    /// The application made at `date` with these defaults, any of them replaced; nil when its
    /// SPF is none, which is no sunscreen. What `uvctl sunscreen apply` and a pressed "Applied"
    /// record.
    public func application(at date: Date, spf: SPF? = nil, quantity: SunscreenQuantity? = nil, activity: SunscreenActivity? = nil)
        -> SunscreenApplication?
    {
        let spf = spf ?? defaultSPF
        guard spf != .none else { return nil }
        return SunscreenApplication(
            spf: spf, quantity: quantity ?? defaultQuantity, activity: activity ?? defaultActivity, appliedAt: date,
            waterResistance: waterResistance)
    }
}

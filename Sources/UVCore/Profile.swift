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

    /// The skin type calculations use: the user's, else type I.
    public var effectiveSkinType: SkinType { skinType ?? .I }
}

import FoundationEssentials

/// How much skin is bare to the sun, for the vitamin-D dose.
public enum SkinExposure: String, Sendable, CaseIterable, Codable {
    case faceAndHands = "face-hands"
    case faceArmsAndHands = "face-arms-hands"
    case withLegs = "with-legs"
    case swimwear

    /// The share of the body's skin that is bare. Face, arms and hands are a quarter, the area
    /// Holick's rule and Webb & Engelsen 2006's standard dose are stated for; the others follow
    /// the rule of nines (Wallace 1951): face and hands about a tenth, adding the legs below
    /// shorts about 0.45, swimwear about 0.85. A number of its own, not beside the phrase: the
    /// dose's minutes read it for every hour of the day and every person, and need no words.
    public var bodyFraction: Double {
        switch self {
        case .faceAndHands: 0.10
        case .faceArmsAndHands: 0.25
        case .withLegs: 0.45
        case .swimwear: 0.85
        }
    }

    /// How a sentence names the bare skin: "with face, arms and hands bare".
    public var phrase: String {
        switch self {
        case .faceAndHands: tr("with face and hands bare")
        case .faceArmsAndHands: tr("with face, arms and hands bare")
        case .withLegs: tr("with face, arms, hands and legs bare")
        case .swimwear: tr("in swimwear")
        }
    }

    /// The default: face, arms and hands, as a T-shirt leaves them.
    public static let standard = SkinExposure.faceArmsAndHands

    /// What may be written, as help and refusals say it.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The minutes of sun that make a standard vitamin-D dose.
///
/// Webb & Engelsen 2006 ("Calculated ultraviolet exposure levels for a healthy vitamin D
/// status", Photochem. Photobiol. 82:1697–1703) define the standard vitamin D dose (SDD) as the
/// UV equal to 1000 IU of vitamin D taken by mouth: after Holick, a quarter of the person's
/// minimal erythemal dose (MED) on a quarter of the body (face, arms and hands), counted in
/// vitamin-D-weighted UV as it falls at noon in Boston on 21 March (42.2° N, 350 DU), when skin is
/// known to make vitamin D. So the SDD in vitamin-D-weighted J/m² is `¼ · MED · R₀`, with R₀ the
/// vitamin-D to erythemal ratio at that noon (`VitaminDWeighting`), and it scales with the
/// person's MED (their skin type).
///
/// At a moment with UV index `UVI` and ratio `R`, the vitamin-D-weighted dose comes at
/// `R · UVI · 1.5` J/m² a minute (1 UVI = 25 mW/m² erythemal = 1.5 J/m² a minute), so the dose
/// takes `¼ · MED · (R₀ / R) · (¼ / bare) · SPF / (1.5 · UVI)` minutes, where `bare` is the share of
/// skin in the sun: more bare skin makes as much in less time (Bogh et al. 2011 found the rise
/// in vitamin D in proportion to the area).
///
/// Assumptions, said in `uvctl guide vitamin-d`:
/// - sunscreen blocks vitamin-D UV by the same factor as burning UV (its SPF is measured with
///   the erythema spectrum; it blocks the shorter vitamin-D wavelengths at least as well);
/// - age is left out: older skin makes less (MacLaughlin & Holick 1985), but no published
///   factor fits this model's terms;
/// - the rate is the physical 1.5 J/m² a minute per UV index, not the burn time's cautious 2
///   (`BurnTime.k`), so a dose is never promised sooner than the physics gives it.
public enum StandardVitaminDDose {
    /// Erythemal J/m² a minute per UV index (25 mW/m² × 60 s).
    public static let erythemalDosePerMinutePerUVI = 1.5

    /// The share of the MED, on a quarter of the body, that makes one standard dose (Holick).
    public static let medFraction = 0.25

    /// Boston at noon on 21 March: where and when Webb & Engelsen 2006 weighed the standard dose.
    public static let referenceZenith = 42.2
    public static let referenceOzone = 350.0

    /// The vitamin-D to erythemal ratio of the reference noon.
    public static let referenceRatio = VitaminDWeighting.ratio(zenith: referenceZenith, ozone: referenceOzone)

    /// Minutes for a standard dose in UV of this index with the Sun at this zenith angle, or nil
    /// when that sun makes no vitamin D (`VitaminDWeighting.makesVitaminD`).
    public static func minutes(
        skinType: SkinType, exposure: SkinExposure = .standard, uvi: Double, zenith: Double,
        effectiveSPF: Double = 1, ozone: Double = VitaminDWeighting.referenceOzone
    ) -> Double? {
        minutes(
            skinType: skinType, exposure: exposure, uvi: uvi, ratio: VitaminDWeighting.ratio(zenith: zenith, ozone: ozone),
            effectiveSPF: effectiveSPF)
    }

    /// The same for the sun's vitamin-D to erythemal `ratio` already worked out
    /// (`VitaminDWeighting.ratio`): a day sums it once an hour for everyone out.
    static func minutes(skinType: SkinType, exposure: SkinExposure, uvi: Double, ratio: Double, effectiveSPF: Double) -> Double? {
        guard VitaminDWeighting.irradiance(uvi: uvi, ratio: ratio) >= VitaminDWeighting.synthesisThreshold else { return nil }
        let protection = effectiveSPF.isFinite ? max(1, effectiveSPF) : 1
        let dose =
            medFraction * skinType.minimalErythemalDose * (referenceRatio / ratio)
            * (SkinExposure.standard.bodyFraction / exposure.bodyFraction)
        return dose * protection / (erythemalDosePerMinutePerUVI * uvi)
    }
}

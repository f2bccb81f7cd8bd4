import FoundationEssentials
import Glibc

/// Sunlight weighted for making vitamin D, beside the same sunlight weighted for sunburn.
///
/// uvd knows the erythemal (burning) UV: the UV index, forecast or modelled. Vitamin D is made by
/// shorter wavelengths than burning is (CIE 174:2006 against the erythema spectrum of CIE
/// S 007), and the air and its ozone take out the shortest the more, the lower the Sun is. So the
/// ratio of vitamin-D-weighted to erythemal UV falls as the Sun sinks; Fioletov et al. 2009 ("On
/// the relationship between erythemal and vitamin D action spectrum weighted ultraviolet
/// radiation", J. Photochem. Photobiol. B 95:9–16) measured it with Brewer spectrophotometers and
/// found it nearly constant for UV index above 5.5, falling below; erythemal UV alone cannot
/// stand in for vitamin-D UV there.
///
/// uvd works the ratio out from the spectra (`VitaminDSpectra`) for the Sun's zenith angle and
/// the ozone column, with a clear-sky model of the light that reaches the ground:
/// `E(λ) = E₀(λ) · μ₀ · exp(−σ(λ) · N · m₃) · [exp(−τ(λ) · m) + ½ · (1 − exp(−τ(λ) · m))]`, the
/// direct beam plus half of what the air scatters (Rayleigh scattering is even forward and back),
/// where μ₀ is the zenith angle's cosine, σ ozone's cross-section, N the ozone column in
/// molecules cm⁻² (1 DU = 2.687 × 10¹⁶), m₃ the slant path through an ozone layer 22 km high on a
/// round Earth, m the air mass (Kasten & Young 1989) and τ the Rayleigh optical depth at sea
/// level (Hansen & Travis 1974: `0.008569 λ⁻⁴ (1 + 0.0113 λ⁻² + 0.00013 λ⁻⁴)`, λ in µm). The ozone
/// lies above most of the scattering air, so the scattered light crosses it on the Sun's slant
/// path too. The model's erythemal UV index is within 5 % of Madronich's clear-sky formula from
/// zenith 0° to 40° and within 20 % to 70° (`VitaminDModelTests`), and its ratio is 2.2 with the
/// Sun high and 1.7 at 70°, as Fioletov's measurements show it flat, then falling.
public enum VitaminDWeighting {
    /// The ozone column uvd assumes when it is not told one, in Dobson units (`ClearSkyUV`'s).
    public static let referenceOzone = ClearSkyUV.referenceOzone

    /// Vitamin-D-weighted over erythemally weighted clear-sky irradiance for a geometric zenith
    /// angle in degrees and an ozone column in DU; 0 with the Sun at or below the horizon.
    public static func ratio(zenith: Double, ozone: Double = referenceOzone) -> Double {
        let light = clearSky(zenith: zenith, ozone: ozone)
        return light.erythemal > 0 ? light.vitaminD / light.erythemal : 0
    }

    /// The vitamin-D-weighted irradiance (W/m², CIE 174 normalised to 1 at 298 nm) that comes
    /// with an erythemal UV index at a zenith angle: `ratio × UVI ÷ 40` (UVI is 40 m²/W times
    /// the erythemal irradiance).
    public static func irradiance(uvi: Double, zenith: Double, ozone: Double = referenceOzone) -> Double {
        irradiance(uvi: uvi, ratio: ratio(zenith: zenith, ozone: ozone))
    }

    /// The same, for a `ratio` already worked out (the spectral sum is the costly part).
    static func irradiance(uvi: Double, ratio: Double) -> Double {
        guard uvi.isFinite, uvi > 0 else { return 0 }
        return ratio * uvi / 40
    }

    /// The least vitamin-D-weighted irradiance at which skin makes vitamin D, in W/m².
    ///
    /// Engelsen et al. 2005 ("Daily duration of vitamin D synthesis in human skin with relation to
    /// latitude, total ozone, altitude, ground cover, aerosols and cloud thickness", Photochem.
    /// Photobiol. 81:1287–1290) found that under clear skies no vitamin D is made at 51° latitude
    /// and higher for part of the year, and at 70° for five months. uvd's threshold is the
    /// vitamin-D-weighted UV of a clear sky with the Sun at zenith 74° (16° high) under 300 DU,
    /// the level at which this model gives both: at 51° about three weeks around midwinter
    /// without, at 70° five and a half months (`VitaminDModelTests`).
    public static let synthesisThreshold = irradiance(
        uvi: ClearSkyUV.madronich(zenith: thresholdZenith), zenith: thresholdZenith)

    /// The zenith angle that sets `synthesisThreshold`, in degrees.
    static let thresholdZenith = 74.0

    /// Whether UV of this index, with the Sun at this zenith angle, makes vitamin D in skin.
    public static func makesVitaminD(uvi: Double, zenith: Double, ozone: Double = referenceOzone) -> Bool {
        irradiance(uvi: uvi, zenith: zenith, ozone: ozone) >= synthesisThreshold
    }

    /// The modelled clear-sky irradiance at sea level and 1 AU, erythemally weighted (CIE S 007:
    /// 1 to 298 nm, `10^(0.094 (298 − λ))` to 328 nm, `10^(0.015 (140 − λ))` beyond) and
    /// vitamin-D weighted, in W/m², over 280–330 nm.
    static func clearSky(zenith: Double, ozone: Double) -> (erythemal: Double, vitaminD: Double) {
        guard zenith.isFinite, ozone.isFinite, zenith < 90, ozone > 0 else { return (0, 0) }
        let cosine = Degrees.cos(zenith)
        let sine = Degrees.sin(zenith)
        let ozoneLayerRatio = earthRadius / (earthRadius + ozoneLayerHeight)
        let ozonePath = 1 / (1 - ozoneLayerRatio * ozoneLayerRatio * sine * sine).squareRoot()
        let airMass = 1 / (cosine + 0.50572 * pow(96.07995 - zenith, -1.6364))
        let ozoneMolecules = ozone * moleculesPerDobsonUnit
        var erythemal = 0.0
        var vitaminD = 0.0
        for (index, line) in VitaminDSpectra.lines.enumerated() {
            let direct = exp(-rayleighDepth[index] * airMass)
            let transmitted = exp(-line.ozoneCrossSection * ozoneMolecules * ozonePath) * (direct + (1 - direct) / 2)
            let ground = line.extraterrestrial * cosine * transmitted
            erythemal += ground * erythemaWeight[index]
            vitaminD += ground * line.previtaminD
        }
        return (erythemal, vitaminD)
    }

    /// Mean Earth radius and the height of the ozone layer's middle, in km.
    static let earthRadius = 6371.0
    static let ozoneLayerHeight = 22.0

    /// Molecules per cm² in a column of 1 DU (0.01 mm of ozone at 0 °C and 1 atm).
    static let moleculesPerDobsonUnit = 2.687e16

    /// The wavelength of each line of the spectra, in nm.
    static let wavelengths = VitaminDSpectra.lines.map(\.wavelength)

    /// CIE S 007 erythema action spectrum at each wavelength.
    static let erythemaWeight: [Double] = wavelengths.map { wavelength in
        if wavelength <= 298 { return 1 }
        if wavelength <= 328 { return pow(10, 0.094 * (298 - wavelength)) }
        return pow(10, 0.015 * (140 - wavelength))
    }

    /// Rayleigh optical depth of the whole atmosphere at sea level at each wavelength.
    static let rayleighDepth: [Double] = wavelengths.map { wavelength in
        let micrometres = wavelength / 1000
        let inverseSquare = 1 / (micrometres * micrometres)
        return 0.008569 * inverseSquare * inverseSquare * (1 + 0.0113 * inverseSquare + 0.00013 * inverseSquare * inverseSquare)
    }
}

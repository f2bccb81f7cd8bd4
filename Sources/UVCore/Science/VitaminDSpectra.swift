/// The spectra the vitamin-D model weighs sunlight with, a line per whole nanometre from 280 nm
/// to 330 nm, where the previtamin-D3 action spectrum ends.
///
/// `scripts/generate-vitamin-d-spectra.py` prints these lines from NCAR TUV-x's copies of the
/// published data (github.com/NCAR/tuv-x, `data/`); each column is named below with its source.
enum VitaminDSpectra {
    /// What the spectra give at one whole nanometre, in the order of its line:
    /// - `wavelength`, in nanometres;
    /// - `extraterrestrial`: the Sun's spectral irradiance above the atmosphere at 1 AU, in
    ///   W m⁻² nm⁻¹: the ATLAS-3 SUSIM spectrum of 13 November 1994 (0.15 nm resolution), averaged
    ///   over the 1 nm bin;
    /// - `ozoneCrossSection`: ozone's absorption cross-section in cm², at 228 K (near the
    ///   stratospheric ozone layer's temperature): Malicet et al. 1995, "Ozone UV spectroscopy.
    ///   II.", J. Atmos. Chem. 21:263–273, averaged over the 1 nm bin;
    /// - `previtaminD`: the action spectrum for the production of previtamin D3 in human skin,
    ///   relative to its peak at 298 nm: CIE 174:2006 (values beyond 315 nm are the CIE's own
    ///   spline).
    typealias SpectralLine = (wavelength: Double, extraterrestrial: Double, ozoneCrossSection: Double, previtaminD: Double)

    /// 280 to 330 nm.
    static let lines: [SpectralLine] = [
        (280, 7.8243e-02, 3.8720e-18, 4.740e-01),
        (281, 1.5561e-01, 3.5108e-18, 5.430e-01),
        (282, 2.8584e-01, 3.1490e-18, 5.830e-01),
        (283, 3.3363e-01, 2.9432e-18, 6.170e-01),
        (284, 3.0691e-01, 2.6438e-18, 6.520e-01),
        (285, 1.5453e-01, 2.3617e-18, 6.890e-01),
        (286, 2.6133e-01, 2.1464e-18, 7.250e-01),
        (287, 3.7398e-01, 1.9383e-18, 7.630e-01),
        (288, 2.8250e-01, 1.6805e-18, 8.050e-01),
        (289, 4.2121e-01, 1.5060e-18, 8.420e-01),
        (290, 5.8355e-01, 1.3401e-18, 8.780e-01),
        (291, 6.2542e-01, 1.2013e-18, 9.030e-01),
        (292, 5.6386e-01, 1.0328e-18, 9.280e-01),
        (293, 5.4296e-01, 9.2775e-19, 9.520e-01),
        (294, 5.3046e-01, 8.0255e-19, 9.760e-01),
        (295, 5.3359e-01, 7.1168e-19, 9.830e-01),
        (296, 6.1112e-01, 6.1058e-19, 9.900e-01),
        (297, 4.2055e-01, 5.4110e-19, 9.960e-01),
        (298, 5.6704e-01, 4.6468e-19, 1.000e+00),
        (299, 5.0822e-01, 4.1124e-19, 9.770e-01),
        (300, 4.2984e-01, 3.5382e-19, 9.510e-01),
        (301, 5.1217e-01, 3.0784e-19, 9.170e-01),
        (302, 4.5011e-01, 2.7112e-19, 8.780e-01),
        (303, 6.5030e-01, 2.3091e-19, 7.710e-01),
        (304, 6.1791e-01, 2.0728e-19, 7.010e-01),
        (305, 6.8829e-01, 1.7417e-19, 6.340e-01),
        (306, 5.7225e-01, 1.5605e-19, 5.660e-01),
        (307, 6.1842e-01, 1.3341e-19, 4.880e-01),
        (308, 6.4107e-01, 1.1584e-19, 3.950e-01),
        (309, 6.0674e-01, 1.0459e-19, 3.060e-01),
        (310, 5.1162e-01, 8.5804e-20, 2.200e-01),
        (311, 8.1574e-01, 7.8272e-20, 1.560e-01),
        (312, 6.8326e-01, 6.6149e-20, 1.190e-01),
        (313, 7.1096e-01, 5.6873e-20, 8.300e-02),
        (314, 7.6240e-01, 5.1358e-20, 4.900e-02),
        (315, 6.9029e-01, 4.1575e-20, 3.400e-02),
        (316, 5.8096e-01, 3.8873e-20, 2.000e-02),
        (317, 7.8797e-01, 3.1706e-20, 1.410e-02),
        (318, 7.0661e-01, 3.0056e-20, 9.760e-03),
        (319, 7.1812e-01, 2.1688e-20, 6.520e-03),
        (320, 8.0144e-01, 2.4440e-20, 4.360e-03),
        (321, 7.7631e-01, 1.4850e-20, 2.920e-03),
        (322, 7.6714e-01, 1.7097e-20, 1.950e-03),
        (323, 6.7846e-01, 1.5021e-20, 1.310e-03),
        (324, 7.4579e-01, 8.2670e-21, 8.730e-04),
        (325, 8.0811e-01, 1.2735e-20, 5.840e-04),
        (326, 1.0282e+00, 7.9034e-21, 3.900e-04),
        (327, 9.9318e-01, 5.7642e-21, 2.610e-04),
        (328, 9.7667e-01, 8.9514e-21, 1.750e-04),
        (329, 9.9375e-01, 3.7766e-21, 1.170e-04),
        (330, 1.1445e+00, 3.8008e-21, 7.800e-05),
    ]
}

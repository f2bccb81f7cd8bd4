#!/usr/bin/env python3
"""Prints Sources/UVCore/Science/VitaminDSpectra.swift's lines from NCAR TUV-x's data.

uvd's vitamin-D model needs, at each whole nanometre from 280 to 330 nm: the Sun's irradiance
above the atmosphere, ozone's absorption cross-section, and the previtamin-D3 action spectrum.
TUV-x (https://github.com/NCAR/tuv-x, Apache-2.0) carries all three as published:
  - data/profiles/solar/atlas3_1994_317_a.dat: ATLAS-3/SUSIM, 13 Nov 1994 (W m-2 nm-1);
  - data/cross_sections/O3_2.nc: Malicet et al. 1995, J. Atmos. Chem. 21:263, at 228 K (cm2);
  - data/spectral_weights/Previtamin-D3 (CIE 2006)_spectral_wght_1.nc: CIE 174:2006.
The first two are averaged over each 1 nm bin centred on the whole nanometre; the action
spectrum is tabulated at whole nanometres and taken as it is.

Usage: scripts/generate-vitamin-d-spectra.py TUV_X_CHECKOUT   (needs python3-h5py and numpy)
"""
import pathlib
import sys

import h5py
import numpy

root = pathlib.Path(sys.argv[1])
wavelengths = range(280, 331)


def bin_mean(x, y, centre):
    inside = (x >= centre - 0.5) & (x < centre + 0.5)
    return float(y[inside].mean())


solar = numpy.loadtxt(root / "data/profiles/solar/atlas3_1994_317_a.dat", comments="#")
ozone = h5py.File(root / "data/cross_sections/O3_2.nc")
temperatures = list(numpy.array(ozone["temperature"]))
ozone_228 = numpy.array(ozone["cross_section_parameters"])[temperatures.index(228.0)]
ozone_wavelengths = numpy.array(ozone["wavelength"])
action = h5py.File(root / "data/spectral_weights/Previtamin-D3 (CIE 2006)_spectral_wght_1.nc")
action_by_nm = dict(zip(numpy.array(action["wavelength"]), numpy.array(action["spectral_weight_parameters"])[0]))


solar_by_nm = [bin_mean(solar[:, 0], solar[:, 1], w) for w in wavelengths]
ozone_by_nm = [bin_mean(ozone_wavelengths, ozone_228, w) for w in wavelengths]
for w, sun, o3 in zip(wavelengths, solar_by_nm, ozone_by_nm):
    print(f"        ({w}, {sun:.4e}, {o3:.4e}, {action_by_nm[float(w)]:.3e}),")

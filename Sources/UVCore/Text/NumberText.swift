/// Numbers written as text by uvd itself. `String(format:)` goes through CoreFoundation and
/// `formatted()` through ICU; both bring code and data into a daemon that otherwise never needs
/// them, for digits this writes exactly as `printf` does.
extension Int {
    /// At least `width` digits, zeros on the left, as `%0*d` writes it: `7.zeroPadded(2)` is `07`,
    /// `-7.zeroPadded(3)` is `-07`.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude)
        let padding = String(repeating: "0", count: Swift.max(0, width - digits.count - (self < 0 ? 1 : 0)))
        return (self < 0 ? "-" : "") + padding + digits
    }
}

extension Double {
    /// With `places` decimals (0 to 9), rounded as `printf("%.*f")` rounds: to the nearer of the
    /// two neighbours of the value's exact binary form, a tie to the even one. So `0.15` (in binary
    /// 0.1499999…) gives `0.1` and `0.25` gives `0.2`, never the `0.2`/`0.3` a rounding of
    /// `value × 10ⁿ` in floating point would give.
    ///
    /// How: the whole part is exact as it is; the fraction times 10ⁿ is split into its rounded
    /// product and that product's exact error (`fma`), so the comparison with the halfway point is
    /// exact. Beyond 2⁶³ the shortest round-trip form is written instead.
    public func fixed(_ places: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
        let places = Swift.min(9, Swift.max(0, places))
        let magnitude = Swift.abs(self)
        guard magnitude < 0x1p63 else { return description }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        var whole = Int(magnitude.rounded(.down))
        let fraction = magnitude - Double(whole)
        let product = fraction * scale
        let error = (-product).addingProduct(fraction, scale)
        var units = Int(product.rounded(.down))
        let fromHalfway = (product - Double(units) - 0.5) + error
        let lastDigitOdd = places == 0 ? whole % 2 == 1 : units % 2 == 1
        if fromHalfway > 0 || (fromHalfway == 0 && lastDigitOdd) { units += 1 }
        if units == Int(scale), places > 0 { (whole, units) = (whole + 1, 0) }
        let sign = sign == .minus ? "-" : ""
        guard places > 0 else { return sign + String(whole + units) }
        return sign + String(whole) + "." + units.zeroPadded(places)
    }

    /// The shortest form that reads back as the same number, without a trailing `.0`: `12`, `0.5`.
    public var plain: String {
        if rounded() == self, Swift.abs(self) < 1e15 { return String(Int(self)) }
        return description
    }
}

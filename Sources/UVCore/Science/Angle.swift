import Glibc

/// Degree-based trigonometry used by the astronomical formulas, which are all stated in degrees.
enum Degrees {
    static func toRadians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func fromRadians(_ radians: Double) -> Double { radians * 180 / .pi }
    static func sin(_ degrees: Double) -> Double { Glibc.sin(toRadians(degrees)) }
    static func cos(_ degrees: Double) -> Double { Glibc.cos(toRadians(degrees)) }
    static func tan(_ degrees: Double) -> Double { Glibc.tan(toRadians(degrees)) }
    static func asin(_ value: Double) -> Double { fromRadians(Glibc.asin(value)) }
    static func acos(_ value: Double) -> Double { fromRadians(Glibc.acos(value)) }
    static func atan2(_ y: Double, _ x: Double) -> Double { fromRadians(Glibc.atan2(y, x)) }

    /// `value` reduced into `0 ..< modulus`, also for negative input.
    static func wrap(_ value: Double, _ modulus: Double) -> Double {
        let remainder = value.truncatingRemainder(dividingBy: modulus)
        return remainder < 0 ? remainder + modulus : remainder
    }
}

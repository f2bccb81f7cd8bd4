import Foundation

/// Degree-based trigonometry used by the astronomical formulas, which are all stated in degrees.
enum Degrees {
    static func toRadians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func fromRadians(_ radians: Double) -> Double { radians * 180 / .pi }
    static func sin(_ degrees: Double) -> Double { Foundation.sin(toRadians(degrees)) }
    static func cos(_ degrees: Double) -> Double { Foundation.cos(toRadians(degrees)) }
    static func tan(_ degrees: Double) -> Double { Foundation.tan(toRadians(degrees)) }
    static func asin(_ value: Double) -> Double { fromRadians(Foundation.asin(value)) }
    static func acos(_ value: Double) -> Double { fromRadians(Foundation.acos(value)) }
    static func atan2(_ y: Double, _ x: Double) -> Double { fromRadians(Foundation.atan2(y, x)) }

    /// `value` reduced into `0 ..< modulus`, also for negative input.
    static func wrap(_ value: Double, _ modulus: Double) -> Double {
        let remainder = value.truncatingRemainder(dividingBy: modulus)
        return remainder < 0 ? remainder + modulus : remainder
    }
}

import FoundationEssentials
import Glibc
import UVCore

/// The wheel's measures (seed 000's visual spec, on a 400 × 400 canvas) and the SVG path
/// arithmetic: points on a circle by clock angle, annular sectors and open arcs.
enum WheelGeometry {
    static let size = 400.0
    static let centre = 200.0
    static let innerRadius = 128.0
    static let outerRadius = 168.0
    /// Each hour's segment leaves 1° free at either end: 2° between neighbours.
    static let halfGap = 1.0
    /// The sunscreen window: a 12-wide arc just outside the ring, 60 % opacity.
    static let windowRadius = 180.0
    static let windowWidth = 12.0
    /// The peak: a 10-wide arc just inside the ring.
    static let peakRadius = 120.0
    static let peakWidth = 10.0

    /// The point at `radius` and `degrees` clockwise from the top.
    static func point(radius: Double, degrees: Double) -> (x: Double, y: Double) {
        let radians = degrees * .pi / 180
        return (centre + radius * sin(radians), centre - radius * cos(radians))
    }

    static func format(_ value: Double) -> String {
        value.fixed(2)
    }

    static func pair(_ point: (x: Double, y: Double)) -> String {
        "\(format(point.x)) \(format(point.y))"
    }

    /// The ring between `inner` and `outer` from `start` to `end` degrees (clockwise).
    static func sector(from start: Double, to end: Double, inner: Double, outer: Double) -> String {
        let large = end - start > 180 ? 1 : 0
        return "M \(pair(point(radius: outer, degrees: start))) "
            + "A \(format(outer)) \(format(outer)) 0 \(large) 1 \(pair(point(radius: outer, degrees: end))) "
            + "L \(pair(point(radius: inner, degrees: end))) "
            + "A \(format(inner)) \(format(inner)) 0 \(large) 0 \(pair(point(radius: inner, degrees: start))) Z"
    }

    /// An open arc at `radius` from `start` to `end` degrees (clockwise), to be stroked.
    static func arc(from start: Double, to end: Double, radius: Double) -> String {
        let large = end - start > 180 ? 1 : 0
        return "M \(pair(point(radius: radius, degrees: start))) "
            + "A \(format(radius)) \(format(radius)) 0 \(large) 1 \(pair(point(radius: radius, degrees: end)))"
    }
}

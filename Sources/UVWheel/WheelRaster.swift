import FoundationEssentials
import Glibc
import UVCore

/// The mini-wheel as pixels, for notifications (the freedesktop `image-data` hint carries raw
/// RGBA, which every server can show without an SVG loader): the ring of 24 hours in the WHO
/// colours (past hours faint), the sunscreen window as a band outside it, a notch at now, and the
/// UV index now in the centre in the level's colour. Each pixel is the mean of 4 × 4 samples (2 × 2 for the tray).
public enum WheelRaster {
    /// Rows of RGBA bytes, not premultiplied, top to bottom.
    public struct Image: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public let rgba: [UInt8]

        /// The pixel at (`x`, `y`) as RGBA.
        public func pixel(x: Int, y: Int) -> [UInt8] {
            let start = (y * width + x) * 4
            return Array(rgba[start..<start + 4])
        }
    }

    /// `samples`: per axis in each pixel (4: 16 samples, for notifications; the tray's small
    /// icons, drawn at five sizes at once, take 2).
    public static func render(_ model: WheelModel, size: Int = 96, samples: Int = 4) -> Image {
        let samples = max(1, samples)
        let scale = Double(size) / WheelGeometry.size
        let colours = model.hours.prefix(24).map { hour in
            (start: model.angle(of: hour.start), colour: Colour(hex: hour.level.hexColor), past: model.isPast(hour))
        }
        let window = model.window.map { (max(0, model.angle(of: $0.start)), min(360, model.angle(of: $0.end))) }
        let nowAngle = model.angle(of: model.now)
        let digits = DigitFont.layout(model.centreNumber, height: 0.36 * WheelGeometry.size)
        let digitColour = Colour(hex: UVLevel(uvi: model.centre.uvi).hexColor)
        var rgba = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let px = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / scale
                        let py = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / scale
                        let sample = Self.sample(px, py, colours, window, nowAngle, digits, digitColour)
                        sum = (sum.r + sample.r * sample.a, sum.g + sample.g * sample.a, sum.b + sample.b * sample.a, sum.a + sample.a)
                    }
                }
                let index = (y * size + x) * 4
                let alpha = sum.a / Double(samples * samples)
                if sum.a > 0 {
                    rgba[index] = UInt8(min(255, (sum.r / sum.a).rounded()))
                    rgba[index + 1] = UInt8(min(255, (sum.g / sum.a).rounded()))
                    rgba[index + 2] = UInt8(min(255, (sum.b / sum.a).rounded()))
                }
                rgba[index + 3] = UInt8(min(255, (alpha * 255).rounded()))
            }
        }
        return Image(width: size, height: size, rgba: rgba)
    }

    /// The colour at a point of the 400 × 400 drawing.
    private static func sample(
        _ x: Double, _ y: Double, _ hours: [(start: Double, colour: Colour, past: Bool)], _ window: (Double, Double)?,
        _ now: Double, _ digits: [DigitFont.Cell], _ digitColour: Colour
    ) -> Colour {
        let dx = x - WheelGeometry.centre
        let dy = WheelGeometry.centre - y
        let radius = (dx * dx + dy * dy).squareRoot()
        var angle = atan2(dx, dy) * 180 / .pi
        if angle < 0 { angle += 360 }
        if (0..<360).contains(now), abs(angle - now) < 2.5, radius > WheelGeometry.innerRadius - 8, radius < 196 {
            return Colour(r: 30, g: 30, b: 30, a: 1)
        }
        if radius >= WheelGeometry.innerRadius, radius <= WheelGeometry.outerRadius {
            for hour in hours where angle >= hour.start + 1.5 && angle < hour.start + 13.5 {
                return hour.past ? hour.colour.with(alpha: 0.3) : hour.colour
            }
            return .clear
        }
        if let (start, end) = window, abs(radius - WheelGeometry.windowRadius) <= 9, angle >= start, angle <= end {
            return Colour(r: 31, g: 111, b: 209, a: 0.7)
        }
        if radius < WheelGeometry.innerRadius - 6 {
            return digits.contains { $0.contains(x, y) } ? digitColour : Colour(r: 255, g: 255, b: 255, a: 0.92)
        }
        return .clear
    }

    struct Colour {
        var r, g, b, a: Double
        static let clear = Colour(r: 0, g: 0, b: 0, a: 0)

        init(r: Double, g: Double, b: Double, a: Double) {
            (self.r, self.g, self.b, self.a) = (r, g, b, a)
        }

        /// `#RRGGBB`.
        init(hex: String) {
            let value = Int(hex.dropFirst(), radix: 16) ?? 0
            self.init(r: Double(value >> 16 & 0xFF), g: Double(value >> 8 & 0xFF), b: Double(value & 0xFF), a: 1)
        }

        func with(alpha: Double) -> Colour { Colour(r: r, g: g, b: b, a: alpha) }
    }
}

extension WheelModel {
    /// The whole number the mini-wheel shows in its centre.
    var centreNumber: String { String(Int(max(0, min(99, centre.uvi)).rounded())) }
}

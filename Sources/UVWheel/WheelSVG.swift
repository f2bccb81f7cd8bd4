import FoundationEssentials
import UVCore

/// Draws a `WheelModel` as a standalone SVG 1.1 document: the 24 hour segments in the WHO
/// colours (past hours at 30 % opacity; diagonal stripes over 8–10 and a cross-hatch over 11+,
/// so the levels read without colour), the sunscreen window as a 60 % arc outside the ring, the
/// peak as a thicker arc inside it, a notch at now, and the centre text.
///
/// Each drawn part carries a `class` (`segment`, `window`, `peak`, `now`) so that a reader (or a
/// test) can find it; the geometry is in the paths themselves.
public enum WheelSVG {
    public static func render(_ model: WheelModel) -> String {
        let palette = Palette(model.theme)
        var parts: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">"#,
            "<title>\(model.centre.uviText.escapingMarkup()) · \(model.centre.caption.escapingMarkup())</title>",
            "<defs>",
            #"<pattern id="stripes" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="8" fill="\#(palette.pattern)"/></pattern>"#,
            #"<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="3" height="8" fill="\#(palette.pattern)"/><rect width="8" height="3" fill="\#(palette.pattern)"/></pattern>"#,
            "</defs>",
            #"<rect width="400" height="400" rx="24" fill="\#(palette.background)"/>"#,
        ]
        parts += segments(model)
        if let window = model.window {
            let (start, end) = span(window, in: model)
            parts.append(
                #"<path class="window" d="\#(WheelGeometry.arc(from: start, to: end, radius: WheelGeometry.windowRadius))" fill="none" stroke="\#(palette.window)" stroke-width="\#(WheelGeometry.windowWidth)" stroke-linecap="round" opacity="0.6"/>"#
            )
        }
        if let peak = model.peak {
            let (start, end) = span(peak, in: model)
            parts.append(
                #"<path class="peak" d="\#(WheelGeometry.arc(from: start, to: end, radius: WheelGeometry.peakRadius))" fill="none" stroke="\#(UVLevel(uvi: model.hours.map(\.uvi).max() ?? 0).hexColor)" stroke-width="\#(WheelGeometry.peakWidth)" stroke-linecap="round"/>"#
            )
        }
        parts += hourMarks(palette)
        let nowAngle = model.angle(of: model.now)
        if (0..<360).contains(nowAngle) {
            let tip = WheelGeometry.point(radius: WheelGeometry.outerRadius + 2, degrees: nowAngle)
            let left = WheelGeometry.point(radius: 196, degrees: nowAngle - 3.5)
            let right = WheelGeometry.point(radius: 196, degrees: nowAngle + 3.5)
            let inner = WheelGeometry.point(radius: WheelGeometry.innerRadius - 4, degrees: nowAngle)
            parts.append(
                #"<g class="now"><path d="M \#(WheelGeometry.pair(tip)) L \#(WheelGeometry.pair(left)) L \#(WheelGeometry.pair(right)) Z" fill="\#(palette.text)"/><path d="M \#(WheelGeometry.pair(inner)) L \#(WheelGeometry.pair(tip))" stroke="\#(palette.text)" stroke-width="2"/></g>"#
            )
        }
        parts += [
            #"<text x="200" y="168" text-anchor="middle" font-family="sans-serif" font-size="20" fill="\#(palette.secondary)">\#(model.centre.time.escapingMarkup())</text>"#,
            #"<text x="200" y="214" text-anchor="middle" font-family="sans-serif" font-size="40" font-weight="bold" fill="\#(palette.text)">\#(model.centre.uviText.escapingMarkup())</text>"#,
            #"<text x="200" y="244" text-anchor="middle" font-family="sans-serif" font-size="17" fill="\#(palette.text)">\#(model.centre.caption.escapingMarkup())</text>"#,
            "</svg>",
        ]
        return parts.joined(separator: "\n") + "\n"
    }

    private static func segments(_ model: WheelModel) -> [String] {
        model.hours.prefix(24).map { hour in
            let start = model.angle(of: hour.start)
            let past = model.isPast(hour)
            let path = WheelGeometry.sector(
                from: start + WheelGeometry.halfGap, to: start + 15 - WheelGeometry.halfGap,
                inner: WheelGeometry.innerRadius, outer: WheelGeometry.outerRadius)
            let level = hour.level
            let overlay =
                switch level {
                case .veryHigh: #"<path d="\#(path)" fill="url(#stripes)"/>"#
                case .extreme: #"<path d="\#(path)" fill="url(#hatch)"/>"#
                default: ""
                }
            let uvi = hour.uvi.fixed(1)
            return
                #"<g class="segment" data-uvi="\#(uvi)" opacity="\#(past ? "0.3" : "1")"><path d="\#(path)" fill="\#(level.hexColor)"/>\#(overlay)</g>"#
        }
    }

    /// Small ticks and labels at 00, 06, 12 and 18 inside the ring.
    private static func hourMarks(_ palette: Palette) -> [String] {
        [0, 6, 12, 18].map { hour in
            let at = WheelGeometry.point(radius: 100, degrees: Double(hour) * 15)
            return
                #"<text x="\#(WheelGeometry.format(at.x))" y="\#(WheelGeometry.format(at.y + 5))" text-anchor="middle" font-family="sans-serif" font-size="13" fill="\#(palette.secondary)">\#(hour.zeroPadded(2))</text>"#
        }
    }

    /// A span's angles, clipped to the day drawn.
    private static func span(_ interval: DateInterval, in model: WheelModel) -> (Double, Double) {
        (max(0, model.angle(of: interval.start)), min(360, model.angle(of: interval.end)))
    }

    /// The theme's colours (the WHO colours are the same in both).
    private struct Palette {
        let background: String
        let text: String
        let secondary: String
        let window: String
        let pattern: String

        init(_ theme: WheelModel.Theme) {
            switch theme {
            case .light:
                (background, text, secondary, window, pattern) = ("#FFFFFF", "#1B1B1B", "#5C5C5C", "#1F6FD1", "#FFFFFF")
            case .dark:
                (background, text, secondary, window, pattern) = ("#1C1C1E", "#F2F2F2", "#A8A8A8", "#5AA9FF", "#1C1C1E")
            }
        }
    }
}

import Foundation
import Testing
import UVCore
import UVWheel

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The wheel as drawn: a well-formed SVG whose 24 segments carry their hour's WHO colour (and
/// pattern above 8), whose arcs start and end at the angles of the window and the peak, and whose
/// notch points at now. The angles are read back from the path geometry itself.
@Suite struct WheelSVGTests {
    static let midnight = Date(timeIntervalSince1970: 1_768_395_600)
    /// A bell of UV over the day, 0 at night and 12.3 at 13:00.
    static let uvi: [Double] = (0..<24).map { (hour: Int) -> Double in
        let phase: Double = Double(hour - 13) / 7 * Double.pi / 2
        return max(0, (12.3 * cos(phase) * 10).rounded() / 10)
    }

    static func model(now hours: Double = 10.5, theme: WheelModel.Theme = .light) -> WheelModel {
        WheelModel(
            dayStart: midnight,
            hours: uvi.enumerated().map { WheelModel.Hour(start: midnight.addingTimeInterval(Double($0.offset) * 3600), uvi: $0.element) },
            now: midnight.addingTimeInterval(hours * 3600),
            window: DateInterval(start: midnight.addingTimeInterval(8.75 * 3600), end: midnight.addingTimeInterval(17.25 * 3600)),
            peak: DateInterval(start: midnight.addingTimeInterval(11 * 3600), end: midnight.addingTimeInterval(15 * 3600)),
            centre: .init(time: "10:30", uvi: 9.4, caption: "Very high • BT 25m"),
            theme: theme)
    }

    /// An attribute's value (`attribute(forName:)` finds nothing on an element in the SVG
    /// namespace in swift-corelibs-foundation's FoundationXML; the attribute list has it).
    static func attribute(_ element: XMLElement?, _ name: String) -> String? {
        element?.attributes?.first { $0.name == name }?.stringValue
    }

    static func document(_ model: WheelModel) throws -> XMLDocument {
        try XMLDocument(data: Data(WheelSVG.render(model).utf8))
    }

    static func elements(_ document: XMLDocument, class name: String) throws -> [XMLElement] {
        try document.nodes(forXPath: "//*[@class='\(name)']").compactMap { $0 as? XMLElement }
    }

    /// The clock angle (degrees clockwise from the top) of an SVG point on the 400 × 400 canvas.
    static func angle(_ x: Double, _ y: Double) -> Double {
        let degrees = atan2(x - 200, 200 - y) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The first and last points of a path's `d`.
    static func ends(_ path: String) -> (first: Double, last: Double) {
        let numbers = path.split(whereSeparator: { $0 == " " }).compactMap { Double($0) }
        guard numbers.count >= 4 else { return (.nan, .nan) }
        let first = angle(numbers[0], numbers[1])
        let last = angle(numbers[numbers.count - 2], numbers[numbers.count - 1])
        return (first, last)
    }

    @Test func hasTwentyFourSegmentsInTheirLevelsColours() throws {
        let segments = try Self.elements(Self.document(Self.model()), class: "segment")
        #expect(segments.count == 24)
        for (hour, segment) in segments.enumerated() {
            let fill = Self.attribute(segment.children?.first as? XMLElement, "fill")
            #expect(fill == UVLevel(uvi: Self.uvi[hour]).hexColor, "hour \(hour)")
            let (start, _) = Self.ends(Self.attribute(segment.children?.first as? XMLElement, "d") ?? "")
            #expect(abs(start - (Double(hour) * 15 + 1)) < 0.01, "hour \(hour) starts at \(start)°")
        }
    }

    @Test func pastHoursAreFadedAndHighLevelsPatterned() throws {
        let segments = try Self.elements(Self.document(Self.model(now: 10.5)), class: "segment")
        for (hour, segment) in segments.enumerated() {
            #expect(Self.attribute(segment, "opacity") == (hour < 10 ? "0.3" : "1"), "hour \(hour)")
            let overlay = Self.attribute(segment.children?.dropFirst().first as? XMLElement, "fill")
            let expected: String? =
                switch UVLevel(uvi: Self.uvi[hour]) {
                case .veryHigh: "url(#stripes)"
                case .extreme: "url(#hatch)"
                default: nil
                }
            #expect(overlay == expected, "hour \(hour)")
        }
    }

    @Test func theArcsSpanTheWindowAndThePeak() throws {
        let document = try Self.document(Self.model())
        let window = try #require(Self.attribute(Self.elements(document, class: "window").first, "d"))
        let (windowStart, windowEnd) = Self.ends(window)
        #expect(abs(windowStart - 8.75 * 15) < 0.01 && abs(windowEnd - 17.25 * 15) < 0.01)
        let peak = try #require(Self.attribute(Self.elements(document, class: "peak").first, "d"))
        let (peakStart, peakEnd) = Self.ends(peak)
        #expect(abs(peakStart - 11 * 15) < 0.01 && abs(peakEnd - 15 * 15) < 0.01)
    }

    @Test func theNotchPointsAtNow() throws {
        let notch = try #require(Self.elements(Self.document(Self.model(now: 10.5)), class: "now").first)
        let tip = try #require(Self.attribute(notch.children?.first as? XMLElement, "d"))
        #expect(abs(Self.ends(tip).first - 10.5 * 15) < 0.01)
        #expect(try Self.elements(Self.document(Self.model(now: 30)), class: "now").isEmpty)
    }

    @Test func theCentreAndTheThemeAreThere() throws {
        let dark = WheelSVG.render(Self.model(theme: .dark))
        #expect(dark.contains("#1C1C1E") && !dark.contains("#FFFFFF\""))
        let texts = try Self.document(Self.model()).nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains("UV 9.4") && texts.contains("Very high • BT 25m") && texts.contains("10:30"))
    }
}

/// The mini-wheel's pixels: each hour's segment, sampled at its middle, is its level's colour,
/// fully opaque ahead and at 30 % behind; outside the wheel is transparent.
@Suite struct WheelRasterTests {
    @Test func eachSegmentIsItsLevelsColour() {
        let image = WheelRaster.render(WheelSVGTests.model(now: 10.5), size: 400)
        // 10:30 has the notch, drawn over its segment's middle.
        #expect(
            image.pixel(x: Int(200 + 148 * sin(157.5 * Double.pi / 180)), y: Int(200 - 148 * cos(157.5 * Double.pi / 180))) == [
                30, 30, 30, 255,
            ])
        for hour in 0..<24 where hour != 10 {
            let angle = (Double(hour) * 15 + 7.5) * .pi / 180
            let x = Int(200 + 148 * sin(angle))
            let y = Int(200 - 148 * cos(angle))
            let pixel = image.pixel(x: x, y: y)
            let hex = UVLevel(uvi: WheelSVGTests.uvi[hour]).hexColor
            let expected = Int(hex.dropFirst(), radix: 16) ?? 0
            #expect(
                pixel[0] == UInt8(expected >> 16 & 0xFF) && pixel[1] == UInt8(expected >> 8 & 0xFF) && pixel[2] == UInt8(expected & 0xFF),
                "hour \(hour): \(pixel)")
            // 30 % of 255 is 76.5: either neighbour is right.
            #expect(hour < 10 ? (76...77).contains(pixel[3]) : pixel[3] == 255, "hour \(hour) alpha \(pixel[3])")
        }
        #expect(image.pixel(x: 2, y: 2)[3] == 0)
    }
}

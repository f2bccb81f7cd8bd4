import Foundation
import Testing

@testable import UVControl

/// A bar's JSON line is written by hand (`BarJSON`), byte for byte as `JSONEncoder` with sorted
/// keys and unescaped slashes wrote it before: every control character, quotes, backslashes,
/// slashes, markup and text beyond ASCII.
@Suite struct BarJSONTests {
    struct WaybarModule: Encodable {
        let text: String
        let alt: String
        let tooltip: String
        let `class`: [String]
        let percentage: Int
    }

    struct I3BlocksBlock: Encodable {
        let full_text: String
        let short_text: String
        let color: String
        let urgent: Bool
    }

    static let texts: [String] = [
        "", "UV 7.1", "UV 7,1 · BT 20m", #"say "hi" \ back/slash"#, "Choi Wan Estate (I &amp; II)", "Zürich — 東京 😀",
        String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + "\u{7F}\u{2028}\u{2029}",
        "line one\nline two\r\n\ttabbed",
    ]

    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: texts)
    func aWaybarModuleIsWhatJSONEncoderWrote(text: String) throws {
        for (classes, percentage) in [([String](), 0), (["high"], 64), ([text, "out", "reapply-now"], 100), (["x"], -3)] {
            let written = StatusFormat.waybarModule(
                text: text, alt: "high", tooltip: text + "\n" + text, classes: classes, percentage: percentage)
            let expected = try Self.encoded(
                WaybarModule(text: text, alt: "high", tooltip: text + "\n" + text, class: classes, percentage: percentage))
            #expect(written == expected)
        }
    }

    @Test(arguments: texts)
    func anI3BlocksBlockIsWhatJSONEncoderWrote(text: String) throws {
        for urgent in [false, true] {
            let written = StatusFormat.i3blocksBlock(fullText: text, shortText: "UV ?", color: "#888888", urgent: urgent)
            #expect(written == (try Self.encoded(I3BlocksBlock(full_text: text, short_text: "UV ?", color: "#888888", urgent: urgent))))
        }
    }
}

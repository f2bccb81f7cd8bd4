import Foundation
import TestSupport
import Testing

/// uvctl speaks the language gettext's variables ask for, from the repository's own catalogs:
/// its words, its decimal comma, its dates, and columns that line up in Japanese.
@Suite("uvctl in another language")
struct TranslationTests {
    static let mini = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus/mo/plural-context-and-header.mo")
    static let tokyo = [
        "forecast", "--offline", "--lat", "35.68", "--lon", "139.69", "--tz", "Asia/Tokyo", "--date", "2026-07-15", "--at", "12:00",
    ]

    @Test func aMessageTheCatalogLacksStaysEnglish() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let messages = directory.appendingPathComponent("fr/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.mini, to: messages.appendingPathComponent("uvd.mo"))
        let arguments = ["burn-time", "--skin-type", "I", "--uvi", "1"]
        let french = try ToolRunner.uvctl.run(arguments, environment: ["LANGUAGE": "fr", "UVD_LOCALEDIR": directory.path])
        #expect(french.stdout.contains("UV 1,0 Faible"), "\(french.stdout)")
        #expect(french.stdout.contains("An estimate, not medical advice."))
        let english = try ToolRunner.uvctl.run(arguments, environment: ["UVD_LOCALEDIR": directory.path])
        #expect(english.stdout.contains("UV 1.0 Low"))
    }

    @Test(arguments: [
        (
            "fr",
            [
                "mercredi 15 juillet 2026", "Lever du soleil 04:36", "Crème solaire conseillée", "pic 11,2 à 12:00", "Très élevé",
                "brûle en 8 min",
            ],
            ["Niveaux de l'indice UV", "Phototypes", "Utiliser la crème solaire", "Extrême"]
        ),
        (
            "es",
            [
                "miércoles, 15 de julio de 2026", "Salida del sol 04:36", "Protector solar recomendado", "máximo 11,2 a las 12:00",
                "Muy alto", "quema en 8 min",
            ],
            ["Niveles del índice UV", "Fototipos", "Cómo usar el protector solar", "Extremo"]
        ),
        (
            "ja", ["2026年7月15日 水曜日", "日の出 04:36", "日焼け止めが必要な時間帯", "ピーク 11.2（12:00", "非常に強い", "8分で日焼け"],
            ["UV インデックスの段階", "スキンタイプ", "日焼け止めの使い方", "極端に強い"]
        ),
    ])
    func forecastAndGuideSpeakTheLanguage(language: String, forecastWords: [String], guideWords: [String]) throws {
        let catalogs = try CompiledCatalogs()
        let forecast = try ToolRunner.uvctl.run(Self.tokyo, environment: catalogs.environment(language))
        #expect(forecast.status == 0)
        for words in forecastWords { #expect(forecast.stdout.contains(words), "\(language): no “\(words)” in\n\(forecast.stdout)") }
        for english in ["Sunrise", "Sunscreen window", "peak", "BT "] {
            #expect(!forecast.stdout.contains(english), "\(language): “\(english)” left in English")
        }
        let guide = try ToolRunner.uvctl.run(["guide"], environment: catalogs.environment(language))
        for words in guideWords { #expect(guide.stdout.contains(words), "\(language): no “\(words)” in the guide") }
        #expect(!guide.stdout.contains("UV index levels") && !guide.stdout.contains("Skin types"))
    }

    @Test func frenchAndSpanishWriteADecimalComma() throws {
        let catalogs = try CompiledCatalogs()
        for language in ["fr", "es"] {
            let burn = try ToolRunner.uvctl.run(
                ["burn-time", "--skin-type", "II", "--uvi", "9.4"], environment: catalogs.environment(language))
            #expect(burn.stdout.contains("UV 9,4"), "\(language): \(burn.stdout)")
        }
        let japanese = try ToolRunner.uvctl.run(
            ["burn-time", "--skin-type", "II", "--uvi", "9.4"], environment: catalogs.environment("ja"))
        #expect(japanese.stdout.contains("UV 9.4") && japanese.stdout.contains("スキンタイプ II"), "\(japanese.stdout)")
    }

    /// Terminal columns counted independently of uvd's own `displayWidth`: CJK and fullwidth
    /// forms take two.
    static func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) || (0xFF00...0xFF60).contains($1.value) ? 2 : 1) }
    }

    @Test func theJapaneseChartLinesUp() throws {
        let catalogs = try CompiledCatalogs()
        let chart = try ToolRunner.uvctl.run(Self.tokyo, environment: catalogs.environment("ja")).stdout
        let rows = chart.split(separator: "\n").filter { $0.contains("分で日焼け") }
        #expect(rows.count >= 10)
        // Where each row's burn time starts, and where the window mark stands, in columns.
        let burnColumns = Set(rows.compactMap { row in row.firstRange(of: /\d+分で日焼け/).map { Self.columns(row[..<$0.lowerBound]) } })
        #expect(burnColumns.count == 1, "burn times start at columns \(burnColumns)\n\(chart)")
        let markColumns = Set(rows.compactMap { row in row.firstIndex(of: "┃").map { Self.columns(row[..<$0]) } })
        #expect(markColumns.count == 1, "window marks at columns \(markColumns)\n\(chart)")

        let week = try ToolRunner.uvctl.run(Array(Self.tokyo.prefix(10)) + ["--days", "7"], environment: catalogs.environment("ja")).stdout
        let bars = week.split(separator: "\n").filter { $0.contains("█") }
        #expect(bars.count == 7)
        #expect(Set(bars.compactMap { row in row.firstIndex(of: "█").map { Self.columns(row[..<$0]) } }).count == 1, "\(week)")
    }
}

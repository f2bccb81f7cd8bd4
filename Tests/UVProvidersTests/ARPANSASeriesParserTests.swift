import Foundation
import Testing
import UVCore
import UVProviders

/// ARPANSA's per-station day series, in the shape its public clients read (constructed here: no
/// captured answer is kept).
@Suite struct ARPANSASeriesParserTests {
    let sydney = ARPANSAStation.named("Sydney")!

    func body(_ points: [(String, Double?)]) -> Data {
        let entries = points.map { date, measured in
            "{\"Date\":\"\(date)\",\"Forecast\":1.5,\"Measured\":\(measured.map { "\($0)" } ?? "null")}"
        }
        return Data("{\"GraphData\":[\(entries.joined(separator: ","))],\"CurrentUVIndex\":2.1}".utf8)
    }

    @Test func measuredMinutesOnTheStationsClock() throws {
        let readings = try ARPANSASeriesParser.parse(
            body([("2026-11-26 10:00", 6.25), ("2026-11-26 10:01", 6.5), ("2026-11-26 10:02", nil)]), station: sydney)
        #expect(readings.map(\.uvi) == [6.25, 6.5])
        // 10:00 in Sydney in summer (UTC+11) is 23:00 UTC the day before.
        #expect(readings.first?.time == ISOInstant.parse("2026-11-25T23:00:00Z"))
        #expect(readings.allSatisfy { $0.station == "Sydney" && $0.status == "ok" })
    }

    @Test(arguments: [
        ("{\"TableData\":[]}", "arpansa: malformed answer: the day series: missing 'GraphData'"),
        (
            "{\"GraphData\":[{\"Date\":\"2026-02-30 10:00\",\"Measured\":1}]}",
            "arpansa: malformed answer: the day series: GraphData[0].Date '2026-02-30 10:00' is not YYYY-MM-DD HH:MM"
        ),
        (
            "{\"GraphData\":[{\"Date\":\"2026-11-26 10:00\",\"Measured\":\"n/a\"}]}",
            "arpansa: malformed answer: the day series: wrong type at 'GraphData.Index 0.Measured'"
        ),
    ])
    func aBrokenSeriesSaysWhere(text: String, message: String) {
        do {
            _ = try ARPANSASeriesParser.parse(Data(text.utf8), station: sydney)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }
}

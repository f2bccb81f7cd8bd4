import FoundationEssentials
import Glibc
import UVCore
import UVSkill

/// `make skill DATA=<folder> [FORMAT=json] [FORECAST=<file>] [UTC_OFFSET=+10:00]`: the nowcast's
/// skill on measured day files (see `SkillReport`). The offset is the files' local standard time;
/// without it, the nearest whole hour to the station's longitude.
func fail(_ message: String) -> Never {
    _ = StandardStream.error.write("uvd-skill: \(message)\n")
    exit(ExitStatus.usage.rawValue)
}

var folders: [String] = []
var json = false
var forecastPath: String?
var offsetText: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--forecast":
        guard let path = arguments.popFirst() else { fail("--forecast needs a file: an Open-Meteo JSON answer with hourly uv_index") }
        forecastPath = path
    case "--utc-offset":
        guard let text = arguments.popFirst() else { fail("--utc-offset needs an offset such as +10:00") }
        offsetText = text
    default: folders.append(argument)
    }
}
guard !folders.isEmpty else {
    fail(
        "give one or more folders of day files (Date-Time,Lat,Lon,UV_Index), e.g. make skill DATA=../shared/data/measured-uv/melbourne-2024"
    )
}

func offset(_ text: String) -> Int {
    var scanner = TextScanner(text)
    let sign = scanner.skip("-") ? -1 : (scanner.skip("+") ? 1 : 0)
    guard sign != 0, let hours = scanner.number(digits: 2...2), scanner.skip(":"), let minutes = scanner.number(digits: 2...2),
        scanner.atEnd,
        hours <= 14, minutes < 60
    else { fail("--utc-offset \(text): expected ±HH:MM, e.g. +10:00") }
    return sign * (hours * 3600 + minutes * 60)
}

do {
    // The offset decides the times, and the files the default offset: read once to find the station.
    let probe = try SkillReport.load(folders: folders, utcOffsetSeconds: 0)
    guard let station = probe.first?.coordinate else { fail("no day files (*.csv) in \(folders.joined(separator: ", "))") }
    let utcOffset = offsetText.map(offset) ?? Int((station.longitude / 15).rounded()) * 3600
    let days = try SkillReport.load(folders: folders, utcOffsetSeconds: utcOffset)
    let forecast = try forecastPath.map(SkillReport.forecast)
    let report = SkillReport(days: days, utcOffsetSeconds: utcOffset, forecast: forecast)
    _ = StandardStream.output.write(report.text + "\n")
    if json { _ = StandardStream.output.write(report.json + "\n") }
} catch {
    fail("\(error)")
}

import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl sources`: what each source says about now and today's peak, which uvd uses and why.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract: tr("What each UV source says now and for today's peak, and which one uvd uses and why."),
        discussion: tr(
            "uvd asks CAMS when a new run can be out (10:00 and 22:00 UTC) and Open-Meteo's forecast endpoint when one of its four daily runs can be out (00:00, 06:00, 12:00 and 18:00 UTC), at most 8 forecast requests a day; an ARPANSA station near the place every 5 to 30 minutes while the Sun is up. uvctl status --json lists every source with when its data was fetched and what uvd does with it."
        ))

    @Option(help: ArgumentHelp(tr("A saved location or a city instead of the current one."), valueName: "name"))
    var location: String?

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let status = try await DaemonClient.call(UVD.GetStatus.self, LocationParameters(location: location)).status
        if output.json {
            try JSONOutput.print(SourcesReply(sources: status.sources, disagreements: status.disagreements))
            return
        }
        print(Self.lines(status).joined(separator: "\n"))
    }

    /// The table, then the disagreements in words.
    static func lines(_ status: StatusInfo) -> [String] {
        let locale = DisplayLocale.current
        func value(_ number: Double?) -> String { number.map { locale.decimal($0, places: 1, width: 5) } ?? "    –" }
        let names = status.sources.map(\.source.description)
        let width = (names + [tr("source")]).columnWidth
        func right(_ text: String) -> String { String(repeating: " ", count: max(0, 5 - text.displayWidth)) + text }
        var lines = [tr("%1$@  %2$@  %3$@  %4$@", tr("source").rightPadded(to: width), right(tr("now")), right(tr("peak")), tr("use"))]
        for source in status.sources {
            lines.append(
                tr(
                    "%1$@  %2$@  %3$@  %4$@", source.source.description.rightPadded(to: width), value(source.now), value(source.peak),
                    role(source.role))
            )
            lines.append(String(repeating: " ", count: width + 2) + source.why)
        }
        lines.append(tr("uvd shows %1$@ now (%2$@).", locale.decimal(status.uvi, places: 1), status.source.description))
        lines += status.disagreements
        return lines
    }

    static func role(_ role: SourceRole) -> String {
        switch role {
        case .now: tr("leads now")
        case .day: tr("followed")
        case .fallback: tr("fallback")
        case .crossCheck: tr("cross-check")
        case .reference: tr("reference")
        case .unused: tr("not used")
        }
    }
}

/// `uvctl sources --json`.
struct SourcesReply: Codable {
    var sources: [SourceInfo]
    var disagreements: [String]
}

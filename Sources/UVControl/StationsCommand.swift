import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl stations`: ARPANSA's measured UV at every station.
struct StationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stations",
        abstract: tr("Measured UV at every ARPANSA station (Australia and Antarctica)."))

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let reply = try await DaemonClient.call(UVD.ListStations.self, Empty())
        if output.json {
            try JSONOutput.print(reply)
            return
        }
        guard !reply.stations.isEmpty else {
            print(
                tr(
                    "No station readings yet: uvd asks ARPANSA only in daylight near a station (within providers.arpansa.station_radius_km)."
                ))
            return
        }
        let terminal = Terminal.standardOutput()
        let levelWidth = UVLevel.allCases.map(\.name).columnWidth
        for station in reply.stations {
            let name = station.station.rightPadded(to: 14)
            guard let uvi = station.uvi else {
                print("\(name)    –  \(station.status)")
                continue
            }
            let level = UVLevel(uvi: uvi)
            let value = terminal.paint(
                "\(DisplayLocale.current.decimal(uvi, places: 1, width: 4)) \(level.name.rightPadded(to: levelWidth))", level)
            print(tr("%1$@ %2$@  updated %3$@", name, value, Self.age(station.ageMinutes)))
        }
        print(terminal.dim(UVSource.arpansa.attribution))
    }

    static func age(_ minutes: Int) -> String {
        minutes < 1 ? tr("just now") : minutes < 120 ? tr("%1$@ min ago", minutes) : tr("%1$@ h ago", minutes / 60)
    }
}

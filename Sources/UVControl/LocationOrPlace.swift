import ArgumentParser
import UVCore

/// `--location NAME` or `--lat/--lon/--tz`, not both: where a command that uvd may answer
/// computes for, by a saved place or a city, or by a coordinate here.
struct LocationOrPlace: ParsableArguments {
    @Option(help: ArgumentHelp(tr("A saved location (see uvctl location list) or a city instead of the current one."), valueName: "name"))
    var location: String?

    @OptionGroup var place: PlaceOptions

    /// Whether it names a coordinate, which only this machine computes for.
    var isCoordinate: Bool { place.lat != nil }

    func validate() throws {
        if location != nil, isCoordinate {
            throw ValidationError(tr("Give --location or --lat/--lon, not both."))
        }
    }

    /// The place to compute for here: the city named (`unknown` says why a name that is none, such
    /// as a saved location's, cannot be used), else the coordinate or the system zone's place.
    func resolve(unknown: (String) -> String) -> Place {
        location.map { LocationArgument.place($0, unknown: unknown) } ?? place.resolve()
    }
}

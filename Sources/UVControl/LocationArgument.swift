import UVCore
import UVPlaces

/// `--location NAME` read here, without uvd: a city or `LAT,LON` as uvd reads it
/// (`PlaceQuery.exactPlace`), or the exit (64) that says so; `unknown` words the refusal of a
/// name that is no city (it may be one of uvd's saved locations).
enum LocationArgument {
    static func place(_ name: String, unknown: (String) -> String) -> Place {
        do { return try PlaceQuery.exactPlace(for: name) } catch {
            DaemonClient.fail(error.outOfRange ? error.description : unknown(error.description), status: .usage)
        }
    }
}

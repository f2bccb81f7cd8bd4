import ArgumentParser
import Foundation
import UVCore
import UVProtocol

/// `uvctl location`: where uvd looks, and saved places.
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Set, clear, save and list locations.",
        discussion: "A place is a city (\"Sydney\", \"Sydney, AU\", \"Paris, France\") from the built-in list, or \"LAT,LON\". Coordinates are kept to 0.1°.",
        subcommands: [Set.self, Clear.self, Add.self, List.self, Remove.self],
        defaultSubcommand: List.self)

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Use this place from now on.")
        @Argument(parsing: .allUnrecognized, help: "A city or LAT,LON (a negative latitude needs no --).") var place: [String]
        func validate() throws { _ = try LocationCommand.joined(place) }
        func run() async throws {
            let location = try await DaemonClient.call("SetLocation", PlaceParameters(place: try LocationCommand.joined(place)), key: "location", returning: LocationInfo.self)
            print("Location: \(LocationCommand.describe(location))")
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget the set place: the time zone decides again.")
        func run() async throws {
            let location = try await DaemonClient.call("ClearLocation", Empty(), key: "location", returning: LocationInfo.self)
            print("Location: \(LocationCommand.describe(location))")
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a place under a name, for --location NAME.")
        @Argument(help: "The name to save it under.") var name: String
        @Argument(parsing: .allUnrecognized, help: "A city or LAT,LON.") var place: [String]
        func validate() throws { _ = try LocationCommand.joined(place) }
        func run() async throws {
            let location = try await DaemonClient.call("AddLocation", AddLocationParameters(name: name, place: try LocationCommand.joined(place)), key: "location", returning: LocationInfo.self)
            print("Saved \(name): \(LocationCommand.describe(location))")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The current place and the saved ones.")
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call("ListLocations", Empty(), returning: LocationsReply.self)
            if output.json {
                try JSONOutput.print(reply)
                return
            }
            print("Current: \(LocationCommand.describe(reply.current))")
            if reply.current.isDefault { print(Place.defaultLocationNote) }
            for place in reply.saved { print("  \(place.name): \(String(format: "%.1f, %.1f", place.latitude, place.longitude)) (\(place.timeZone))") }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a saved place.")
        @Argument(help: "Its name.") var name: String
        func run() async throws {
            _ = try await DaemonClient.call("RemoveLocation", NameParameters(name: name), returning: Empty.self)
            print("Removed \(name).")
        }
    }

    /// The words of a place, rejoined: `Sydney, AU` may arrive as two arguments.
    static func joined(_ words: [String]) throws -> String {
        let place = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard !place.isEmpty else { throw ValidationError("Give a place: a city (\"Sydney\", \"Sydney, AU\") or LAT,LON (-33.9,151.2).") }
        return place
    }

    static func describe(_ location: LocationInfo) -> String {
        let how = switch location.source {
        case "manual": "set by you"
        case "time-zone": "from the time zone"
        case "geoclue": "from GeoClue"
        default: "default"
        }
        return "\(location.name) (\(String(format: "%.1f, %.1f", location.latitude, location.longitude)), \(location.timeZone), \(how))"
    }
}

import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl location`: where uvd looks, and saved places.
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: tr("Set, clear, save and list locations."),
        discussion: tr(
            "A place is a city (\"Sydney\", \"Sydney, AU\", \"Paris, France\") from the built-in list, or \"LAT,LON\". Coordinates are kept to 0.1°."
        ),
        subcommands: [Set.self, Clear.self, Add.self, List.self, Remove.self],
        defaultSubcommand: List.self)

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: tr("Use this place from now on."))
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp(tr("A city or LAT,LON (a negative latitude needs no --)."))) var place:
            [String]
        func validate() throws { _ = try LocationCommand.joined(place) }
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let location = try await DaemonClient.call(UVD.SetLocation.self, PlaceParameters(place: try LocationCommand.joined(place)))
                .location
            if output.json { return try JSONOutput.print(location) }
            print(tr("Location: %1$@", LocationCommand.describe(location)))
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: tr("Forget the set place: the time zone decides again."))
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let location = try await DaemonClient.call(UVD.ClearLocation.self, Empty()).location
            if output.json { return try JSONOutput.print(location) }
            print(tr("Location: %1$@", LocationCommand.describe(location)))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: tr("Save a place under a name, for --location NAME."))
        @Argument(help: ArgumentHelp(tr("The name to save it under."))) var name: String
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp(tr("A city or LAT,LON."))) var place: [String]
        func validate() throws { _ = try LocationCommand.joined(place) }
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let location = try await DaemonClient.call(
                UVD.AddLocation.self, AddLocationParameters(name: name, place: try LocationCommand.joined(place))
            ).location
            if output.json { return try JSONOutput.print(location) }
            print(tr("Saved %1$@: %2$@", name, LocationCommand.describe(location)))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: tr("The current place and the saved ones."))
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call(UVD.ListLocations.self, Empty())
            if output.json {
                try JSONOutput.print(reply)
                return
            }
            print(tr("Current: %1$@", LocationCommand.describe(reply.current)))
            if reply.current.isDefault { print(Place.defaultLocationNote) }
            for place in reply.saved {
                print(tr("  %1$@: %2$@ (%3$@)", place.name, "\(place.latitude.fixed(1)), \(place.longitude.fixed(1))", place.timeZone))
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Forget a saved place."))
        @Argument(help: ArgumentHelp(tr("Its name."))) var name: String
        @OptionGroup var output: OutputOptions

        func run() async throws {
            _ = try await DaemonClient.call(UVD.RemoveLocation.self, NameParameters(name: name))
            try output.say(MessageReply(message: tr("Removed %1$@.", name)))
        }
    }

    /// The words of a place, rejoined: `Sydney, AU` may arrive as two arguments.
    static func joined(_ words: [String]) throws -> String {
        let place = words.drop { $0 == "--" }.joined(separator: " ").trimmingSpaces()
        guard !place.isEmpty else {
            throw ValidationError(tr("Give a place: a city (\"Sydney\", \"Sydney, AU\") or LAT,LON (-33.9,151.2)."))
        }
        return place
    }

    static func describe(_ location: LocationInfo) -> String {
        let how =
            switch location.source.value {
            case .manual: tr("set by you")
            case .timeZone: tr("from the time zone")
            case .geoclue: tr("from GeoClue")
            case .default, nil: tr("default")
            }
        return tr(
            "%1$@ (%2$@, %3$@, %4$@)", location.name, "\(location.latitude.fixed(1)), \(location.longitude.fixed(1))", location.timeZone,
            how)
    }
}

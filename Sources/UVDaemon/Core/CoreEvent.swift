import FoundationEssentials
import UVConfig
import UVCore
import UVEngine
import UVNotify
import UVPlaces
import UVPlatform
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// Everything that reaches the core, as one value: `Core.handle(_:at:)` takes it with the time it
/// happened and returns what is to be done (`Effect`). What the outside world told uvd travels
/// inside it typed (a route, a report, an answer), never as text to be parsed again.
enum CoreEvent: Sendable {
    /// uvd starts: the notifications are connected, and presses kept but not handled before a
    /// restart are heard. `suspendedSoFar`: the machine's time suspended since boot, as read now.
    case start(pendingPresses: [PendingAction], suspendedSoFar: TimeInterval)
    /// A user's command, over the control socket or from the tray.
    case command(CoreCommand)
    /// The notification server said something of itself or of a notification (a button
    /// pressed, a notification closed, another server, its do-not-disturb changed).
    case notificationServer(NotificationEvent)
    /// The notification server answered the outbox's call with this number (`Effect.callServer`).
    case serverAnswered(Int, ServerAnswer)
    /// A provider answered.
    case providerAnswered(ProviderFetcher.Answer)
    /// The plausibility screen dropped a value from `source`'s answer.
    case screenedOut(String, from: UVSource)
    /// `uvctl refresh` asked for a round now.
    case refreshAsked
    /// The default route moved (with NetworkManager's word on the primary connection).
    case route(DefaultRoute, primary: NetworkManager.Primary?)
    /// The default route as read again for `uvctl home set` (its gateway may be known by now).
    case routeReadAgain(DefaultRoute)
    /// The system's time zone is now another: the place it stands for, as the shell read it.
    case systemTimeZone(Place)
    /// GeoClue found the machine here.
    case geoClue(GeoCluePosition)
    /// The one timer fired, or the wall clock changed under it; `suspendedSoFar` as for `start`.
    case timer(clockChanged: Bool, suspendedSoFar: TimeInterval)
    /// The configuration file was read again (`uvctl reload`, SIGHUP).
    case configurationRead(ConfigurationReading)
    /// A click on the tray's menu.
    case tray(TrayAction)
    /// The tray is shown by `host` now (nil: no host on the bus).
    case trayHost(TrayHost?)
    /// The tray watches what its menu offers.
    case trayWatched
    /// A watcher of the status came (`wantsMeasurements`: a bar showing the measured value).
    case watcherJoined(UUID, wantsMeasurements: Bool)
    case watcherLeft(UUID)
    /// The store refused a save the core asked for (`Effect.save`).
    case saveRefused(Save, problem: String)
    /// uvd stops: what waits to be kept is kept now.
    case stopping
}

/// The configuration file as read again: loaded (with the OpenWeatherMap key it names), or why
/// it was not.
enum ConfigurationReading: Sendable {
    case loaded(ConfigLoader.Loaded, key: Result<String?, OpenWeatherMapKey.Problem>)
    case refused(ConfigLoader.Invalid)
}

/// Where GeoClue found the machine, with the city it is in as the shell looked it up (its zone
/// read from the zone files there): nil away from any listed city.
struct GeoCluePosition: Sendable {
    let coordinate: Coordinate
    let cityName: String?
    let cityZone: ZoneName?

    /// `coordinate` with the built-in list's city there (`CityIndex.placeName(near:)`).
    init(lookingUp coordinate: Coordinate) {
        let city = CityIndex.embedded.placeName(near: coordinate)
        self.coordinate = coordinate
        cityName = city?.displayName
        cityZone = city.map { ZoneName($0.timeZoneIdentifier) }
    }
}

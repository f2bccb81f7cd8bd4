import Foundation
import UVConfig
import UVCore
import UVPlaces
import UVProtocol
import UVProviders
import UVStore

/// Where the user is: the place set by hand, GeoClue's, the time zone's, and saved places.
extension DaemonCore {
    func setLocation(_ query: String, now: Date) throws(Refusal) -> LocationInfo {
        let chosen = try lookUp(query)
        try persist { try store.saveManualPlace(chosen) }
        move(to: chosen, now: now)
        return ViewBuilder.locationInfo(chosen)
    }

    func clearLocation(now: Date) throws(Refusal) -> LocationInfo {
        try persist { try store.saveManualPlace(nil) }
        move(to: user.geoPlace ?? automaticPlace(), now: now)
        return ViewBuilder.locationInfo(user.place)
    }

    func addLocation(name: String, query: String) throws(Refusal) -> LocationInfo {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw Refusal(.invalidValue, tr("a saved location needs a name")) }
        var chosen = try lookUp(query)
        chosen.name = name
        try persist { try store.savePlace(chosen) }
        return ViewBuilder.locationInfo(chosen)
    }

    func listLocations() -> (current: LocationInfo, saved: [LocationInfo]) {
        (ViewBuilder.locationInfo(user.place), ((try? store.savedPlaces()) ?? []).map(ViewBuilder.locationInfo))
    }

    func removeLocation(name: String) throws(Refusal) {
        let removed: Bool
        do { removed = try store.removePlace(named: name) } catch { throw Refusal.couldNotSave(error) }
        guard removed else { throw Refusal(.noSuchPlace, tr("no saved location '%1$@'", name)) }
    }

    /// Whether GeoClue should be asked: enabled, and no place set by hand.
    var wantsGeoClue: Bool { loaded.configuration.geoclue && user.place.source != .manual }

    /// GeoClue answered: use its position unless the user has set a place meanwhile.
    func useGeoClue(_ coordinate: Coordinate, now: Date) {
        let city = CityIndex.embedded.placeName(near: coordinate)
        let found = Place(
            name: city?.displayName ?? "\(coordinate.latitude.fixed(1)), \(coordinate.longitude.fixed(1))",
            coordinate: coordinate.approximate, timeZoneIdentifier: city?.timeZoneIdentifier ?? user.place.timeZoneIdentifier,
            source: .geoclue)
        user.geoClueFound(found)
        if user.place.source != .manual { move(to: found, now: now) }
    }

    /// The system's time zone changed: a place taken from it moves with it (a place set by hand
    /// or found by GeoClue keeps its own zone).
    func systemTimeZoneChanged(to identifier: String, now: Date) {
        log.info("system time zone: \(identifier)")
        guard user.place.source == .timeZone || user.place.source == .default else { return }
        move(to: automaticPlace(), now: now)
    }

    /// The place is now `newPlace`: its forecasts are read, the providers asked soon, and the
    /// engine told its zone.
    func move(to newPlace: Place, now: Date) {
        guard newPlace != user.place else { return }
        user.move(to: newPlace)
        providers.placeChanged(
            forecast: (try? store.forecast(for: user.place.key)) ?? nil, cams: (try? store.forecast(for: user.place.key, .cams)) ?? nil)
        log.info("location: \(user.place.name) (\(user.place.source.rawValue))")
        schedule.refresh(by: now)
        settle(now: now)
    }

    func lookUp(_ query: String) throws(Refusal) -> Place {
        do { return try PlaceQuery.place(for: query) } catch { throw Refusal(.noSuchPlace, error.description) }
    }

}

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
        unsaved.userChanges.append(.manualPlace(chosen))
        try moveAcknowledged(to: chosen, now: now)
        return ViewBuilder.locationInfo(chosen)
    }

    func clearLocation(now: Date) throws(Refusal) -> LocationInfo {
        unsaved.userChanges.append(.manualPlace(nil))
        try moveAcknowledged(to: user.geoPlace ?? automaticPlace(), now: now)
        return ViewBuilder.locationInfo(user.place)
    }

    func addLocation(name: String, query: String, now: Date) throws(Refusal) -> LocationInfo {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw Refusal(.invalidValue, tr("a saved location needs a name")) }
        var chosen = try lookUp(query)
        chosen.name = name
        unsaved.userChanges.append(.savePlace(chosen))
        try settleAcknowledged(now: now) {}
        return ViewBuilder.locationInfo(chosen)
    }

    func listLocations() -> (current: LocationInfo, saved: [LocationInfo]) {
        (ViewBuilder.locationInfo(user.place), ((try? store.savedPlaces()) ?? []).map(ViewBuilder.locationInfo))
    }

    /// `uvctl location remove NAME`: the saved location of that name, its case aside (ASCII
    /// letters only, as the store orders them).
    func removeLocation(name: String, now: Date) throws(Refusal) {
        let saved: [Place]
        do { saved = try store.savedPlaces() } catch { throw Refusal.couldNotRead(error) }
        guard let stored = saved.first(where: { Self.asciiFolded($0.name) == Self.asciiFolded(name) }) else {
            throw Refusal(.noSuchPlace, tr("no saved location '%1$@'", name))
        }
        unsaved.userChanges.append(.removePlace(named: stored.name))
        try settleAcknowledged(now: now) {}
    }

    /// `name` with its ASCII capitals made small, and nothing else changed: SQLite's NOCASE.
    private static func asciiFolded(_ name: String) -> [UInt8] {
        name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
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
        guard relocate(to: newPlace, now: now) else { return }
        settle(now: now)
    }

    /// `move`, for a place the user set: settled even when the place is the same (what the
    /// command changed is kept with it), and taken back when the store cannot keep it.
    private func moveAcknowledged(to newPlace: Place, now: Date) throws(Refusal) {
        let previous = (user, providers)
        relocate(to: newPlace, now: now)
        try settleAcknowledged(now: now) { (user, providers) = previous }
    }

    /// Takes `newPlace` as the place in use, with the forecasts kept for it; false when it is
    /// the place in use already.
    @discardableResult
    private func relocate(to newPlace: Place, now: Date) -> Bool {
        guard newPlace != user.place else { return false }
        user.move(to: newPlace)
        providers.placeChanged(
            forecast: (try? store.forecast(for: user.place.key)) ?? nil, cams: (try? store.forecast(for: user.place.key, .cams)) ?? nil)
        log.info("location: \(user.place.name) (\(user.place.source.rawValue))")
        schedule.refresh(by: now)
        return true
    }

    func lookUp(_ query: String) throws(Refusal) -> Place {
        do { return try PlaceQuery.place(for: query) } catch { throw Refusal(.noSuchPlace, error.description) }
    }

}

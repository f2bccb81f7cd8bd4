import FoundationEssentials
import UVCore

/// What uvd knows of its user: the place in use (and GeoClue's, when it answered), the profile,
/// the family, and the sunscreen on record, with any application set aside because it was
/// recorded in the future (the clock was wrong then): not counted, and said. Its fields change
/// only through its methods, so an application is never both counted and set aside.
struct UserRecord: Sendable {
    private(set) var place: Place
    /// Where GeoClue put us, when it answered.
    private(set) var geoPlace: Place?
    private(set) var profile: Profile
    /// The people besides the user, in the order added (`uvctl family`).
    private(set) var family: [FamilyMember]
    /// The family said not to be out (`uvctl family off`), or nil.
    private(set) var familyAway: FamilyAway?
    /// What each person out has on.
    private(set) var sunscreen: SunscreenOn
    /// The newest application recorded more than a minute after the time it was read: not counted.
    private(set) var futureSunscreen: SunscreenApplication?
    /// The places saved by name (`uvctl location add`).
    private(set) var savedPlaces: SavedPlaces

    /// The record as kept, the sunscreen on record read at `now` (`settingAsideFuture`).
    init(
        place: Place, profile: Profile, family: [FamilyMember] = [], familyAway: FamilyAway? = nil, sunscreen: SunscreenOn,
        savedPlaces: [Place] = [], now: Date
    ) {
        (self.place, self.profile, self.family, self.familyAway) = (place, profile, family, familyAway)
        self.savedPlaces = SavedPlaces(savedPlaces)
        (self.sunscreen, futureSunscreen) = Self.settingAsideFuture(sunscreen, now: now)
    }

    /// The applications as (current, the newest set aside): one more than a minute ahead of
    /// `now` is set aside.
    private static func settingAsideFuture(_ on: SunscreenOn, now: Date) -> (SunscreenOn, SunscreenApplication?) {
        let latest = now.addingTimeInterval(60)
        guard let future = on.applications.last(where: { $0.appliedAt > latest }) else { return (on, nil) }
        return (SunscreenOn(on.applications.filter { $0.appliedAt <= latest }), future)
    }

    /// `uvctl location add`: `place` saved under its name.
    mutating func save(_ place: Place) { savedPlaces.save(place) }

    /// `uvctl location remove`.
    mutating func removeSavedPlace(named name: String) { savedPlaces.remove(named: name) }

    /// A sunscreen applied more than a minute after `now` cannot be: the clock was wrong when it
    /// was recorded, or is now. It is set aside (no protection); returns it when this happened now.
    mutating func setAsideFutureSunscreen(now: Date) -> SunscreenApplication? {
        let (current, future) = Self.settingAsideFuture(sunscreen, now: now)
        guard let future else { return nil }
        (sunscreen, futureSunscreen) = (current, future)
        return future
    }

    /// `application` put on (`SunscreenOn.record`); any set aside is superseded.
    mutating func wears(_ application: SunscreenApplication) {
        sunscreen.record(application)
        futureSunscreen = nil
    }

    /// Everything taken off (`uvctl sunscreen remove`), what was set aside too.
    mutating func takesSunscreenOff() {
        (sunscreen, futureSunscreen) = (SunscreenOn(), nil)
    }

    /// Water (or a towel) at `date` on everything on.
    mutating func wentInWater(at date: Date) {
        sunscreen.water(at: date)
    }

    mutating func changeProfile(to profile: Profile) { self.profile = profile }

    /// The family as it is now, whole.
    mutating func changeFamily(to family: [FamilyMember]) { self.family = family }

    /// The family not out from now (`uvctl family off`), or out again (nil).
    mutating func familyIsAway(_ away: FamilyAway?) { familyAway = away }

    /// Who is out with the user at `now`: the family, unless it was said not to be.
    func party(at now: Date) -> [FamilyMember] {
        familyAway?.holds(at: now, in: place.timeZone) == true ? [] : family
    }

    /// The member named `name`, its case aside, and where it stands.
    func member(named name: String) -> (index: Int, member: FamilyMember)? {
        let folded = name.trimmingSpaces().lowercased()
        guard let index = family.firstIndex(where: { $0.name.lowercased() == folded }) else { return nil }
        return (index, family[index])
    }

    mutating func move(to place: Place) { self.place = place }

    mutating func geoClueFound(_ place: Place) { geoPlace = place }
}

import UVCore

/// What uvd knows of its user: the place in use (and GeoClue's, when it answered), the profile,
/// and the sunscreen on record, with one set aside because it was recorded in the future (the
/// clock was wrong then): not counted, and said.
struct UserRecord: Sendable {
    var place: Place
    /// Where GeoClue put us, when it answered.
    var geoPlace: Place?
    var profile: Profile
    var sunscreen: SunscreenApplication?
    var futureSunscreen: SunscreenApplication?
}

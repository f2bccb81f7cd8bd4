import Testing
import UVCore

@testable import UVPlaces

@Suite("Offline city list")
struct CityIndexTests {
    let index = CityIndex.embedded

    @Test func theListIsThere() {
        let cities = index.allCities()
        #expect(cities.count > 30_000)
        #expect(cities.allSatisfy { $0.coordinate.isValid && !$0.timeZoneIdentifier.isEmpty && $0.population >= 0 })
        let sydney = cities.first { $0.name == "Sydney" && $0.countryCode == "AU" }
        #expect(sydney?.coordinate.latitude == -33.8678 && sydney?.coordinate.longitude == 151.2073)
    }

    /// The byte-wise comparison of ASCII names agrees with Foundation's folding, name by name.
    @Test func everyNameIsFoundByItsFoldedSelf() {
        for city in index.allCities() {
            let folded = Array(CityIndex.fold(city.name).utf8)
            guard !folded.isEmpty else { continue }
            #expect(CityIndex.match(city.name, folded) == .exact, "\(city.name)")
        }
    }

    @Test func theNearestCityAtAnyDistance() {
        #expect(index.nearest(to: Coordinate(latitude: -33.87, longitude: 151.21))?.timeZoneIdentifier == "Australia/Sydney")
        #expect(index.nearest(to: Coordinate(latitude: 64.1, longitude: -21.9))?.countryCode == "IS")
    }

    @Test func mostPopulousWins() throws {
        let sydney = try #require(index.search("Sydney").first)
        #expect(sydney.countryCode == "AU" && sydney.timeZoneIdentifier == "Australia/Sydney")
        #expect(sydney.displayName == "Sydney, Australia")
        #expect(abs(sydney.coordinate.latitude - -33.87) < 0.05)
    }

    @Test func countryDisambiguates() throws {
        #expect(index.search("Sydney, CA").first?.timeZoneIdentifier == "America/Glace_Bay")
        #expect(index.search("sydney, canada").first?.countryCode == "CA")
        #expect(index.search("Paris, US").allSatisfy { $0.countryCode == "US" })
    }

    @Test func accentsAndCaseDoNotMatter() {
        #expect(index.search("zurich").first?.name == "Zürich")
        #expect(index.search("SÃO PAULO").first?.countryCode == "BR")
    }

    @Test func prefixWhenNothingIsExact() {
        #expect(index.search("Melbour").first?.countryCode == "AU")
    }

    @Test func nothingForNonsense() {
        #expect(index.search("Xyzzyville").isEmpty)
        #expect(index.search("").isEmpty)
        #expect(index.search(" , AU").isEmpty)
    }

    @Test func coordinatesAreNamedAfterTheBiggestCityNearby() {
        #expect(index.placeName(near: Coordinate(latitude: -33.9, longitude: 151.2))?.name == "Sydney")
        #expect(index.placeName(near: Coordinate(latitude: 0, longitude: -140)) == nil)
    }
}

import Testing
import UVCore

@testable import UVPlaces

/// City search ignores case and accents: a name typed without its accents, or in capitals, or
/// with its accents typed as combining marks, finds the city, and `--location` takes it.
@Suite("Names without accents")
struct FoldTests {
    @Test(arguments: [
        ("zurich", "Zürich"), ("sao paulo", "São Paulo"), ("malmo", "Malmö"), ("saint-etienne", "Saint-Étienne"),
        ("ZURICH", "Zürich"), ("Zu\u{308}rich", "Zürich"), ("tromso", "Tromsø"), ("lodz", "Łódź"),
    ])
    func aNameWithoutItsAccentsFindsTheCity(query: String, city: String) throws {
        #expect(CityIndex.embedded.search(query, limit: 1).first?.name == city)
        #expect(try PlaceQuery.exactPlace(for: query).name.hasPrefix(city))
    }

    @Test func foldingKeepsWhatIsNotAnAccent() {
        #expect(CityIndex.fold("  Saint-Étienne ") == "saint-etienne")
        #expect(CityIndex.fold("Straße") == "strasse")
        #expect(CityIndex.fold("東京") == "東京")
        #expect(CityIndex.fold("Αθήνα") == "αθηνα")
    }

    /// Only the city itself is `--location`'s: a prefix is not, accents or not.
    @Test func aPrefixIsStillNotTheCity() {
        #expect(throws: PlaceQuery.NotFound.self) { try PlaceQuery.exactPlace(for: "zuri") }
    }
}

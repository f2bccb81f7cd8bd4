import Foundation
import UVCore

/// Looks cities up by name in the embedded list, offline.
///
/// A query is a name, optionally followed by a comma and a country code or name
/// (`Sydney`, `Sydney, CA`, `Sydney, Canada`). Matching ignores case and accents; exact names
/// come before names that merely start with the query; the most populous city wins a tie.
public struct CityIndex: Sendable {
    public let cities: [City]

    /// The list, parsed once on first use.
    public static let embedded = CityIndex(cityTable: cityTable, countryTable: countryTable)

    init(cityTable: String, countryTable: String) {
        var countries: [Substring: String] = [:]
        for line in countryTable.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2 { countries[fields[0]] = String(fields[1]) }
        }
        cities = cityTable.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 6, let latitude = Double(fields[2]), let longitude = Double(fields[3]),
                  let population = Int(fields[5])
            else { return nil }
            return City(
                name: String(fields[0]), countryCode: String(fields[1]),
                countryName: countries[fields[1]] ?? String(fields[1]),
                coordinate: Coordinate(latitude: latitude, longitude: longitude),
                timeZoneIdentifier: String(fields[4]), population: population)
        }
    }

    /// Every city matching `query`, best first.
    public func search(_ query: String, limit: Int = 10) -> [City] {
        let parts = query.split(separator: ",", maxSplits: 1).map { Self.fold(String($0)) }
        guard let name = parts.first, !name.isEmpty else { return [] }
        let country = parts.count > 1 ? parts[1] : nil
        let candidates = cities.filter { city in
            guard let country else { return true }
            return Self.fold(city.countryCode) == country || Self.fold(city.countryName) == country
        }
        let exact = candidates.filter { Self.fold($0.name) == name }
        let matches = exact.isEmpty ? candidates.filter { Self.fold($0.name).hasPrefix(name) } : exact
        return Array(matches.sorted { $0.population > $1.population }.prefix(limit))
    }

    /// A name for a place given by coordinates: the most populous city within `radiusKilometres`
    /// (an approximate location reads as "Sydney", not as the suburb it falls in).
    public func placeName(near coordinate: Coordinate, within radiusKilometres: Double = 25) -> City? {
        cities.lazy
            .filter { GreatCircle.kilometres(coordinate, $0.coordinate) <= radiusKilometres }
            .max { $0.population < $1.population }
    }

    /// The nearest city at any distance: whose time zone a bare coordinate most likely keeps.
    public func nearest(to coordinate: Coordinate) -> City? {
        cities.min { GreatCircle.kilometres(coordinate, $0.coordinate) < GreatCircle.kilometres(coordinate, $1.coordinate) }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}

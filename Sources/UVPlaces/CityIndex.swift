import FoundationEssentials
import UVCore

/// Looks cities up by name in the embedded list, offline.
///
/// A query is a name, optionally followed by a comma and a country code or name
/// (`Sydney`, `Sydney, CA`, `Sydney, Canada`). Matching ignores case and accents; exact names
/// come before names that merely start with the query; the most populous city wins a tie.
///
/// The list stays the text compiled into the binary: each lookup scans its bytes and builds a
/// `City` only for what it returns, so nothing is kept in memory between lookups. An ASCII name
/// (most of them) is compared byte by byte; only names with other letters are folded
/// (`fold`), and only when their first letter could match.
public struct CityIndex: Sendable {
    private let cityText: String
    private let countryText: String

    /// The embedded GeoNames list.
    public static let embedded = CityIndex(cityTable: cityTable, countryTable: countryTable)

    init(cityTable: String, countryTable: String) {
        cityText = cityTable
        countryText = countryTable
    }

    /// Every city of the list, parsed (for checking the list; lookups never build it).
    public func allCities() -> [City] {
        let countries = countryNames()
        return withRows { rows in rows.compactMap { $0.city(countries: countries) } }
    }

    /// Every city matching `query`, best first.
    public func search(_ query: String, limit: Int = 10) -> [City] {
        let parts = query.split(separator: ",", maxSplits: 1).map { Self.fold(String($0)) }
        guard let name = parts.first.map({ Array($0.utf8) }), !name.isEmpty else { return [] }
        let countries = countryNames()
        let wanted = parts.count > 1 ? Set(countries.filter { Self.fold($0.key) == parts[1] || Self.fold($0.value) == parts[1] }.keys) : nil
        return withRows { rows in
            var exact: [Row] = []
            var prefixed: [Row] = []
            for row in rows {
                if let wanted, !wanted.contains(row.text(1)) { continue }
                switch Self.match(row.field(0), name) {
                case .exact: exact.append(row)
                case .prefix: if exact.isEmpty { prefixed.append(row) }
                case .none: break
                }
            }
            let matches = exact.isEmpty ? prefixed : exact
            return matches.sorted { $0.population > $1.population }.prefix(limit).compactMap { $0.city(countries: countries) }
        }
    }

    /// A name for a place given by coordinates: the most populous city within `radiusKilometres`
    /// (an approximate location reads as "Sydney", not as the suburb it falls in).
    public func placeName(near coordinate: Coordinate, within radiusKilometres: Double = 25) -> City? {
        // A degree of latitude is at least 110.5 km: rows farther north or south are skipped early.
        let latitudeSpan = radiusKilometres / 110.5
        return withRows { rows in
            var best: (row: Row, population: Int)?
            for row in rows {
                guard let latitude = row.number(2), abs(latitude - coordinate.latitude) <= latitudeSpan,
                    let longitude = row.number(3),
                    GreatCircle.kilometres(coordinate, Coordinate(latitude: latitude, longitude: longitude)) <= radiusKilometres
                else { continue }
                if row.population > best?.population ?? -1 { best = (row, row.population) }
            }
            return best?.row.city(countries: countryNames())
        }
    }

    /// The nearest city at any distance: whose time zone a bare coordinate most likely keeps.
    public func nearest(to coordinate: Coordinate) -> City? {
        withRows { rows in
            var best: (row: Row, kilometres: Double)?
            for row in rows {
                guard let latitude = row.number(2), let longitude = row.number(3) else { continue }
                let kilometres = GreatCircle.kilometres(coordinate, Coordinate(latitude: latitude, longitude: longitude))
                if kilometres < best?.kilometres ?? .infinity { best = (row, kilometres) }
            }
            return best?.row.city(countries: countryNames())
        }
    }

    /// The form names are compared in: lower case, without diacritics (`foldTable`: `Zürich`,
    /// `zurich` and `ZURICH` are all `zurich`), without spaces at the ends. A combining mark
    /// typed apart from its letter (`u` + U+0308) goes as well.
    public static func fold(_ text: some StringProtocol) -> String {
        var folded = ""
        for scalar in text.lowercased().unicodeScalars {
            if let plain = foldTable[scalar.value] {
                folded += plain
            } else if scalar.properties.generalCategory != .nonspacingMark {
                folded.unicodeScalars.append(scalar)
            }
        }
        return folded.trimmingSpaces()
    }

    /// How a name compares with a folded query.
    enum Match { case exact, prefix, none }

    /// The ASCII bytes a name begins with are compared as they are (folding leaves them as
    /// they are, lower case aside); only a name that still could match past them is folded.
    static func match(_ name: UnsafeBufferPointer<UInt8>, _ query: [UInt8]) -> Match {
        var index = 0
        while index < name.count, name[index] < 0x80 {
            if index < query.count, lowercase(name[index]) != query[index] { return .none }
            index += 1
        }
        if index == name.count {
            return name.count == query.count ? .exact : name.count > query.count ? .prefix : .none
        }
        let folded = Array(fold(String(decoding: name, as: UTF8.self)).utf8)
        if folded == query { return .exact }
        return folded.starts(with: query) ? .prefix : .none
    }

    /// `match` for a name given as a string (tests).
    static func match(_ name: String, _ query: [UInt8]) -> Match {
        var name = name
        return name.withUTF8 { match($0, query) }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// ISO code → English name, from the small country table.
    private func countryNames() -> [String: String] {
        var countries: [String: String] = [:]
        for line in countryText.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            if fields.count == 2 { countries[String(fields[0])] = String(fields[1]) }
        }
        return countries
    }

    /// Lends `body` the table's lines, read in place from the text compiled into the binary, one
    /// at a time (nothing is collected but what `body` keeps).
    private func withRows<Result>(_ body: (Rows) -> Result) -> Result {
        var text = cityText
        return text.withUTF8 { body(Rows(bytes: $0)) }
    }

    /// The lines of the table's bytes, as rows.
    struct Rows: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        private var start = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> Row? {
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                if end > start { return Row(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
            }
            return nil
        }
    }
}

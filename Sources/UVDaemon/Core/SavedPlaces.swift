import UVCore
import UVStore

/// The places saved by name (`uvctl location add`), as the store keeps them, held by the core so
/// that no view nor command reads the store for them. Its rules are the store table's: a name is
/// one place whatever its ASCII capitals (SQLite's NOCASE), a new place of a name replaces the old
/// one, the list is in that order, and a place is kept with its coordinate approximated
/// (`Store.approximate`).
struct SavedPlaces: Sendable, Equatable {
    /// In the store's order.
    private(set) var places: [Place]

    /// `stored`: as the store read them at the start.
    init(_ stored: [Place]) {
        places = stored.sorted { Self.folded($0.name).lexicographicallyPrecedes(Self.folded($1.name)) }
    }

    /// The place saved as `name`, whatever its ASCII capitals.
    func named(_ name: String) -> Place? {
        places.first { Self.folded($0.name) == Self.folded(name) }
    }

    /// `place` saved under its name, in place of one of that name.
    mutating func save(_ place: Place) {
        self = SavedPlaces(places.filter { Self.folded($0.name) != Self.folded(place.name) } + [Store.approximate(place)])
    }

    mutating func remove(named name: String) {
        places.removeAll { Self.folded($0.name) == Self.folded(name) }
    }

    /// `name` with its ASCII capitals made small, and nothing else changed: SQLite's NOCASE.
    private static func folded(_ name: String) -> [UInt8] {
        name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
}

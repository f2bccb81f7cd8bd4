import Foundation
import TestSupport
import Testing
import UVCore
import UVStore

@testable import UVDaemon

/// The saved places the core holds are the store's, change for change: the same names (whatever
/// their ASCII capitals), the same order, the same approximated coordinates.
@Suite struct SavedPlacesTests {
    private let scratch = ScratchPath("uvd-saved-places")

    private static func place(_ name: String, _ latitude: Double) -> Place {
        Place(
            name: name, coordinate: Coordinate(latitude: latitude, longitude: 151.2345678), zone: ZoneName("Australia/Sydney"),
            source: .manual)
    }

    @Test func theCoresListIsTheStoresAfterEachChange() throws {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let store = try Store(path: scratch.url.appendingPathComponent("uvd.sqlite"))
        var held = SavedPlaces([])
        let changes: [UserChange] = [
            .savePlace(Self.place("Work", -33.8765432)), .savePlace(Self.place("beach", -33.89)), .savePlace(Self.place("École", -33.7)),
            .savePlace(Self.place("WORK", -34.1234567)), .savePlace(Self.place("Bondi", -33.891)), .savePlace(Self.place("école", -33.6)),
            .removePlace(named: "BEACH"), .savePlace(Self.place("Beach", -33.9)), .removePlace(named: "nowhere"),
        ]
        for change in changes {
            try store.save(StoreChanges(userChanges: [change]))
            switch change {
            case .savePlace(let place): held.save(place)
            case .removePlace(let name): held.remove(named: name)
            default: Issue.record("not a place: \(change)")
            }
            #expect(held.places == (try store.savedPlaces()), "after \(change)")
        }
        #expect(held.places.map(\.name) == ["Beach", "Bondi", "WORK", "École", "école"], "NOCASE folds ASCII alone")
        // A start reads the same list back.
        #expect(SavedPlaces(try store.savedPlaces()) == held)
    }
}

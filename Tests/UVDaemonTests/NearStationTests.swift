import Foundation
import Testing
import UVCore
import UVProviders

@testable import UVDaemon

/// The station whose measurements count is the one near the place asked about, not the one near
/// home: `uvctl status --location Melbourne` from Sydney reads Melbourne's station.
@Suite("The station near the place asked about")
struct NearStationTests {
    static let melbourne = Place(
        name: "Melbourne", coordinate: Coordinate(latitude: -37.81, longitude: 144.96), zone: ZoneName("Australia/Melbourne"),
        source: .manual)

    @Test func aPlaceWithItsOwnStationGetsThatStation() async throws {
        let shell = try InProcessCore()
        await shell.startEngine(now: SettleCountTests.now)
        #expect(await shell.core.state.user.place.name == "Sydney")
        #expect(await shell.core.state.nearStation(to: InProcessCore.sydney)?.id == "Sydney")
        #expect(await shell.core.state.nearStation(to: Self.melbourne)?.id == "Melbourne")
    }

    @Test func aPlaceFarFromEveryStationHasNone() async throws {
        let shell = try InProcessCore()
        await shell.startEngine(now: SettleCountTests.now)
        let broome = Place(
            name: "Broome", coordinate: Coordinate(latitude: -17.96, longitude: 122.24), zone: ZoneName("Australia/Perth"),
            source: .manual)
        #expect(await shell.core.state.nearStation(to: broome) == nil)
    }
}

import Foundation
import Testing
import UVCore
import UVProtocol

@testable import UVDaemon

/// A place whose zone this system cannot read (tzdata missing, or a name it does not have) is not
/// shown on UTC's clock in silence: status says so, with the directory it looked in.
@Suite struct MissingZoneTests {
    @Test func statusSaysTheZoneIsMissing() async throws {
        #expect(try await InProcessCore().core.read { try $0.status(now: Date()) }.warnings.isEmpty)
        let shell = try InProcessCore(
            place: Place(
                name: "Nowhere", coordinate: Coordinate(latitude: 1, longitude: 2), zone: ZoneName("Mars/Olympus_Mons"), source: .manual
            ))
        let warnings = try await shell.core.read { try $0.status(now: Date()) }.warnings
        #expect(warnings.contains { $0.contains("Mars/Olympus_Mons") && $0.contains(Zone.directory) })
    }
}

import Foundation
import TestSupport
import Testing
import UVCore
import UVProviderPolicy

@testable import UVStore

@Suite("On-disk store")
struct StoreTests {
    private let scratch = ScratchPath("uvd-store")
    var directory: URL { scratch.url }
    var path: URL { directory.appendingPathComponent("uvd.sqlite") }
    let now = Date(timeIntervalSince1970: 1_768_438_800)

    @Test func emptyStoreHasDefaults() throws {
        let store = try Store(path: path)
        #expect(try store.profile() == Profile())
        #expect(try store.manualPlace() == nil)
        #expect(try store.sunscreenOn().isEmpty)
        #expect(try store.savedPlaces().isEmpty)
        #expect(store.recovery == nil)
    }

    @Test func everythingSurvivesReopening() throws {
        do {
            let store = try Store(path: path)
            try store.save(StoreChanges(profile: Profile(skinType: .III, defaultSPF: .spf50)))
            try store.save(StoreChanges(sunscreen: SunscreenApplication(spf: .spf30, quantity: .lots, appliedAt: now)))
            try store.save(
                StoreChanges(userChanges: [
                    .savePlace(
                        Place(
                            name: "Beach", coordinate: Coordinate(latitude: -33.8915, longitude: 151.2767),
                            zone: ZoneName("Australia/Sydney"),
                            source: .manual))
                ]))
        }
        let store = try Store(path: path)
        #expect(try store.profile().skinType == .III)
        #expect(try store.sunscreenOn().newest?.spf == .spf30)
        #expect(try store.savedPlaces().map(\.name) == ["Beach"])
    }

    @Test func coordinatesAreNeverStoredFinerThanATenthOfADegree() throws {
        let store = try Store(path: path)
        let precise = Coordinate(latitude: -33.86882, longitude: 151.20929)
        try store.save(
            StoreChanges(userChanges: [
                .manualPlace(Place(name: "Sydney", coordinate: precise, zone: ZoneName("Australia/Sydney"), source: .manual))
            ]))
        try store.save(
            StoreChanges(userChanges: [
                .savePlace(Place(name: "Home", coordinate: precise, zone: ZoneName("Australia/Sydney"), source: .manual))
            ]))
        #expect(try store.manualPlace()?.coordinate == Coordinate(latitude: -33.9, longitude: 151.2))
        #expect(try store.savedPlaces().first?.coordinate == Coordinate(latitude: -33.9, longitude: 151.2))
        let bytes = try Data(contentsOf: path) + ((try? Data(contentsOf: URL(fileURLWithPath: path.path + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data("33.868".utf8)) == nil)
    }

    /// One person's application ends only their own; one for everyone ends all; a row that
    /// cannot be read (written by hand) never stops a new one from being kept.
    @Test func eachPersonsApplicationIsKeptBesideEveryones() throws {
        let store = try Store(path: path)
        let everyone = SunscreenApplication(spf: .spf30, quantity: .lots, appliedAt: now)
        let mias = SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: now.addingTimeInterval(600), wearer: .member("Mia"))
        try store.save(StoreChanges(sunscreen: everyone))
        try store.save(StoreChanges(sunscreen: mias))
        #expect(try store.sunscreenOn().applications == [everyone, mias])
        var again = mias
        again.appliedAt = now.addingTimeInterval(1200)
        try store.save(StoreChanges(sunscreen: again))
        #expect(try store.sunscreenOn().applications == [everyone, again], "Mia's second ends her first, not everyone's")
        try store.save(StoreChanges(userChanges: [.waterEvent(at: now.addingTimeInterval(1800))]))
        #expect(try store.sunscreenOn().applications.allSatisfy { $0.waterEventAt == now.addingTimeInterval(1800) })

        try SQLiteConnection(path: path.path).execute(
            "INSERT INTO sunscreen (appliedAt, value) VALUES (?, ?)", [.real(now.timeIntervalSince1970), .text("{not json")])
        let later = SunscreenApplication(spf: .spf15, quantity: .medium, appliedAt: now.addingTimeInterval(3600))
        try store.save(StoreChanges(sunscreen: later))
        #expect(try store.sunscreenOn().applications == [later])
    }

    @Test func sunscreenLifecycle() throws {
        let store = try Store(path: path)
        try store.save(StoreChanges(sunscreen: SunscreenApplication(spf: .spf15, quantity: .low, appliedAt: now)))
        try store.save(StoreChanges(sunscreen: SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: now.addingTimeInterval(3600))))
        #expect(try store.sunscreenOn().newest?.spf == .spf50)
        try store.save(StoreChanges(userChanges: [.waterEvent(at: now.addingTimeInterval(5400))]))
        #expect(try store.sunscreenOn().newest?.waterEventAt == now.addingTimeInterval(5400))
        #expect(try store.sunscreenOn().newest?.spf == .spf50)
        try store.save(StoreChanges(userChanges: [.sunscreenRemoved(at: now.addingTimeInterval(7200))]))
        #expect(try store.sunscreenOn().isEmpty)
        // Nothing on record: a swim or a removal changes nothing.
        try store.save(StoreChanges(userChanges: [.waterEvent(at: now), .sunscreenRemoved(at: now.addingTimeInterval(7300))]))
        #expect(try store.sunscreenOn().isEmpty)
        let worn = try store.sunscreenWorn(within: DateInterval(start: now, duration: 86_400))
        #expect(worn.last?.removedAt == now.addingTimeInterval(7200))
    }

    @Test func forecastsReadingsAndProviderState() throws {
        let store = try Store(path: path)
        let forecast = UVForecast(
            source: .openMeteo, coordinate: Coordinate(latitude: -33.9, longitude: 151.2), utcOffsetSeconds: 39_600,
            current: CurrentConditions(time: now, uvi: 7.2, temperatureCelsius: 26),
            hourly: [HourlyUV(time: now, uvi: 7.2, clearSkyUVI: 8)], daily: [DailyUV(date: "2026-01-15", maxUVI: 11)])
        try store.save(StoreChanges(forecasts: [(forecast, now, "-33.9,151.2")]))
        #expect(try store.forecast(for: "-33.9,151.2") == StoredForecast(fetchedAt: now, forecast: forecast))
        #expect(try store.forecast(for: "0.0,0.0") == nil)
        #expect(try store.readings(for: "-33.9,151.2", since: now.addingTimeInterval(-60)) == [UVSample(time: now, uvi: 7.2)])

        var state = ProviderState()
        state[.openMeteo].recordSuccess(at: now, etag: "\"abc\"", lastModified: nil)
        state.budget.record(on: "2026-01-15")
        try store.save(StoreChanges(providerState: state))
        #expect(try store.providerState() == state)
    }

    /// Every forecast kept comes back by place and slot as uvd starts; rows written by hand that
    /// cannot be read (a value that is no forecast, a fetch time that is text) are left out and
    /// named, and the rest still read.
    @Test func everyForecastKeptIsReadAtTheStartAndWhatCannotBeIsNamed() throws {
        let store = try Store(path: path)
        let forecast = UVForecast(
            source: .openMeteo, coordinate: Coordinate(latitude: -33.9, longitude: 151.2), utcOffsetSeconds: 39_600, current: nil,
            hourly: [HourlyUV(time: now, uvi: 7.2)], daily: [])
        var cams = forecast
        cams.source = .cams
        try store.save(StoreChanges(forecasts: [(forecast, now, "-33.9,151.2"), (cams, now, "-33.9,151.2"), (forecast, now, "1.0,2.0")]))
        let connection = try SQLiteConnection(path: path.path)
        try connection.execute("INSERT INTO forecast (placeKey, fetchedAt, value) VALUES ('5.0,5.0', 1, 'not a forecast')")
        try connection.execute("UPDATE forecast SET fetchedAt = 'yesterday' WHERE placeKey = '1.0,2.0'")
        let (kept, unreadable) = try store.keptForecasts()
        #expect(
            kept["-33.9,151.2"]
                == PlaceForecasts(
                    forecast: StoredForecast(fetchedAt: now, forecast: forecast), cams: StoredForecast(fetchedAt: now, forecast: cams)))
        #expect(kept.count == 1)
        #expect(Set(unreadable) == ["5.0,5.0", "1.0,2.0"])
    }

    @Test func savedPlacesAreKeptAndRemovedByName() throws {
        let store = try Store(path: path)
        let work = Place(name: "Work", coordinate: Coordinate(latitude: 1, longitude: 2), zone: ZoneName("UTC"), source: .manual)
        try store.save(StoreChanges(userChanges: [.savePlace(work), .savePlace(work)]))
        #expect(try store.savedPlaces().map(\.name) == ["Work"])
        try store.save(StoreChanges(userChanges: [.removePlace(named: "Work")]))
        #expect(try store.savedPlaces().isEmpty)
    }

    @Test func aCorruptFileIsMovedAsideAndAFreshStoreStarts() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: path)
        let store = try Store(path: path)
        let recovery = try #require(store.recovery)
        let aside = try #require(recovery.movedAside.first)
        #expect(FileManager.default.fileExists(atPath: aside.path))
        #expect(aside.lastPathComponent.hasPrefix("uvd.sqlite.damaged-"))
        #expect(recovery.reason == "is not a SQLite database")
        try store.save(StoreChanges(profile: Profile(skinType: .II)))
        #expect(try store.profile().skinType == .II)
    }

    @Test func directoryIsPrivate() throws {
        _ = try Store(path: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }
}

import FoundationEssentials
import UVCore
import UVProviderPolicy
import UVProviders

/// One request to one provider, asked away from the core: everything it needs is given as it
/// leaves (`Request`: the place, the provider's health, the station near it), and what came back
/// is returned with the time it arrived, for the core to keep in one step (`CoreEvent.providerAnswered`).
/// It holds nothing of the core's, so a request that takes 35 s reads nothing that can change
/// under it, and the core answers meanwhile.
struct ProviderFetcher: Sendable {
    /// What one request asks, taken on the core as it leaves.
    struct Request: Sendable {
        var source: UVSource
        /// The place asked for: the user may move while the request is out.
        var place: Place
        var health: ProviderHealth
        /// The OpenWeatherMap key, for that provider.
        var key: String?
        /// For ARPANSA: the station near the place whose day series is asked, or nil for the
        /// all-station feed.
        var seriesOf: ARPANSAStation?
        var now: Date
    }

    /// What came back, and when it arrived (a round's requests may take up to 35 s: what an
    /// answer changed is settled at its own time, not the round's start).
    enum Answer: Sendable {
        case forecast(UVSource, for: Place, FetchOutcome<UVForecast>, arrivedAt: Date)
        /// The all-station feed.
        case stations(FetchOutcome<[StationReading]>, arrivedAt: Date)
        /// One station's day series, minute by minute.
        case series(of: ARPANSAStation, FetchOutcome<[StationReading]>, arrivedAt: Date)

        /// The provider that answered.
        var source: UVSource {
            switch self {
            case .forecast(let source, _, _, _): source
            case .stations, .series: .arpansa
            }
        }

        /// When it arrived: the time of the event it is.
        var arrivedAt: Date {
            switch self {
            case .forecast(_, _, _, let arrived), .stations(_, let arrived), .series(_, _, let arrived): arrived
            }
        }
    }

    let client: ProviderClient
    /// The time an answer arrives: the wall clock, or a test's.
    let answerClock: @Sendable () -> Date

    /// Asks; nil for a source that is not a provider (the clear-sky model).
    func ask(_ request: Request) async -> Answer? {
        let (coordinate, health, now) = (request.place.coordinate, request.health, request.now)
        switch request.source {
        case .openMeteo:
            return .forecast(
                .openMeteo, for: request.place, await client.openMeteo(for: coordinate, health: health, now: now), arrivedAt: answerClock())
        case .cams:
            return .forecast(
                .cams, for: request.place, await client.cams(for: coordinate, health: health, now: now), arrivedAt: answerClock())
        case .openWeatherMap:
            let answer = await client.openWeatherMap(for: coordinate, key: request.key ?? "", health: health, now: now)
            return .forecast(.openWeatherMap, for: request.place, answer, arrivedAt: answerClock())
        case .arpansa:
            if let station = request.seriesOf, let zone = Zone(identifier: station.timeZoneIdentifier) {
                let answer = await client.arpansaSeries(station: station, date: LocalDay.key(now, in: zone), health: health, now: now)
                return .series(of: station, answer, arrivedAt: answerClock())
            }
            return .stations(await client.arpansa(health: health, now: now), arrivedAt: answerClock())
        case .model:
            return nil
        }
    }
}

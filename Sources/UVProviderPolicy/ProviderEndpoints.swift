import FoundationEssentials
import UVCore

/// Where each provider lives. Every URL is configurable, so tests point them at a local server.
public struct ProviderEndpoints: Sendable, Equatable {
    public var openMeteo = URL(string: "https://api.open-meteo.com/v1/forecast")!
    public var cams = URL(string: "https://air-quality-api.open-meteo.com/v1/air-quality")!
    public var arpansa = URL(string: "https://uvdata.arpansa.gov.au/xml/uvvalues.xml")!
    /// One station's day, minute by minute (measured so far, and ARPANSA's own forecast).
    public var arpansaSeries = URL(string: "https://uvdata.arpansa.gov.au/api/uvlevel/")!
    public var openWeatherMap = URL(string: "https://api.openweathermap.org/data/3.0/onecall")!

    public init() {}

    /// Hourly UV (and clear-sky UV, cloud), current conditions and 7 daily maxima, in the
    /// place's own time zone. Coordinates go out rounded to 0.1°.
    public func openMeteoRequest(for coordinate: Coordinate) -> URL {
        Self.openMeteoAPI(
            openMeteo, coordinate, days: 7,
            [
                URLQueryItem(name: "hourly", value: "uv_index,uv_index_clear_sky,cloud_cover"),
                URLQueryItem(name: "current", value: "uv_index,temperature_2m,weather_code,cloud_cover"),
                URLQueryItem(name: "daily", value: "uv_index_max"),
            ])
    }

    /// CAMS global's hourly UV with and without clouds for 5 days, in the place's own time zone.
    /// Coordinates go out rounded to 0.1°.
    public func camsRequest(for coordinate: Coordinate) -> URL {
        Self.openMeteoAPI(
            cams, coordinate, days: 5,
            [
                URLQueryItem(name: "hourly", value: "uv_index,uv_index_clear_sky"),
                URLQueryItem(name: "domains", value: "cams_global"),
            ])
    }

    /// A request to one of Open-Meteo's APIs: the place (rounded to 0.1°) first, then `asked`,
    /// then its own time zone and `days` days.
    private static func openMeteoAPI(_ endpoint: URL, _ coordinate: Coordinate, days: Int, _ asked: [URLQueryItem]) -> URL {
        let place = coordinate.approximate
        return endpoint.appending(
            queryItems: [
                URLQueryItem(name: "latitude", value: String(place.latitude)),
                URLQueryItem(name: "longitude", value: String(place.longitude)),
            ]
                + asked + [URLQueryItem(name: "timezone", value: "auto"), URLQueryItem(name: "forecast_days", value: String(days))])
    }

    public func arpansaRequest() -> URL { arpansa }

    /// The day series of the station at `coordinate` for its local `date` (`YYYY-MM-DD`).
    public func arpansaSeriesRequest(station coordinate: Coordinate, date: String) -> URL {
        arpansaSeries.appending(queryItems: [
            URLQueryItem(name: "longitude", value: String(coordinate.longitude)),
            URLQueryItem(name: "latitude", value: String(coordinate.latitude)),
            URLQueryItem(name: "date", value: date),
        ])
    }

    /// One Call 3.0 without minutely data and alerts, metric units. The key is appended last and
    /// never logged: log `openWeatherMapRequest(for:key:)` only through `redacted`.
    public func openWeatherMapRequest(for coordinate: Coordinate, key: String) -> URL {
        let place = coordinate.approximate
        return openWeatherMap.appending(queryItems: [
            URLQueryItem(name: "lat", value: String(place.latitude)),
            URLQueryItem(name: "lon", value: String(place.longitude)),
            URLQueryItem(name: "exclude", value: "minutely,alerts"),
            URLQueryItem(name: "units", value: "metric"),
            URLQueryItem(name: "appid", value: key),
        ])
    }

    /// A URL fit for a log line: any `appid` value replaced.
    public static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.queryItems = components.queryItems?.map { $0.name == "appid" ? URLQueryItem(name: "appid", value: "REDACTED") : $0 }
        return components.string ?? url.absoluteString
    }
}

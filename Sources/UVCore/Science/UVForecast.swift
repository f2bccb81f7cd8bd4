import FoundationEssentials

/// Where UV data came from.
public enum UVSource: String, Sendable, Codable, CaseIterable {
    case openMeteo = "open-meteo"
    /// The CAMS global UV forecast (clouds, aerosols, ozone), through Open-Meteo's air-quality API.
    case cams
    case arpansa
    case openWeatherMap = "openweathermap"
    /// The offline clear-sky model.
    case model

    /// Whether it forecasts (and counts among the day's forecast requests): every provider but
    /// the station, which measures, and the model, which is no provider.
    public var isForecast: Bool {
        switch self {
        case .openMeteo, .cams, .openWeatherMap: true
        case .arpansa, .model: false
        }
    }

    /// The attribution to show wherever the source's data is shown.
    public var attribution: String {
        switch self {
        case .openMeteo: tr("Weather data by Open-Meteo.com (CC BY 4.0)")
        case .cams: tr("UV forecast: Copernicus Atmosphere Monitoring Service, via Open-Meteo.com (CC BY 4.0)")
        case .arpansa: tr("UV observations courtesy of ARPANSA")
        case .openWeatherMap: tr("Weather data provided by OpenWeather")
        case .model: tr("Modelled clear-sky UV (Madronich 2007), no clouds")
        }
    }
}

/// Conditions at one moment, as a provider reported them.
public struct CurrentConditions: Sendable, Equatable, Codable {
    public var time: Date
    public var uvi: Double?
    public var temperatureCelsius: Double?
    /// WMO weather interpretation code (0 clear … 99 thunderstorm with hail).
    public var weatherCode: Int?
    public var cloudCoverPercent: Double?

    public init(
        time: Date, uvi: Double? = nil, temperatureCelsius: Double? = nil, weatherCode: Int? = nil, cloudCoverPercent: Double? = nil
    ) {
        self.time = time
        self.uvi = uvi
        self.temperatureCelsius = temperatureCelsius
        self.weatherCode = weatherCode
        self.cloudCoverPercent = cloudCoverPercent
    }
}

/// One hour of a forecast.
public struct HourlyUV: Sendable, Equatable, Codable {
    public var time: Date
    public var uvi: Double
    /// The same hour without clouds, where the provider gives it.
    public var clearSkyUVI: Double?
    public var cloudCoverPercent: Double?

    public init(time: Date, uvi: Double, clearSkyUVI: Double? = nil, cloudCoverPercent: Double? = nil) {
        self.time = time
        self.uvi = uvi
        self.clearSkyUVI = clearSkyUVI
        self.cloudCoverPercent = cloudCoverPercent
    }
}

/// A day's maximum UV index; `date` is the provider's local calendar date, `YYYY-MM-DD`.
public struct DailyUV: Sendable, Equatable, Codable {
    public var date: String
    public var maxUVI: Double

    public init(date: String, maxUVI: Double) {
        self.date = date
        self.maxUVI = maxUVI
    }
}

/// Everything one provider answer says about UV at a place.
public struct UVForecast: Sendable, Equatable, Codable {
    public var source: UVSource
    /// The coordinate the provider answered for (its grid point, not necessarily the one asked).
    public var coordinate: Coordinate
    /// The provider's UTC offset for its local times, seconds.
    public var utcOffsetSeconds: Int
    public var current: CurrentConditions?
    public var hourly: [HourlyUV]
    public var daily: [DailyUV]

    public init(
        source: UVSource, coordinate: Coordinate, utcOffsetSeconds: Int, current: CurrentConditions?, hourly: [HourlyUV], daily: [DailyUV]
    ) {
        self.source = source
        self.coordinate = coordinate
        self.utcOffsetSeconds = utcOffsetSeconds
        self.current = current
        self.hourly = hourly
        self.daily = daily
    }

    /// The hourly values as a series for the science functions.
    public var series: UVSeries { UVSeries(hourly.map { UVSample(time: $0.time, uvi: $0.uvi) }) }
}

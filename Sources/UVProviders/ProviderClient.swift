import FoundationEssentials
import UVCore
import UVProviderPolicy

/// What one request to a provider came to.
public enum FetchOutcome<Value: Sendable>: Sendable {
    /// New data, with the validators for the next conditional request.
    case fetched(Value, etag: String?, lastModified: String?)
    /// `304 Not Modified`: what we have is still current.
    case notModified
    /// No usable answer; `retryAfter` when the provider said how long to wait.
    case failed(String, retryAfter: TimeInterval?)
}

/// Asks the providers and parses their answers; one request per call, conditional where the
/// provider supports it. Knows nothing about when to ask: that is `FetchPolicy`.
public struct ProviderClient: Sendable {
    public var http: any HTTPClient
    public var endpoints: ProviderEndpoints
    /// Where to say what was dropped as implausible (one line each, naming the provider).
    /// Where each value left out goes: the provider, and what was dropped and why.
    public var report: @Sendable (UVSource, String) -> Void

    public init(
        http: any HTTPClient, endpoints: ProviderEndpoints = ProviderEndpoints(),
        report: @escaping @Sendable (UVSource, String) -> Void = { _, _ in }
    ) {
        self.http = http
        self.endpoints = endpoints
        self.report = report
    }

    public func openMeteo(for coordinate: Coordinate, health: ProviderHealth, now: Date) async -> FetchOutcome<UVForecast> {
        await fetch(.openMeteo, endpoints.openMeteoRequest(for: coordinate), health: health, now: now) { data throws(ProviderError) in
            try screened(Plausibility.near(OpenMeteoParser.parse(data), coordinate), now: now)
        }
    }

    public func cams(for coordinate: Coordinate, health: ProviderHealth, now: Date) async -> FetchOutcome<UVForecast> {
        await fetch(.cams, endpoints.camsRequest(for: coordinate), health: health, now: now) { data throws(ProviderError) in
            try screened(Plausibility.near(OpenMeteoParser.parse(data, as: .cams), coordinate), now: now)
        }
    }

    public func openWeatherMap(for coordinate: Coordinate, key: String, health: ProviderHealth, now: Date) async -> FetchOutcome<UVForecast>
    {
        await fetch(.openWeatherMap, endpoints.openWeatherMapRequest(for: coordinate, key: key), health: health, now: now) {
            data throws(ProviderError) in
            try screened(Plausibility.near(OpenWeatherMapParser.parse(data, units: .metric), coordinate), now: now)
        }
    }

    public func arpansa(health: ProviderHealth, now: Date) async -> FetchOutcome<[StationReading]> {
        await fetch(.arpansa, endpoints.arpansaRequest(), health: health, now: now) { data throws(ProviderError) in
            believable(try ARPANSAParser.parse(data), now: now)
        }
    }

    /// The measured minutes of `station`'s local day so far, screened as the feed's readings are.
    public func arpansaSeries(station: ARPANSAStation, date: String, health: ProviderHealth, now: Date) async -> FetchOutcome<
        [StationReading]
    > {
        await fetch(.arpansa, endpoints.arpansaSeriesRequest(station: station.coordinate, date: date), health: health, now: now) {
            data throws(ProviderError) in
            believable(try ARPANSASeriesParser.parse(data, station: station), now: now)
        }
    }

    /// The readings with a UV in range and a time not far from now; each one left out is reported.
    private func believable(_ readings: [StationReading], now: Date) -> [StationReading] {
        readings.filter { reading in
            let believable =
                (reading.uvi.map(Plausibility.uviRange.contains) ?? true)
                && Plausibility.measurementAge.contains(now.timeIntervalSince(reading.time))
            if !believable {
                report(.arpansa, "dropped \(reading.station): UV \(reading.uvi.map { "\($0)" } ?? "none") at \(reading.time)")
            }
            return believable
        }
    }

    private func screened(_ forecast: UVForecast, now: Date) throws(ProviderError) -> UVForecast {
        let (kept, notes) = try Plausibility.screen(forecast, now: now)
        for note in notes { report(forecast.source, note) }
        return kept
    }

    private func fetch<Value>(
        _ source: UVSource, _ url: URL, health: ProviderHealth, now: Date, parse: (Data) throws(ProviderError) -> Value
    ) async -> FetchOutcome<Value> {
        var headers: [String: String] = [:]
        if let etag = health.etag { headers["If-None-Match"] = etag }
        if let lastModified = health.lastModified { headers["If-Modified-Since"] = lastModified }
        let response: HTTPResponse
        do {
            response = try await http.get(HTTPRequest(url: url, headers: headers))
        } catch {
            return .failed("\(error)", retryAfter: nil)
        }
        switch response.status {
        case 304:
            return .notModified
        case 200..<300:
            do {
                return .fetched(try parse(response.body), etag: response.headers["etag"], lastModified: response.headers["last-modified"])
            } catch {
                return .failed(error.description, retryAfter: nil)
            }
        default:
            let reason = Self.reason(source, response)
            return .failed(reason, retryAfter: response.headers["retry-after"].flatMap { RetryAfter.seconds($0, now: now) })
        }
    }

    /// The provider's own words for an error status, where its error body gives them.
    private static func reason(_ source: UVSource, _ response: HTTPResponse) -> String {
        var detail = ""
        do {
            switch source {
            case .openMeteo, .cams: _ = try OpenMeteoParser.parse(response.body, as: source)
            case .openWeatherMap: _ = try OpenWeatherMapParser.parse(response.body, units: .metric)
            case .arpansa, .model: break
            }
        } catch {
            if case .refused(_, let text) = error { detail = ": \(text)" }
        }
        return "HTTP \(response.status)\(detail)"
    }
}

/// `Retry-After`: delay-seconds or an HTTP-date in its preferred form, IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`; RFC 9110 §10.2.3 and §5.6.7).
enum RetryAfter {
    static func seconds(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingSpaces()
        if let seconds = Int(trimmed), seconds >= 0 { return TimeInterval(seconds) }
        return httpDate(trimmed).map { max(0, $0.timeIntervalSince(now)) }
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), fields[5] == "GMT",
            let month = months.firstIndex(of: String(fields[2])).map({ $0 + 1 })
        else { return nil }
        var day = TextScanner(fields[1])
        var year = TextScanner(fields[3])
        var clock = TextScanner(fields[4])
        guard let dayNumber = day.number(digits: 2...2), day.atEnd, let yearNumber = year.number(digits: 4...4), year.atEnd,
            let hour = clock.number(digits: 2...2), clock.skip(":"), let minute = clock.number(digits: 2...2), clock.skip(":"),
            let second = clock.number(digits: 2...2), clock.atEnd,
            CivilDate.isValid(year: yearNumber, month: month, day: dayNumber), hour < 24, minute < 60, second < 61
        else { return nil }
        return Date(
            timeIntervalSince1970: TimeInterval(
                CivilDate.seconds(year: yearNumber, month: month, day: dayNumber, hour: hour, minute: minute, second: second, offset: 0)))
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Local providers for the benchmarks: an HTTP/1.1 listener on 127.0.0.1 that answers Open-Meteo's
/// paths (CAMS's and the forecast endpoint's) with a three-day hourly forecast for Sydney starting
/// today (a UV curve peaking at 11 at 13:00), and ARPANSA's (the all-station feed and the day
/// series) with Sydney's station measuring 0.9 of that curve up to now, so that uvd's first fetches
/// succeed and the idle figures are those of a daemon with data and a station.
final class ProviderStandIn: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let requests = NSLock()
    private var served = 0

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else { throw RunningDaemon.Failure(description: "the provider stand-in cannot listen") }
        port = UInt16(bigEndian: address.sin_port)
        let body = Self.forecast(now: Date())
        Thread.detachNewThread { [self] in serve(body) }
    }

    /// How many requests have been answered.
    var requestCount: Int { requests.withLock { served } }

    private func serve(_ forecast: Data) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.suffix(4).elementsEqual("\r\n\r\n".utf8) {
                let count = recv(connection, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                request += buffer[..<count]
            }
            let path = String(decoding: request, as: UTF8.self).split(separator: " ").dropFirst().first ?? ""
            let body =
                path.hasPrefix("/xml/")
                ? StationStandIn.feed(now: Date()) : path.hasPrefix("/api/uvlevel") ? StationStandIn.series(now: Date()) : forecast
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            let answer = Array(head.utf8) + Array(body)
            _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(connection)
            requests.withLock { served += 1 }
        }
    }

    /// Open-Meteo's `/v1/forecast` shape (hourly uv_index and uv_index_clear_sky, current
    /// temperature and weather code) for today and the next two days in Australia/Sydney.
    static func forecast(now: Date) -> Data {
        let zone = TimeZone(identifier: "Australia/Sydney")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let midnight = calendar.startOfDay(for: now)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let hours = (0..<72).map { midnight.addingTimeInterval(Double($0) * 3600) }
        let uv = hours.map { hour -> Double in
            (StationStandIn.forecastCurve(localHour: Double(calendar.component(.hour, from: hour))) * 10).rounded() / 10
        }
        let answer: [String: Any] = [
            "latitude": -33.875, "longitude": 151.25, "utc_offset_seconds": zone.secondsFromGMT(for: now),
            "timezone": "Australia/Sydney", "timezone_abbreviation": zone.abbreviation(for: now) ?? "AEDT",
            "current": ["time": formatter.string(from: now), "interval": 900, "temperature_2m": 24.5, "weather_code": 1],
            "hourly": ["time": hours.map(formatter.string(from:)), "uv_index": uv, "uv_index_clear_sky": uv],
        ]
        return (try? JSONSerialization.data(withJSONObject: answer)) ?? Data()
    }
}

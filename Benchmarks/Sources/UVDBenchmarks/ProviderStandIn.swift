import FoundationEssentials
import Glibc
import Synchronization
import UVCore

/// Local providers for the benchmarks: an HTTP/1.1 listener on 127.0.0.1 that answers Open-Meteo's
/// paths (CAMS's and the forecast endpoint's) with a three-day hourly forecast for Sydney starting
/// today (a UV curve peaking at 11 at 13:00), and ARPANSA's (the all-station feed and the day
/// series) with Sydney's station measuring 0.9 of that curve up to now, so that uvd's first fetches
/// succeed and the idle figures are those of a daemon with data and a station.
final class ProviderStandIn: Sendable {
    let port: UInt16
    private let listener: Int32
    private let served = Atomic<Int>(0)

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
        DetachedThread.start(name: "provider-stand-in") { [self] in serve(body) }
    }

    /// How many requests have been answered.
    var requestCount: Int { served.load(ordering: .relaxed) }

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
            served.add(1, ordering: .relaxed)
        }
    }

    /// Open-Meteo's `/v1/forecast` shape (hourly uv_index and uv_index_clear_sky, current
    /// temperature and weather code) for today and the next two days in Australia/Sydney.
    static func forecast(now: Date) -> Data {
        let zone = StationStandIn.zone
        let midnight = LocalDay.interval(containing: now, in: zone).start
        func local(_ date: Date) -> String {
            let (day, clock) = StationStandIn.local(date)
            return day + "T" + clock
        }
        let hours = (0..<72).map { midnight.addingTimeInterval(Double($0) * 3600) }
        let uv = hours.map { hour -> Double in
            (StationStandIn.forecastCurve(localHour: Double(WallClock.minuteOfDay(hour, in: zone) / 60)) * 10).rounded() / 10
        }
        struct Current: Encodable {
            let time: String
            let interval = 900
            let temperature_2m = 24.5
            let weather_code = 1
        }
        struct Hourly: Encodable {
            let time: [String]
            let uv_index: [Double]
            let uv_index_clear_sky: [Double]
        }
        struct Answer: Encodable {
            let latitude = -33.875
            let longitude = 151.25
            let utc_offset_seconds: Int
            let timezone = "Australia/Sydney"
            let timezone_abbreviation: String
            let current: Current
            let hourly: Hourly
        }
        let offset = zone.secondsFromGMT(for: now)
        let answer = Answer(
            utc_offset_seconds: offset, timezone_abbreviation: offset == 39_600 ? "AEDT" : "AEST", current: Current(time: local(now)),
            hourly: Hourly(time: hours.map(local), uv_index: uv, uv_index_clear_sky: uv))
        return (try? JSONEncoder().encode(answer)) ?? Data()
    }
}

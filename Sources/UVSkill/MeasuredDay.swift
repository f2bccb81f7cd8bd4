import FoundationEssentials
import UVCore

/// One day of a station's measured UV, as ARPANSA publishes it: a CSV file with the header
/// `Date-Time,Lat,Lon,UV_Index` and one row a minute, `YYYY-MM-DD HH:MM:SS,lat,lon,uvi`, in the
/// station's local standard time (no daylight saving, no offset in the file).
public struct MeasuredDay: Sendable, Equatable {
    /// The station, from the first row.
    public var coordinate: Coordinate
    /// The readings in file order.
    public var readings: [UVSample]
    /// The local date of the first row, `YYYY-MM-DD`.
    public var date: String

    public init(coordinate: Coordinate, readings: [UVSample], date: String) {
        self.coordinate = coordinate
        self.readings = readings
        self.date = date
    }

    static let header = "Date-Time,Lat,Lon,UV_Index"
    /// How far the last row may be from the first: a day, with room for a file that starts early.
    static let maximumSpan: TimeInterval = 36 * 3600

    /// Reads a day file whose times are `utcOffsetSeconds` ahead of UTC.
    public static func parse(_ data: Data, utcOffsetSeconds: Int, name: String = "the file") throws(MeasuredDayError) -> MeasuredDay {
        guard let text = String(data: data, encoding: .utf8) else { throw .init(name, line: nil, "is not UTF-8 text") }
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw .init(name, line: nil, "is empty; expected the header \(header)") }
        let heading = first.hasPrefix("\u{FEFF}") ? first.dropFirst() : first
        guard heading == header else { throw .init(name, line: 1, "starts with \"\(heading.prefix(60))\"; expected the header \(header)") }
        var readings: [UVSample] = []
        var coordinate: Coordinate?
        var date: String?
        readings.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated().dropFirst() {
            let row = try Row(line, line: index + 1, name: name, utcOffsetSeconds: utcOffsetSeconds)
            if coordinate == nil { (coordinate, date) = (row.coordinate, row.date) }
            if let last = readings.last, row.sample.time <= last.time {
                throw .init(name, line: index + 1, "is not later than the row before it; rows must be in time order")
            }
            if let start = readings.first?.time, row.sample.time.timeIntervalSince(start) > maximumSpan {
                throw .init(name, line: index + 1, "is more than a day after the first row; a file holds one day")
            }
            readings.append(row.sample)
        }
        guard let coordinate, let date else { throw .init(name, line: nil, "has a header but no rows") }
        return MeasuredDay(coordinate: coordinate, readings: readings, date: date)
    }

    /// One row, read and checked.
    struct Row {
        var sample: UVSample
        var coordinate: Coordinate
        var date: String

        init(_ line: Substring, line number: Int, name: String, utcOffsetSeconds: Int) throws(MeasuredDayError) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 4 else {
                throw .init(name, line: number, "has \(fields.count) fields; expected 4: \(MeasuredDay.header)")
            }
            var scanner = TextScanner(fields[0])
            guard let day = scanner.isoDate(), scanner.skip(" "), let clock = scanner.isoClock(), scanner.skip(":"),
                let second = scanner.number(digits: 2...2), second < 60, scanner.atEnd, clock.hour < 24, clock.minute < 60,
                CivilDate.isValid(year: day.year, month: day.month, day: day.day)
            else { throw .init(name, line: number, "has the time \"\(fields[0].prefix(40))\"; expected YYYY-MM-DD HH:MM:SS") }
            guard let latitude = Double(fields[1]), let longitude = Double(fields[2]),
                Coordinate(latitude: latitude, longitude: longitude).isValid
            else {
                throw .init(
                    name, line: number,
                    "has the place \"\(fields[1].prefix(20)),\(fields[2].prefix(20))\"; expected a latitude and a longitude in degrees")
            }
            guard let uvi = Double(fields[3]), uvi.isFinite, (0...25).contains(uvi) else {
                throw .init(name, line: number, "has the UV index \"\(fields[3].prefix(20))\"; expected a number from 0 to 25")
            }
            let days = CivilDate.daysSinceEpoch(year: day.year, month: day.month, day: day.day)
            let local = Double(days) * 86_400 + Double(clock.hour * 3600 + clock.minute * 60 + second)
            sample = UVSample(time: Date(timeIntervalSince1970: local - Double(utcOffsetSeconds)), uvi: uvi)
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
            date = CivilDate.isoText(daysSinceEpoch: days)
        }
    }
}

/// What is wrong with a measured day file, and where.
public struct MeasuredDayError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var problem: String

    init(_ file: String, line: Int?, _ problem: String) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    public var description: String {
        line.map { "\(file), line \($0), \(problem)" } ?? "\(file) \(problem)"
    }
}

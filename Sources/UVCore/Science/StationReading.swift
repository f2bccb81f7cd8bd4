import FoundationEssentials

/// One station's measurement from ARPANSA's real-time feed.
public struct StationReading: Sendable, Equatable, Codable {
    /// The station name as ARPANSA writes it (`location id`).
    public var station: String
    public var uvi: Double?
    public var time: Date
    /// ARPANSA's status word; anything but `ok` means no current value.
    public var status: String

    public init(station: String, uvi: Double?, time: Date, status: String) {
        self.station = station
        self.uvi = uvi
        self.time = time
        self.status = status
    }
}

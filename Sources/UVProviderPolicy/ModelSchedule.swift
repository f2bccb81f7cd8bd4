import FoundationEssentials
import UVCore

/// When a forecast model's runs reach the API: a run every `runEvery` from 00 UTC, on the API
/// `availableAfter` its base time. Asking between two runs can only bring the same numbers back.
///
/// - CAMS global: base times 00 and 12 UTC (Open-Meteo's air-quality documentation: "every 12
///   hours"). Open-Meteo's own downloader says "Cams has delay of 8 hours" (`CamsDomain.lastRun`
///   in open-meteo/open-meteo); its model-updates page shows the live times only in a browser.
///   10 hours after base time leaves its processing and servers two hours. Asked too early, the
///   answer is the previous run, and the next request is the next run's.
/// - Open-Meteo's forecast endpoint: its UV comes from the global models it blends (GFS and the
///   ECMWF IFS, runs every 6 hours, out about 4–6 hours after base time); 6 hours is taken.
public struct ModelSchedule: Sendable, Equatable {
    public var runEvery: TimeInterval
    public var availableAfter: TimeInterval

    public init(runEvery: TimeInterval, availableAfter: TimeInterval) {
        self.runEvery = runEvery
        self.availableAfter = availableAfter
    }

    public static let cams = ModelSchedule(runEvery: 12 * 3600, availableAfter: 10 * 3600)
    public static let forecastEndpoint = ModelSchedule(runEvery: 6 * 3600, availableAfter: 6 * 3600)

    /// The schedule of a forecast provider; nil for a station or the model.
    public static func of(_ source: UVSource) -> ModelSchedule? {
        switch source {
        case .cams: .cams
        case .openMeteo, .openWeatherMap: .forecastEndpoint
        case .arpansa, .model: nil
        }
    }

    /// When the latest run out at `date` came out.
    public func latestOut(at date: Date) -> Date {
        let sinceFirst = date.timeIntervalSince1970 - availableAfter
        let runs = (sinceFirst / runEvery).rounded(.down)
        return Date(timeIntervalSince1970: runs * runEvery + availableAfter)
    }

    /// When the first run after `date` comes out.
    public func nextOut(after date: Date) -> Date {
        latestOut(at: date).addingTimeInterval(runEvery)
    }
}

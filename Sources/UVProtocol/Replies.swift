/// Replies of `io.uvd` that carry one value under one name (`UVD` says which method gives which).
public struct StatusReply: Codable, Sendable, Equatable {
    public var status: StatusInfo
    public init(status: StatusInfo) { self.status = status }
}

/// `GetStatus`'s reply: the status, and the version of the uvd that gave it, so that plain `uvctl
/// status` tells a uvd of another version (one not restarted after an upgrade) without a second
/// call. A uvd before 0.5.0 leaves the version out; uvctl then asks `GetInfo`.
public struct VersionedStatusReply: Codable, Sendable, Equatable {
    public var status: StatusInfo
    public var version: String?
    public init(status: StatusInfo, version: String?) {
        self.status = status
        self.version = version
    }
}

public struct ForecastReply: Codable, Sendable, Equatable {
    public var forecast: ForecastInfo
    public init(forecast: ForecastInfo) { self.forecast = forecast }
}

public struct LocationReply: Codable, Sendable, Equatable {
    public var location: LocationInfo
    public init(location: LocationInfo) { self.location = location }
}

/// The user first, then the family in the order added.
public struct FamilyReply: Codable, Sendable, Equatable {
    /// Whether the family is out with the user (false after `uvctl family off`).
    public var out: Bool
    public var people: [PersonInfo]
    public init(out: Bool = true, people: [PersonInfo]) {
        self.out = out
        self.people = people
    }
}

public struct ProfileReply: Codable, Sendable, Equatable {
    public var profile: ProfileInfo
    public init(profile: ProfileInfo) { self.profile = profile }
}

public struct SunscreenReply: Codable, Sendable, Equatable {
    public var sunscreen: SunscreenInfo
    public init(sunscreen: SunscreenInfo) { self.sunscreen = sunscreen }
}

public struct QuietReply: Codable, Sendable, Equatable {
    public var quiet: QuietInfo
    public init(quiet: QuietInfo) { self.quiet = quiet }
}

public struct HomeReply: Codable, Sendable, Equatable {
    public var home: HomeInfo
    public init(home: HomeInfo) { self.home = home }
}

/// A sentence for the person who asked.
public struct MessageReply: Codable, Sendable, Equatable {
    public var message: String
    public init(message: String) { self.message = message }
}

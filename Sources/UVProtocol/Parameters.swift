import UVCore

/// The parameters and multi-field replies of `io.uvd` methods: one definition for the daemon,
/// which decodes them, and for uvctl, which encodes them. Absent optionals are left out. A value
/// people write from a list (an SPF, a skin type, a rule) travels as its type (`Written`).

public struct LocationParameters: Codable, Sendable {
    public var location: String?
    public init(location: String?) { self.location = location }
}

public struct ForecastParameters: Codable, Sendable {
    public var location: String?
    public var date: Written<CalendarDate>?
    public init(location: String?, date: CalendarDate?) {
        self.location = location
        self.date = date.map(Written.init)
    }
}

public struct PlaceParameters: Codable, Sendable {
    public var place: String
    public init(place: String) { self.place = place }
}

public struct NameParameters: Codable, Sendable {
    public var name: String
    public init(name: String) { self.name = name }
}

/// A member of the family as `AddFamilyMember` and `SetFamilyMember` give it: what is left out
/// stays as it was (`AddFamilyMember` needs the skin type).
public struct FamilyMemberParameters: Codable, Sendable {
    public var name: String
    public var skinType: Written<SkinType>?
    /// YYYY-MM; "" forgets it.
    public var born: Settable<BirthMonth>?
    /// An SPF as written (`SPF.choices`); "" forgets it (the user's default again).
    public var spf: Settable<SPF>?

    public init(name: String, skinType: SkinType? = nil, born: BirthMonth? = nil, spf: SPF? = nil) {
        self.name = name
        self.skinType = skinType.map(Written.init)
        self.born = born.map(Settable.set)
        self.spf = spf.map(Settable.set)
    }
}

/// `uvctl family on` (out: true) or `off` (false, for today only with `today`).
public struct FamilyOutParameters: Codable, Sendable {
    public var out: Bool
    public var today: Bool?
    public init(out: Bool, today: Bool? = nil) {
        self.out = out
        self.today = today
    }
}

public struct AddLocationParameters: Codable, Sendable {
    public var name: String
    public var place: String
    public init(name: String, place: String) {
        self.name = name
        self.place = place
    }
}

public struct SunscreenParameters: Codable, Sendable {
    public var spf: Written<AppliedSPF>?
    public var quantity: Written<SunscreenQuantity>?
    public var activity: Written<SunscreenActivity>?
    public var minutesAgo: MinutesAgo?
    /// Whom it was put on alone: a family member's name, or `you`; absent, everyone out.
    public var person: String?
    public init(
        spf: AppliedSPF?, quantity: SunscreenQuantity?, activity: SunscreenActivity?, minutesAgo: MinutesAgo?, person: String? = nil
    ) {
        self.person = person
        self.spf = spf.map(Written.init)
        self.quantity = quantity.map(Written.init)
        self.activity = activity.map(Written.init)
        self.minutesAgo = minutesAgo
    }
}

public struct ProfileParameters: Codable, Sendable {
    public var skinType: Written<SkinType>?
    public var spf: Written<SPF>?
    public var quantity: Written<SunscreenQuantity>?
    public var activity: Written<SunscreenActivity>?
    public var waterResistanceMinutes: Written<WaterResistance>?
    public init(
        skinType: SkinType?, spf: SPF?, quantity: SunscreenQuantity?, activity: SunscreenActivity?,
        waterResistanceMinutes: WaterResistance?
    ) {
        self.skinType = skinType.map(Written.init)
        self.spf = spf.map(Written.init)
        self.quantity = quantity.map(Written.init)
        self.activity = activity.map(Written.init)
        self.waterResistanceMinutes = waterResistanceMinutes.map(Written.init)
    }
}

public struct StationsReply: Codable, Sendable {
    public var stations: [StationInfo]
    @Null public var updatedAt: String?
    public var attribution: String
    public init(stations: [StationInfo], updatedAt: String?, attribution: String) {
        self.stations = stations
        self.updatedAt = updatedAt
        self.attribution = attribution
    }
}

public struct LocationsReply: Codable, Sendable {
    public var current: LocationInfo
    public var saved: [LocationInfo]
    public init(current: LocationInfo, saved: [LocationInfo]) {
        self.current = current
        self.saved = saved
    }
}

public struct ConfigEntry: Codable, Sendable, Equatable {
    public var key: String
    public var value: String
    public var origin: String
    public init(key: String, value: String, origin: String) {
        self.key = key
        self.value = value
        self.origin = origin
    }
}

public struct ConfigReply: Codable, Sendable {
    public var file: String
    public var entries: [ConfigEntry]
    public init(file: String, entries: [ConfigEntry]) {
        self.file = file
        self.entries = entries
    }
}

/// What one provider's request in a `Refresh` came to.
public struct ProviderOutcome: Codable, Sendable, Equatable {
    /// How it ended.
    public enum Result: String, Codable, Sendable, CaseIterable {
        /// New data arrived.
        case fresh
        /// `304 Not Modified`: what uvd has is current.
        case notModified = "not-modified"
        /// Not asked: the provider said when to ask again (`Retry-After`).
        case refused
        /// Asked, and no usable answer came.
        case failed
        /// Not asked: a request to it was already under way.
        case skipped
    }

    public var provider: String
    public var result: Result
    public var message: String

    public init(provider: String, result: Result, message: String) {
        self.provider = provider
        self.result = result
        self.message = message
    }
}

public struct RefreshReply: Codable, Sendable {
    public var outcomes: [ProviderOutcome]
    public init(outcomes: [ProviderOutcome]) {
        self.outcomes = outcomes
    }
}

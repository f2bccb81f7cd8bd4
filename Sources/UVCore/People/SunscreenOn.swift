import FoundationEssentials

/// Who an application was put on: everyone out (`uvctl sunscreen apply`, `--all`, the
/// notification's Applied button), or one person (`--for NAME`).
public enum SunscreenWearer: Sendable, Hashable, Codable {
    case everyone
    /// The user alone.
    case user
    /// One family member alone, by name.
    case member(String)

    /// Whether what was put on `self` is on `person` (the user, or a member).
    public func covers(_ person: SunscreenWearer) -> Bool {
        self == .everyone || self == person
    }
}

/// The sunscreen each person out has on: the last application recorded for everyone, and any
/// recorded since for one person alone, which that person wears instead. What was recorded last
/// is what is on, whatever time it names: a second `uvctl sunscreen apply --minutes-ago` corrects
/// the first. A family member who has a sunscreen of their own (`uvctl family add --spf`) wears
/// it under an application for everyone.
///
/// Pure: the reapply times (`DayFacts`), the burn times (`Party`) and the dose notices all read
/// it, so that they agree on what each person wears.
public struct SunscreenOn: Sendable, Equatable, Codable {
    /// In the order recorded: at most one for everyone (the first), at most one per person.
    public private(set) var applications: [SunscreenApplication] = []

    public init() {}

    /// Everything in `applications` recorded in their order.
    public init(_ applications: [SunscreenApplication]) {
        for application in applications { record(application) }
    }

    /// One application (nil: none on).
    public init(_ application: SunscreenApplication?) {
        self.init(application.map { [$0] } ?? [])
    }

    /// Nobody has sunscreen on.
    public var isEmpty: Bool { applications.isEmpty }

    /// The application recorded last, whoever it was for.
    public var newest: SunscreenApplication? { applications.last }

    /// Records `application`: one for everyone takes the place of everything on; one for a
    /// person, of that person's own.
    public mutating func record(_ application: SunscreenApplication) {
        applications.removeAll(where: application.takesThePlace(of:))
        applications.append(application)
    }

    /// Water (or a towel) at `date` on every application on (the party swam together).
    public mutating func water(at date: Date) {
        for index in applications.indices { applications[index].waterEventAt = date }
    }

    /// The application the user wears: the last recorded for everyone or for them alone.
    public var user: SunscreenApplication? { worn(by: .user) }

    /// The application `member` wears: the last recorded for everyone or for them alone; one for
    /// everyone in their own sunscreen's SPF where they have one.
    public func worn(by member: FamilyMember) -> SunscreenApplication? {
        worn(by: .member(member.name))?.asWorn(by: member)
    }

    private func worn(by person: SunscreenWearer) -> SunscreenApplication? {
        applications.last { $0.wearer.covers(person) }
    }

    /// Kept as its applications, oldest first.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(applications)
    }

    /// Reads its applications, or the one application an engine state held before there was a
    /// sunscreen per person (it was everyone's).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let applications = try? container.decode([SunscreenApplication].self) {
            self.init(applications)
        } else {
            self.init(try container.decode(SunscreenApplication.self))
        }
    }
}

extension SunscreenApplication {
    /// Whether recording `self` ends `earlier`: one for everyone ends everything on, one for a
    /// person that person's own. What `SunscreenOn` holds and the store keeps open follow it.
    public func takesThePlace(of earlier: SunscreenApplication) -> Bool {
        wearer == .everyone || earlier.wearer == wearer
    }

    /// This application as `member` wears it (nil: the user): one for everyone in their own
    /// sunscreen's SPF where they have one; otherwise as recorded.
    public func asWorn(by member: FamilyMember?) -> SunscreenApplication {
        guard wearer == .everyone, let own = member?.spf else { return self }
        var worn = self
        worn.spf = own
        return worn
    }
}

extension [WornSunscreen] {
    /// What `member` wore of these (`nil`: the user): the applications for everyone or for them
    /// alone, each as they wear it (`asWorn`). Their dose is the day's through these (`DayDose`
    /// takes, at each instant, the latest put on by then).
    public func worn(by member: FamilyMember?) -> [WornSunscreen] {
        let person = member.map { SunscreenWearer.member($0.name) } ?? .user
        return filter { $0.application.wearer.covers(person) }.map {
            WornSunscreen($0.application.asWorn(by: member), removedAt: $0.removedAt)
        }
    }
}

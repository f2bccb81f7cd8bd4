import FoundationEssentials

/// Whether the user is outside now, by the network and by their word: what the store's open
/// intervals say, held so that each event does not ask it. It decides what each happening opens
/// or closes; the daemon keeps those changes with the event, `uvctl simulate` plays them.
public struct OutsideNow: Sendable {
    /// Since when a network interval is open (away from home on a phone or modem connection).
    public private(set) var networkSince: Date?
    /// Since when a user interval is open (`uvctl outside start`).
    public private(set) var userSince: Date?
    /// "I'm inside" was said while away: the network opens no more time outside until the phone
    /// or modem connection is left (home, or any other network).
    private var insideWhileAway = false

    /// The open intervals' starts (nil: none of that source is open).
    public init(networkSince: Date? = nil, userSince: Date? = nil) {
        (self.networkSince, self.userSince) = (networkSince, userSince)
    }

    /// A network interval is open.
    public var network: Bool { networkSince != nil }
    /// A user interval is open.
    public var user: Bool { userSince != nil }
    public var isOutside: Bool { network || user }

    /// Where the person is: out since the earliest interval still open, else in.
    public var whereabouts: Whereabouts {
        [networkSince, userSince].compactMap(\.self).min().map { .out(since: $0) } ?? .inside
    }

    /// The connection in use is now `state`: a phone or modem connection opens network time
    /// outside; home (home Wi-Fi, or any Wi-Fi while none is marked) closes it.
    public mutating func networkIs(_ state: NetworkState, homeMarked: Bool, at now: Date) -> [OutsideChange] {
        guard state.kind == .cellular else {
            insideWhileAway = false
            guard network, state.isHome(homeMarked: homeMarked) else { return [] }
            networkSince = nil
            return [.close(.network, at: now)]
        }
        guard !network, !insideWhileAway else { return [] }
        networkSince = now
        return [.open(.network, at: now)]
    }

    /// `uvctl outside start`: a user interval opens, unless one is open already.
    public mutating func userStarts(at now: Date) -> OutsideChange? {
        guard !user else { return nil }
        userSince = now
        return .open(.user, at: now)
    }

    /// "I'm inside": whatever is open ends now.
    public mutating func inside(at now: Date) -> [OutsideChange] {
        var ended: [OutsideChange] = []
        if network {
            (networkSince, insideWhileAway) = (nil, true)
            ended.append(.close(.network, at: now))
        }
        if user {
            userSince = nil
            ended.append(.close(.user, at: now))
        }
        return ended
    }

    /// Today's time outside was cleared: nothing is open.
    public mutating func cleared() {
        (networkSince, userSince) = (nil, nil)
    }
}

/// A change to the time outside, kept in the event's transaction (the store's `StoreChanges.outside`).
public enum OutsideChange: Sendable, Equatable {
    /// An interval from `at`, still open.
    case open(OutsideInterval.Source, at: Date)
    /// The open interval of `source`, if any, ends at `at`.
    case close(OutsideInterval.Source, at: Date)
    /// Every interval that starts within `day` goes (`uvctl outside clear`).
    case clear(DateInterval)
    /// A closed interval the user gives (`uvctl outside add HH:MM-HH:MM`).
    case add(OutsideInterval)
    /// The user's interval with exactly these ends goes (`uvctl outside remove HH:MM-HH:MM`).
    case remove(DateInterval)
}

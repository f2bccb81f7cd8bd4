import FoundationEssentials

/// Whether the user is outside now, by the network and by their word: what the store's open
/// intervals say, held so that each event does not ask it. It decides what each happening opens
/// or closes; the daemon keeps those changes with the event, `uvctl simulate` plays them.
public struct OutsideNow: Sendable {
    /// A network interval is open (away from home on a phone or modem connection).
    public private(set) var network = false
    /// A user interval is open (`uvctl outside start`).
    public private(set) var user = false
    /// "I'm inside" was said while away: the network opens no more time outside until the phone
    /// or modem connection is left (home, or any other network).
    private var insideWhileAway = false

    public init(network: Bool = false, user: Bool = false) {
        (self.network, self.user) = (network, user)
    }

    public var isOutside: Bool { network || user }

    /// The connection in use is now `state`: a phone or modem connection opens network time
    /// outside; home (home Wi-Fi, or any Wi-Fi while none is marked) closes it.
    public mutating func networkIs(_ state: NetworkState, homeMarked: Bool, at now: Date) -> [OutsideChange] {
        guard state.kind == .cellular else {
            insideWhileAway = false
            guard network, state.isHome(homeMarked: homeMarked) else { return [] }
            network = false
            return [.close(.network, at: now)]
        }
        guard !network, !insideWhileAway else { return [] }
        network = true
        return [.open(.network, at: now)]
    }

    /// `uvctl outside start`: a user interval opens, unless one is open already.
    public mutating func userStarts(at now: Date) -> OutsideChange? {
        guard !user else { return nil }
        user = true
        return .open(.user, at: now)
    }

    /// "I'm inside": whatever is open ends now.
    public mutating func inside(at now: Date) -> [OutsideChange] {
        var ended: [OutsideChange] = []
        if network {
            (network, insideWhileAway) = (false, true)
            ended.append(.close(.network, at: now))
        }
        if user {
            user = false
            ended.append(.close(.user, at: now))
        }
        return ended
    }

    /// Today's time outside was cleared: nothing is open.
    public mutating func cleared() {
        (network, user) = (false, false)
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

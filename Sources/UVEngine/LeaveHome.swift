import FoundationEssentials
import UVCore

/// Notices leaving home: the default route moves from home (Wi-Fi) to a cellular or tethered
/// connection and stays there for `debounce`. A brief hop through cellular is not leaving;
/// nor is the link dropping (`none`) and coming back on the same kind.
public struct LeaveHomeDetector: Sendable, Equatable, Codable {
    public var debounce: TimeInterval
    /// Whether a home Wi-Fi network is marked; without one, any Wi-Fi counts as home.
    public var homeMarked: Bool
    /// The last connection that lasted, and whether it was home.
    private var lastAtHome = false
    /// A move away from home, waiting out the debounce: since when.
    private var leavingSince: Date?

    public init(debounce: TimeInterval = 60, homeMarked: Bool = false) {
        self.debounce = debounce
        self.homeMarked = homeMarked
    }

    /// Reads what any release saved: a missing field takes its default.
    public init(from decoder: any Decoder) throws {
        let saved = try decoder.container(keyedBy: CodingKeys.self)
        self.init(debounce: try saved.decode(.debounce, absent: 60), homeMarked: try saved.decode(.homeMarked, absent: false))
        lastAtHome = try saved.decode(.lastAtHome, absent: false)
        leavingSince = try saved.decode(.leavingSince, absent: nil)
    }

    /// Takes a change of connection; returns when to call `confirm` if this may be leaving.
    public mutating func observe(_ state: NetworkState, at now: Date) -> Date? {
        if state.isHome(homeMarked: homeMarked) {
            lastAtHome = true
            leavingSince = nil
            return nil
        }
        switch state.kind {
        case .cellular where lastAtHome:
            if leavingSince == nil { leavingSince = now }
            return leavingSince.map { $0.addingTimeInterval(debounce) }
        case .none:
            // A dropped link decides nothing; what comes next does.
            return leavingSince.map { $0.addingTimeInterval(debounce) }
        case .cellular, .wired, .wifi:
            lastAtHome = false
            leavingSince = nil
            return nil
        }
    }

    /// True once, when the move away from home has lasted the debounce by `now`.
    public mutating func confirm(at now: Date) -> Bool {
        guard let since = leavingSince, now.timeIntervalSince(since) >= debounce else { return false }
        leavingSince = nil
        lastAtHome = false
        return true
    }
}

import FoundationEssentials

/// Where the person is, as every rule that interrupts reads it: *out* (away from home on a phone
/// or modem connection, or outside by their word: `uvctl outside start`, "I'm outside") or *in*
/// (on Wi-Fi or wired and not claimed out, or "I'm inside"). Made from the same time outside the
/// dose counts (`OutsideNow`), so the dose and the pop-ups can never disagree on it.
public enum Whereabouts: Sendable, Equatable, Codable {
    /// In: a pop-up that asks for the sun cannot be acted on here.
    case inside
    /// Out since that instant (the earliest interval of time outside still open).
    case out(since: Date)

    public var isOut: Bool {
        if case .out = self { true } else { false }
    }

    /// When the person went out; nil while in.
    public var outSince: Date? {
        if case .out(let since) = self { since } else { nil }
    }

    /// "at home", "out since 12:30": what the status, the tray and `uvctl watch` say, with
    /// `time` writing the instant on the place's clock.
    public func sentence(time: (Date) -> String) -> String {
        switch self {
        case .inside: tr("at home")
        case .out(let since): tr("out since %1$@", time(since))
        }
    }

    /// In or out, without the instant: what JSON and the history say.
    public enum State: String, Sendable {
        case inside = "in"
        case out
    }

    public var state: State { isOut ? .out : .inside }

    /// The word kept in JSON and history: `in` or `out`.
    public var word: String { state.rawValue }
}

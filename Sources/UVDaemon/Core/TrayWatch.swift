import FoundationEssentials
import UVNotify

/// The tray as the core knows it: the host that shows it (for `uvctl doctor`), whether it watches
/// what its menu offers, and what it was last given: told only when that changes.
struct TrayWatch: Sendable {
    /// The tray host, or nil when none is on the bus (or the tray is off).
    private(set) var host: TrayHost?
    /// Whether the tray runs at all (`[tray] enabled`, and a session bus): once it watches.
    private(set) var isWatched = false
    private var lastSent: TraySituation?

    var running: Bool { isWatched }

    /// The tray watches from now on, given `current` at once.
    mutating func watched(current: TraySituation) {
        isWatched = true
        lastSent = current
    }

    /// The watcher's owner changed: `host` shows the item now (nil: none is on the bus).
    mutating func shownBy(_ host: TrayHost?) { self.host = host }

    /// Whether `situation` is to be given: unless it is what was given last.
    mutating func changed(to situation: TraySituation) -> Bool {
        guard situation != lastSent else { return false }
        lastSent = situation
        return true
    }
}

import FoundationEssentials
import UVNotify

/// The tray as the core knows it: the host that shows it (for `uvctl doctor`) and the one
/// watcher of what its menu offers, told only when that changes.
struct TrayWatch {
    /// The tray host, or nil when none is on the bus (or the tray is off).
    private(set) var host: TrayHost?
    /// Whether the tray runs at all (`[tray] enabled`, and a session bus): once it is watched.
    private(set) var running = false
    private var continuation: AsyncStream<TraySituation>.Continuation?
    private var lastSent: TraySituation?

    var isWatched: Bool { continuation != nil }

    mutating func watch(_ continuation: AsyncStream<TraySituation>.Continuation, current: TraySituation) {
        running = true
        self.continuation = continuation
        lastSent = current
        continuation.yield(current)
    }

    /// The watcher's owner changed: `host` shows the item now (nil: none is on the bus).
    mutating func shownBy(_ host: TrayHost?) { self.host = host }

    mutating func send(_ situation: TraySituation) {
        guard situation != lastSent else { return }
        lastSent = situation
        continuation?.yield(situation)
    }
}

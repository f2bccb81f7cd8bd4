import FoundationEssentials
import UVProtocol

/// Who watches the status (`uvctl watch`, bars, the tray), and what they were last sent: a status
/// goes out only when it differs in more than its clock.
struct Watchers {
    private var streams: [UUID: AsyncStream<StatusInfo>.Continuation] = [:]
    /// The watchers that show the measured value as it changes (a bar's `uvctl watch`), for
    /// which stations are asked more often; the tray's icon is not one.
    private var wantingMeasurements: Set<UUID> = []
    private var lastSent: StatusInfo?

    var isEmpty: Bool { streams.isEmpty }

    var wantMeasurements: Bool { !wantingMeasurements.isEmpty }

    /// A new watcher, given `current` at once.
    mutating func add(
        _ id: UUID, _ continuation: AsyncStream<StatusInfo>.Continuation, current: StatusInfo, wantsMeasurements: Bool = true
    ) {
        continuation.yield(current)
        lastSent = current
        streams[id] = continuation
        if wantsMeasurements { wantingMeasurements.insert(id) }
    }

    mutating func remove(_ id: UUID) {
        streams[id] = nil
        wantingMeasurements.remove(id)
    }

    /// Sends `current` to every watcher unless only its time and age changed since the last one.
    mutating func send(_ current: StatusInfo) {
        var comparable = current
        comparable.now = lastSent?.now ?? current.now
        comparable.ageMinutes = lastSent?.ageMinutes ?? current.ageMinutes
        guard comparable != lastSent else { return }
        lastSent = current
        for continuation in streams.values { continuation.yield(current) }
    }
}

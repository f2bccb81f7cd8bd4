import FoundationEssentials
import UVProtocol

/// Who watches the status (`uvctl watch`, bars, the tray), as the core knows them, and what they
/// were last sent: a status goes out only when it differs in more than its clock. The shell holds
/// the streams; this decides when they hear.
struct Watchers: Sendable {
    private var watching: Set<UUID> = []
    /// The watchers that show the measured value as it changes (a bar's `uvctl watch`), for
    /// which stations are asked more often; the tray's icon is not one.
    private var wantingMeasurements: Set<UUID> = []
    private var lastSent: StatusInfo?

    var isEmpty: Bool { watching.isEmpty }

    var wantMeasurements: Bool { !wantingMeasurements.isEmpty }

    /// A new watcher, sent `current` at once.
    mutating func add(_ id: UUID, current: StatusInfo, wantsMeasurements: Bool) {
        lastSent = current
        watching.insert(id)
        if wantsMeasurements { wantingMeasurements.insert(id) }
    }

    mutating func remove(_ id: UUID) {
        watching.remove(id)
        wantingMeasurements.remove(id)
    }

    /// Whether `current` is to be sent: unless only its time and age changed since the last one.
    mutating func changed(to current: StatusInfo) -> Bool {
        var comparable = current
        comparable.now = lastSent?.now ?? current.now
        comparable.ageMinutes = lastSent?.ageMinutes ?? current.ageMinutes
        guard comparable != lastSent else { return false }
        lastSent = current
        return true
    }
}

import FoundationEssentials
import UVCore
import UVEngine

/// One line of `uvctl history`: a notification shown or withdrawn, or a button pressed.
public struct HistoryEntry: Sendable, Equatable, Codable {
    public var time: Date
    public var kind: HistoryKind
    public var subject: Subject
    /// For `notified`: the summary and body shown.
    public var summary: String?
    public var body: String?
    /// For `pressed`: the button's key (`applied`, `remind`, `not-today`, `closed`, …).
    public var key: String?
    /// The time zone whose clock the text was written on (nil in entries from before it was kept).
    public var zone: ZoneName?

    public init(
        time: Date, kind: HistoryKind, subject: Subject, summary: String? = nil, body: String? = nil, key: String? = nil,
        zone: ZoneName? = nil
    ) {
        self.time = time
        self.kind = kind
        self.subject = subject
        self.summary = summary
        self.body = body
        self.key = key
        self.zone = zone
    }
}

/// What a starting uvd found of the rules' saved state.
public enum SavedEngineState: Sendable {
    /// Nothing saved yet: a first start.
    case none
    case read(EngineState)
    /// Saved, but not readable by this release: kept aside, and why.
    case setAside(SavedStateProblem)
}

/// Saved state that could not be read and was set aside: said in the log, `uvctl status` and
/// `uvctl doctor`.
public struct SavedStateProblem: Sendable, Equatable {
    /// What it was, as a person names it.
    public var what: String
    /// Why it could not be read (the decoder's words).
    public var reason: String
    /// Where it is kept now.
    public var keptAs: String

    public init(what: String, reason: String, keptAs: String) {
        self.what = what
        self.reason = reason
        self.keptAs = keptAs
    }

    /// One clause for the log, `uvctl status` and `uvctl doctor`.
    public var summary: String {
        tr("%1$@ could not be read (%2$@); it is kept as %3$@ in the store and the rules started afresh", what, reason, keptAs)
    }
}

/// The notification server's ids for the subjects on screen, and the server (its unique bus
/// name) that gave them: ids of any other server are not uvd's.
public struct NotificationIDs: Sendable, Equatable {
    public var ids: [Subject: UInt32]
    public var owner: String?

    public init(ids: [Subject: UInt32] = [:], owner: String? = nil) {
        self.ids = ids
        self.owner = owner
    }
}

/// A button press kept before the engine has taken it.
public struct PendingAction: Sendable, Equatable {
    public var id: Int64
    public var entry: HistoryEntry
}

extension Store {
    /// How long history is kept: 90 days.
    static let historyKept: TimeInterval = 90 * 86_400

    /// The rule engine's state, as last saved; nil before the first step.
    public func engineState() throws -> EngineState? {
        try read { db in
            try db.firstRow("SELECT value FROM setting WHERE key = 'engine'").map { try Coding.decode(EngineState.self, $0.text("value")) }
        }
    }

    /// The rule engine's saved state for a starting uvd. A state this release cannot read (written
    /// by a release whose fields it does not know how to read, or damaged) is not dropped: it is
    /// kept under `engine.unreadable-SECONDS` in the same table, where a later release or a
    /// person can still read it, and what happened is said.
    public func restoreEngineState(now: Date) throws -> SavedEngineState {
        try write { db in
            guard let text = try db.firstRow("SELECT value FROM setting WHERE key = 'engine'")?.text("value") else { return .none }
            do {
                return .read(try Coding.decode(EngineState.self, text))
            } catch {
                let aside = "engine.unreadable-\(Int(now.timeIntervalSince1970))"
                try db.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", [.text(aside), .text(text)])
                try db.execute("DELETE FROM setting WHERE key = 'engine'")
                return .setAside(SavedStateProblem(what: tr("the rules' saved state"), reason: "\(error)", keptAs: "setting " + aside))
            }
        }
    }

    /// The engine's state, what it said and the presses it handled, within a transaction
    /// (`save(_: StoreChanges)`).
    static func putEngineStep(_ state: EngineState?, entries: [HistoryEntry], handled presses: [Int64], _ db: SQLiteConnection) throws {
        if let state { try putSetting("engine", state, db) }
        for entry in entries { try insert(entry, handled: true, db) }
        if let newest = entries.last {
            try db.execute("DELETE FROM history WHERE handled = 1 AND time < ?", [.real(newest.time.timeIntervalSince1970 - historyKept)])
        }
        for press in presses { try db.execute("UPDATE history SET handled = 1 WHERE id = ?", [.integer(press)]) }
    }

    /// Keeps a button press, not yet handled, as uvd 0.1 kept each before handling it; returns its
    /// id for `StoreChanges.handledPresses`. uvd now keeps a press with its handling, in one
    /// transaction; rows like these, left by 0.1, are what `pendingPresses` replays at start.
    public func recordPress(_ entry: HistoryEntry) throws -> Int64 {
        try write { db in
            try Self.insert(entry, handled: false, db)
            return db.lastInsertedRowID
        }
    }

    /// Presses kept but never handled (the daemon stopped in between), oldest first.
    public func pendingPresses() throws -> [PendingAction] {
        try read { db in
            try db.rows("SELECT id, value FROM history WHERE handled = 0 ORDER BY id").map {
                PendingAction(id: try $0.integer("id"), entry: try Coding.decode(HistoryEntry.self, $0.text("value")))
            }
        }
    }

    /// Every entry from `start` on, oldest first.
    public func history(since start: Date) throws -> [HistoryEntry] {
        try read { db in
            try db.rows("SELECT value FROM history WHERE time >= ? ORDER BY id", [.real(start.timeIntervalSince1970)])
                .map { try Coding.decode(HistoryEntry.self, $0.text("value")) }
        }
    }

    /// The latest `limit` entries, oldest first.
    public func history(limit: Int) throws -> [HistoryEntry] {
        try read { db in
            try db.rows("SELECT value FROM (SELECT id, value FROM history ORDER BY id DESC LIMIT ?) ORDER BY id", [.integer(Int64(limit))])
                .map { try Coding.decode(HistoryEntry.self, $0.text("value")) }
        }
    }

    /// The notification server's id for each subject on screen and the server that gave them,
    /// so that a restarted uvd replaces its notifications instead of adding a second.
    public func notificationIDs() throws -> NotificationIDs {
        let written: [String: UInt32] = try setting("notificationIDs") ?? [:]
        return NotificationIDs(
            ids: Dictionary(written.map { (Subject($0.key), $0.value) }) { first, _ in first },
            owner: try setting("notificationServerOwner"))
    }

    /// Within a transaction (`save(_: StoreChanges)`).
    static func putNotificationIDs(_ kept: NotificationIDs, _ db: SQLiteConnection) throws {
        let written = Dictionary(kept.ids.map { ($0.key.description, $0.value) }) { first, _ in first }
        try putSetting("notificationIDs", written.isEmpty ? nil : written, db)
        try putSetting("notificationServerOwner", kept.owner, db)
    }

    /// The network marked as home (`uvctl home set`), by the id the network watch gives it.
    public func homeNetwork() throws -> String? {
        try setting("homeNetwork")
    }

    private static func insert(_ entry: HistoryEntry, handled: Bool, _ db: SQLiteConnection) throws {
        try db.execute(
            "INSERT INTO history (time, kind, subject, value, handled) VALUES (?, ?, ?, ?, ?)",
            [
                .real(entry.time.timeIntervalSince1970), .text(entry.kind.rawValue), .text(entry.subject.description),
                .text(Coding.encode(entry)), .integer(handled ? 1 : 0),
            ])
    }
}

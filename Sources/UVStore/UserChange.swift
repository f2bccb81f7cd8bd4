import FoundationEssentials
import UVCore

/// A change a user's command makes to what is kept: kept with the event's other changes in its
/// one transaction (`StoreChanges.userChanges`), never on its own.
public enum UserChange: Sendable, Equatable {
    /// The home Wi-Fi's network id (`uvctl home set`), or none (`home clear`).
    case homeNetwork(String?)
    /// The place set by hand (`uvctl location set`), or none (`location clear`).
    case manualPlace(Place?)
    /// A saved location, under its name (`uvctl location add`; the same name is replaced).
    case savePlace(Place)
    /// The saved location of exactly this name goes (`uvctl location remove`).
    case removePlace(named: String)
    /// The application on record ends at this time (`uvctl sunscreen remove`).
    case sunscreenRemoved(at: Date)
    /// A swim or towelling at this time, on every application on record (`uvctl sunscreen water`).
    case waterEvent(at: Date)
    /// The family besides the user, whole, in order (`uvctl family add`, `set`, `remove`).
    case family([FamilyMember])
    /// The family not out (`uvctl family off`), or out again (nil: `family on`).
    case familyAway(FamilyAway?)
}

extension Store {
    static func put(_ change: UserChange, _ db: SQLiteConnection) throws {
        switch change {
        case .homeNetwork(let id):
            try putSetting("homeNetwork", id, db)
        case .manualPlace(let place):
            try putSetting("manualPlace", place.map(approximate), db)
        case .savePlace(let place):
            try db.execute(
                "INSERT OR REPLACE INTO savedPlace (name, value) VALUES (?, ?)",
                [.text(place.name), .text(Coding.encode(approximate(place)))])
        case .removePlace(let name):
            try db.execute("DELETE FROM savedPlace WHERE name = ?", [.text(name)])
        case .sunscreenRemoved(let at):
            try db.execute("UPDATE sunscreen SET removedAt = ? WHERE removedAt IS NULL", [.real(at.timeIntervalSince1970)])
        case .waterEvent(let at):
            for row in try db.rows("SELECT id, value FROM sunscreen WHERE removedAt IS NULL") {
                var application = try Coding.decode(SunscreenApplication.self, row.text("value"))
                application.waterEventAt = at
                try db.execute(
                    "UPDATE sunscreen SET value = ? WHERE id = ?", [.text(Coding.encode(application)), .integer(row.integer("id"))])
            }
        case .family(let members):
            try putSetting("family", members.isEmpty ? nil : members, db)
        case .familyAway(let away):
            try putSetting("familyAway", away, db)
        }
    }
}

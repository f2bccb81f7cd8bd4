import UVCore
import UVProtocol

/// What the daemon declines to do, and why, in its own terms. `ControlService` turns it into the
/// `io.uvd` error of the same name: the control edge is the only place a varlink error is made.
struct Refusal: Error, Equatable {
    /// Every reason, named as `io.uvd` declares it (`DeclaredErrorsTests` checks the text).
    enum Reason: String, CaseIterable {
        case invalidValue = "InvalidValue"
        case noSuchPlace = "NoSuchPlace"
        case noSunscreen = "NoSunscreen"
        case storeFailed = "StoreFailed"
        case configInvalid = "ConfigInvalid"
        case notOnWifi = "NotOnWifi"
        case networkUnknown = "NetworkUnknown"
        case refreshRefused = "RefreshRefused"
    }

    let reason: Reason
    let message: String

    init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    var varlinkError: VarlinkError { .uvd(name: reason.rawValue, message: message) }
}

extension Refusal {
    /// Nothing to change: no sunscreen is on record.
    static var noSunscreen: Refusal { Refusal(.noSunscreen, tr("no sunscreen on record; record one with uvctl sunscreen apply")) }

    /// The store (the database at `file`) could not keep what was asked, so nothing of it was
    /// changed.
    static func couldNotSave(_ error: any Error, file: String) -> Refusal {
        couldNotSave(String(describing: error), file: file)
    }

    /// The same, for the store's problem as said.
    static func couldNotSave(_ problem: String, file: String) -> Refusal {
        Refusal(
            .storeFailed,
            tr(
                "could not save to %1$@: %2$@; nothing was changed (try again once uvd's state can be written)", file, problem))
    }

    /// The core's reply to `command` is not of the kind the call reads (`CommandAnswer`): a
    /// mistake in uvd, said as one, never an answer made up. What the command changed stands.
    static func unanswered(_ command: CoreCommand) -> Refusal {
        Refusal(
            .invalidValue,
            tr("uvd did this, but its answer was of another kind (a mistake in uvd; please report it): %1$@", String(describing: command)))
    }
}

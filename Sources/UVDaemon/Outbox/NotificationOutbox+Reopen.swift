import UVEngine
import UVNotify

/// Prompts that a server's tray keeps without their buttons.
extension NotificationOutbox {
    /// A click on a prompt, which in GNOME Shell's message tray has lost its buttons: it is shown
    /// again afresh, a banner with its buttons, and the clicked entry closed. Not an answer, and
    /// not a withdrawal: the rules never hear of it.
    func reopen(_ subject: Subject, from id: UInt32) {
        guard let alert = shown[subject], !alert.buttons.isEmpty else { return }
        ids[subject] = nil
        shown[subject] = nil
        strays.insert(id)
        reportIDs()
        if waiting[subject] == nil { waiting[subject] = alert }
        askedFor.insert(subject)
        kick()
    }
}

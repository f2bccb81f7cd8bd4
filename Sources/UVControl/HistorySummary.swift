import UVCore
import UVEngine
import UVProtocol

/// What people did with each rule's pop-ups over some days, counted from the history uvd already
/// keeps (`uvctl history --summary`): how many were shown, each button pressed, dismissed, gone
/// by themselves (expired) or taken back by uvd (withdrawn), and how many the rule held. Nothing
/// is sent anywhere; the product's target of 40 % "Applied" on leave-home prompts can be read here.
struct HistorySummary: Encodable, Equatable {
    /// One rule's counts.
    struct RuleCounts: Encodable, Equatable {
        var rule: String
        var shown = 0
        /// Each button's key and how many times it was pressed, in the order buttons are listed.
        var pressed: [ButtonCount] = []
        var dismissed = 0
        var expired = 0
        var withdrawn = 0
        var held = 0
    }

    struct ButtonCount: Encodable, Equatable {
        var button: String
        var count: Int
    }

    var days: Int
    var rules: [RuleCounts]

    /// The counts of `entries` (from the last `days`), each rule in `Rule.known`' order; a rule
    /// with nothing to count is left out. Entries of no rule (the test notification) are not counted.
    init(_ entries: [HistoryInfo], days: Int) {
        self.days = days
        var counts = Rule.known.map { RuleCounts(rule: $0.rawValue) }
        for entry in entries {
            guard let rule = Subject(entry.subject).rule, let index = Rule.known.firstIndex(of: rule) else { continue }
            switch entry.kind {
            case .notified: counts[index].shown += 1
            case .dismissed: counts[index].dismissed += 1
            case .expired: counts[index].expired += 1
            case .withdrawn: counts[index].withdrawn += 1
            case .held: counts[index].held += 1
            case .pressed:
                let key = entry.key ?? "?"
                if let button = counts[index].pressed.firstIndex(where: { $0.button == key }) {
                    counts[index].pressed[button].count += 1
                } else {
                    counts[index].pressed.append(ButtonCount(button: key, count: 1))
                }
            }
        }
        for index in counts.indices {
            counts[index].pressed.sort { Self.order($0.button) < Self.order($1.button) }
        }
        rules = counts.filter { $0.shown + $0.dismissed + $0.expired + $0.withdrawn + $0.held + $0.pressed.count > 0 }
    }

    /// A button's place in the list: the order buttons are shown in, unknown keys last.
    private static func order(_ key: String) -> Int {
        AlertAction(key: key).flatMap { AlertAction.allCases.firstIndex(of: $0) } ?? AlertAction.allCases.count
    }

    /// "leave-home: 12 shown, 7 Applied (58 %), 2 In 15 min, 3 dismissed", a line a rule.
    var lines: [String] {
        rules.map { counts in
            var parts = [tr("%1$@ shown", counts.shown)]
            for press in counts.pressed {
                let label = AlertAction(key: press.button).map(Self.label) ?? press.button
                parts.append(
                    counts.shown > 0
                        ? tr("%1$@ %2$@ (%3$@ %)", press.count, label, (100 * press.count + counts.shown / 2) / counts.shown)
                        : tr("%1$@ %2$@", press.count, label))
            }
            if counts.dismissed > 0 { parts.append(tr("%1$@ dismissed", counts.dismissed)) }
            if counts.expired + counts.withdrawn > 0 { parts.append(tr("%1$@ expired or withdrawn", counts.expired + counts.withdrawn)) }
            if counts.held > 0 { parts.append(tr("%1$@ held", counts.held)) }
            return "\(counts.rule): " + parts.joined(separator: ", ")
        }
    }

    /// A button's label as the notification showed it.
    private static func label(_ action: AlertAction) -> String {
        Presenter(zone: .utc, twelveHour: false).label(action)
    }
}

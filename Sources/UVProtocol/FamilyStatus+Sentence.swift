import UVCore

/// `uvctl status`'s and the tray's family line: one wording, from one place.
extension FamilyStatusInfo {
    /// The family in one line, the one who burns first named first: "Mia burns first: about 9
    /// min; you: 25 min". A baby under 6 months is not timed: "Leo (4 months): keep out of
    /// direct sun"; one under 12 months is told so too while UV is 3 or more.
    /// The user's name in `people` and `firstToBurn`, whatever the daemon's language.
    public static let you = "you"

    public var sentence: String {
        // The user is "you" on the wire; said in the reader's language here.
        let name = { (person: PersonBurnInfo) in person.you ? tr("you") : person.name }
        let keepOut = { (person: PersonBurnInfo) in tr("%1$@ (%2$@ months): keep out of direct sun", person.name, person.ageMonths ?? 0) }
        let first = firstToBurn.flatMap { wanted in people.first { $0.you ? wanted == Self.you : $0.name == wanted } }
        let others = people.filter { $0 != first }.map { person -> String in
            if person.keepOutOfSun { return keepOut(person) }
            guard let minutes = person.burnTimeMinutes else { return tr("%1$@: no burn risk", name(person)) }
            return minutes >= 240 ? tr("%1$@: %2$@ min or more", name(person), minutes) : tr("%1$@: %2$@ min", name(person), minutes)
        }
        guard let first, let minutes = first.burnTimeMinutes else {
            let babies = people.filter(\.keepOutOfSun).map(keepOut)
            return ([tr("No one burns within %1$@ min", Int(BurnTime.limits.upperBound))] + babies).joinedText(
                separator: DisplayLocale.current.clauseSeparator)
        }
        let lead = first.you ? tr("You burn first: about %1$@ min", minutes) : tr("%1$@ burns first: about %2$@ min", first.name, minutes)
        return ([lead] + (first.keepOutOfSun ? [keepOut(first)] : []) + others).joinedText(separator: DisplayLocale.current.clauseSeparator)
    }
}

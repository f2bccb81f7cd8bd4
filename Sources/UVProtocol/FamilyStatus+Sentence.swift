import UVCore

/// `uvctl status`'s and the tray's family line: one wording, from one place.
extension FamilyStatusInfo {
    /// The family in one line, the one who burns first named first: "Mia burns first: about 9
    /// min; you: 25 min". A baby under 6 months is not timed: "Leo (4 months): keep out of
    /// direct sun"; one under 12 months is told so too while UV is 3 or more.
    public var sentence: String {
        let keepOut = { (person: PersonBurnInfo) in tr("%1$@ (%2$@ months): keep out of direct sun", person.name, person.ageMonths ?? 0) }
        let first = people.first { $0.name == firstToBurn }
        let others = people.filter { $0 != first }.map { person -> String in
            if person.keepOutOfSun { return keepOut(person) }
            guard let minutes = person.burnTimeMinutes else { return tr("%1$@: no burn risk", person.name) }
            return minutes >= 240 ? tr("%1$@: %2$@ min or more", person.name, minutes) : tr("%1$@: %2$@ min", person.name, minutes)
        }
        guard let first, let minutes = first.burnTimeMinutes else {
            let babies = people.filter(\.keepOutOfSun).map(keepOut)
            return ([tr("No one burns within %1$@ min", Int(BurnTime.limits.upperBound))] + babies).joined(separator: "; ")
        }
        let lead = first.you ? tr("You burn first: about %1$@ min", minutes) : tr("%1$@ burns first: about %2$@ min", first.name, minutes)
        return ([lead] + (first.keepOutOfSun ? [keepOut(first)] : []) + others).joined(separator: "; ")
    }
}

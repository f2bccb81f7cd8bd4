/// A family written on one line, `NAME:TYPE[:YYYY-MM],…` (`uvctl simulate --family`), read with
/// the same checks as `uvctl family add`: a name of 1 to 32 characters with no control character,
/// a skin type I to VI or 1 to 6, a birth month YYYY-MM, no name twice.
public enum FamilyList {
    /// Why the text cannot be read, in words naming the entry and what would be right.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func members(_ text: String) -> Result<[FamilyMember], Problem> {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard entries.count <= FamilyMember.largestFamily else {
            return .failure(
                Problem(description: tr("--family: at most %1$@ people besides you (got %2$@).", FamilyMember.largestFamily, entries.count))
            )
        }
        var members: [FamilyMember] = []
        for entry in entries {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard (2...3).contains(parts.count) else {
                return .failure(
                    Problem(description: tr("--family '%1$@': each person is NAME:TYPE or NAME:TYPE:YYYY-MM, e.g. Mia:I:2019-06.", entry)))
            }
            let name: String
            switch FamilyMember.checkedName(parts[0]) {
            case .success(let checked): name = checked
            case .failure(let problem): return .failure(Problem(description: tr("--family '%1$@': %2$@", entry, problem.description)))
            }
            guard let skinType = SkinType(parsing: parts[1]) else {
                return .failure(Problem(description: tr("--family '%1$@': the skin type must be I to VI (or 1 to 6).", entry)))
            }
            var born: BirthMonth?
            if parts.count == 3 {
                guard let month = BirthMonth(parsing: parts[2]) else {
                    return .failure(Problem(description: tr("--family '%1$@': the birth month must be YYYY-MM, e.g. 2019-06.", entry)))
                }
                born = month
            }
            guard !members.contains(where: { $0.name.lowercased() == name.lowercased() }) else {
                return .failure(Problem(description: tr("--family '%1$@': %2$@ is named twice.", entry, name)))
            }
            members.append(FamilyMember(name: name, skinType: skinType, born: born))
        }
        return .success(members)
    }
}

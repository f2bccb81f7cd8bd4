import FoundationEssentials

/// The two dates uvd writes for people: `shortDay` (`Mon 23 Nov`, `lun. 23 nov.`, `11月23日(月)`)
/// and `longDay` (`Monday 23 November 2026`, `lunes, 23 de noviembre de 2026`).
public enum DateLength: Sendable {
    /// CLDR's skeleton `EEEdMMM`; uvd's English `EEE d MMM`.
    case shortDay
    /// CLDR's skeleton `EEEEdMMMMyyyy`; uvd's English `EEEE d MMMM yyyy`.
    case longDay
}

/// Writes a date by a CLDR pattern with a locale's names (`DateForms`), on a zone's clock.
///
/// Only the pattern letters CLDR's patterns for uvd's two skeletons use are known: `E`–`EEE` and
/// `EEEE` (weekday), `d`/`dd` (day), `M`/`MM`, `MMM`, `MMMM` (month), `y`/`yyyy` (year), text in
/// single quotes (`''` is a quote); any other character is written as it is. The calendar is the
/// proleptic Gregorian one (`CivilDate`), as it is for every locale uvd speaks.
enum DatePattern {
    static func format(_ date: Date, pattern: String, names: DateForms.Names, in zone: Zone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: date)
        let days = CivilDate.days(ofSeconds: seconds)
        let (year, month, day) = CivilDate.date(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday: weekday 4, counting from Sunday.
        let weekday = ((days % 7) + 7 + 4) % 7
        let letters = Array(pattern)
        var text = ""
        var index = 0
        while index < letters.count {
            let letter = letters[index]
            if letter == "'" {
                index = quoted(letters, from: index, into: &text)
                continue
            }
            var run = 1
            while index + run < letters.count, letters[index + run] == letter { run += 1 }
            switch letter {
            case "E": text += run >= 4 ? names.weekdays[weekday] : names.shortWeekdays[weekday]
            case "d": text += day.zeroPadded(run)
            case "M" where run <= 2: text += month.zeroPadded(run)
            case "M": text += run == 3 ? names.shortMonths[month - 1] : names.months[month - 1]
            case "y": text += run == 2 ? (year % 100).zeroPadded(2) : year.zeroPadded(run)
            default: text += String(repeating: letter, count: run)
            }
            index += run
        }
        return text
    }

    /// Writes the literal text that starts with the quote at `start` (`'de'`, or `''` for one
    /// quote; inside, `''` is one quote); returns the index past its closing quote.
    private static func quoted(_ letters: [Character], from start: Int, into text: inout String) -> Int {
        if start + 1 < letters.count, letters[start + 1] == "'" {
            text.append("'")
            return start + 2
        }
        var index = start + 1
        while index < letters.count {
            if letters[index] == "'" {
                guard index + 1 < letters.count, letters[index + 1] == "'" else { return index + 1 }
                index += 1
            }
            text.append(letters[index])
            index += 1
        }
        return index
    }
}

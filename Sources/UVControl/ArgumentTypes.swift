import ArgumentParser
import UVCore
import UVEngine

extension SkinType: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.numeral) }
    public var defaultValueDescription: String { numeral }
}

extension SPF: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.argument) }
    public var defaultValueDescription: String { argument }
}

extension BirthMonth: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public var defaultValueDescription: String { description }
}

extension SunscreenQuantity: ExpressibleByArgument {}
extension SkinExposure: ExpressibleByArgument {}
extension SunscreenActivity: ExpressibleByArgument {}
extension WindowSetting: ExpressibleByArgument {}

/// A length of time as people type it: `15m`, `2h`, `1h30m`, or a bare number of minutes.
struct Minutes: ExpressibleByArgument, Equatable {
    let value: Int

    init?(argument: String) {
        let text = argument.lowercased()
        if let bare = Int(text) {
            guard bare > 0 else { return nil }
            value = bare
            return
        }
        var total = 0
        var digits = ""
        for character in text {
            if character.isNumber {
                digits.append(character)
            } else if let number = Int(digits), character == "h" || character == "m" {
                total += character == "h" ? number * 60 : number
                digits = ""
            } else {
                return nil
            }
        }
        guard digits.isEmpty, total > 0 else { return nil }
        value = total
    }

    static var defaultCompletionKind: CompletionKind { .list(["15m", "30m", "1h", "2h"]) }
}

extension Rule: ExpressibleByArgument {
    public static var allValueStrings: [String] { known.map(\.rawValue) }
}

/// `--date YYYY-MM-DD` of `uvctl dose` and `outside`: read here, once (`day`), and refused here
/// when it is no date of the calendar.
struct DayOption: ParsableArguments {
    @Option(help: ArgumentHelp(tr("The day, YYYY-MM-DD."))) var date: String?

    /// The day given, or nil for today.
    var day: CalendarDate? { date.flatMap(CalendarDate.init(parsing:)) }

    func validate() throws {
        if let date, day == nil { throw ValidationError(DayOption.refusal(date)) }
    }

    /// "--date '2026-02-30' is not a calendar date: …".
    static func refusal(_ date: String) -> String {
        tr("--date '%1$@' is not a calendar date: use YYYY-MM-DD, e.g. 2026-10-04.", date)
    }
}

/// The `HH:MM-HH:MM` of `uvctl outside add` and `remove`: read here, once (`clockSpan`).
struct SpanArgument: ParsableArguments {
    @Argument(help: ArgumentHelp(tr("The span, HH:MM-HH:MM, on the day's clock."))) var span: String

    /// The span given; validated before any use.
    var clockSpan: ClockSpan? { ClockSpan(parsing: span) }

    func validate() throws {
        guard clockSpan != nil else {
            throw ValidationError(tr("'%1$@' is not a span of the day: use HH:MM-HH:MM, the start before the end", span))
        }
    }
}

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
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

import ArgumentParser
import UVCore

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

extension SunscreenQuantity: ExpressibleByArgument {}
extension SunscreenActivity: ExpressibleByArgument {}
extension WindowSetting: ExpressibleByArgument {}

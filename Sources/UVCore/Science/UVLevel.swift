/// The WHO UV index exposure categories (Global Solar UV Index: A Practical Guide, WHO 2002).
///
/// A reading is classified by its value rounded to the nearest whole number, as the index is reported.
public enum UVLevel: String, Sendable, CaseIterable, Codable {
    case low, moderate, high, veryHigh, extreme

    public init(uvi: Double) {
        switch max(0, uvi).rounded() {
        case ..<3: self = .low
        case ..<6: self = .moderate
        case ..<8: self = .high
        case ..<11: self = .veryHigh
        default: self = .extreme
        }
    }

    /// The category's name as WHO writes it.
    public var name: String {
        switch self {
        case .low: tr("Low")
        case .moderate: tr("Moderate")
        case .high: tr("High")
        case .veryHigh: tr("Very high")
        case .extreme: tr("Extreme")
        }
    }

    /// The index values the category covers, as printed on the WHO scale.
    public var range: String {
        switch self {
        case .low: "0–2"
        case .moderate: "3–5"
        case .high: "6–7"
        case .veryHigh: "8–10"
        case .extreme: "11+"
        }
    }

    /// The WHO colour name.
    public var colorName: String {
        switch self {
        case .low: tr("green")
        case .moderate: tr("yellow")
        case .high: tr("orange")
        case .veryHigh: tr("red")
        case .extreme: tr("violet")
        }
    }

    /// The WHO colour as `#RRGGBB` (the guide's recommended print colours).
    public var hexColor: String {
        switch self {
        case .low: "#289500"
        case .moderate: "#F7E400"
        case .high: "#F85900"
        case .veryHigh: "#D8001D"
        case .extreme: "#6B49C8"
        }
    }

    /// The nearest colour of the 256-colour terminal palette, for terminals.
    public var terminalColor: Int {
        switch self {
        case .low: 34
        case .moderate: 220
        case .high: 202
        case .veryHigh: 160
        case .extreme: 98
        }
    }

    /// The WHO protection advice for the category.
    public var advice: String {
        switch self {
        case .low: tr("You can safely stay outside.")
        case .moderate, .high: tr("Seek shade during midday hours. Slip on a shirt, slop on sunscreen, slap on a hat.")
        case .veryHigh, .extreme: tr("Avoid being outside during midday hours. Shirt, sunscreen and hat are a must.")
        }
    }
}

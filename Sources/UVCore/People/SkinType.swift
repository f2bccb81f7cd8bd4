import FoundationEssentials

/// Fitzpatrick skin phototype, I (always burns) to VI (never burns).
public enum SkinType: Int, Sendable, CaseIterable, Codable, Comparable {
    case I = 1
    case II, III, IV, V, VI

    /// Roman numeral, as the scale is written.
    public var numeral: String {
        switch self {
        case .I: tr("I")
        case .II: tr("II")
        case .III: tr("III")
        case .IV: tr("IV")
        case .V: tr("V")
        case .VI: tr("VI")
        }
    }

    /// What may be written, as every help and refusal says it.
    public static var choices: String { tr("I, II, III, IV, V or VI") }

    /// Accepts a Roman numeral (any case) or the digits 1–6.
    public init?(parsing text: String) {
        let trimmed = text.trimmingSpaces()
        if let number = Int(trimmed), let type = SkinType(rawValue: number) {
            self = type
        } else if let type = SkinType.allCases.first(where: { $0.numeral == trimmed.uppercased() }) {
            self = type
        } else {
            return nil
        }
    }

    /// Minimal erythemal dose in J/m² (erythemally weighted) used as the burn-time baseline.
    public var minimalErythemalDose: Double {
        switch self {
        case .I: 200
        case .II: 250
        case .III: 300
        case .IV: 450
        case .V: 600
        case .VI: 1000
        }
    }

    /// How the type is usually described.
    public var summary: String {
        switch self {
        case .I: tr("Pale white skin; always burns, never tans")
        case .II: tr("White skin; burns easily, tans minimally")
        case .III: tr("Light brown skin; burns moderately, tans gradually")
        case .IV: tr("Moderate brown skin; burns minimally, tans well")
        case .V: tr("Dark brown skin; rarely burns, tans deeply")
        case .VI: tr("Deeply pigmented dark brown to black skin; never burns")
        }
    }

    public static func < (lhs: SkinType, rhs: SkinType) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Which threshold the sunscreen window uses, as users write it: `3`, `6` or `personal`.
public enum WindowSetting: String, Sendable, CaseIterable, Codable {
    case uvi3 = "3"
    case uvi6 = "6"
    case personal

    public func threshold(for skin: SkinType) -> WindowThreshold {
        switch self {
        case .uvi3: .uvi3
        case .uvi6: .uvi6
        case .personal: .personalised(skin)
        }
    }
}

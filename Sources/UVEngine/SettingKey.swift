import FoundationEssentials
import UVCore

/// One documented key of `config.toml`: where it lives, what it accepts, how it sets `Root`
/// (the whole configuration, or the engine's settings for a rule's key) and how it reads back.
/// A rule declares its section's keys beside its code (`EngineRule.settingKeys`).
public struct SettingKey<Root>: Sendable {
    public let path: String
    /// What may be written, as a refusal says it.
    public let expected: String
    /// Sets `Root` from `value`; false when the value is not one the key accepts.
    public let apply: @Sendable (inout Root, SettingValue) -> Bool
    /// The value in force, as `uvctl config` prints it.
    public let show: @Sendable (Root) -> String
    /// For a key that no longer decides anything: what does its work now. Such a key is accepted
    /// whatever its value, with a warning, so that a configuration written for an earlier uvd loads.
    public let replacedBy: String?

    public init(
        path: String, expected: String, apply: @escaping @Sendable (inout Root, SettingValue) -> Bool,
        show: @escaping @Sendable (Root) -> String, replacedBy: String? = nil
    ) {
        self.path = path
        self.expected = expected
        self.apply = apply
        self.show = show
        self.replacedBy = replacedBy
    }

    /// The same key setting the `Outer` that holds its root at `keyPath` (a rule's key in the
    /// whole configuration).
    public func within<Outer>(_ keyPath: WritableKeyPath<Outer, Root> & Sendable) -> SettingKey<Outer> {
        let (apply, show) = (self.apply, self.show)
        return SettingKey<Outer>(
            path: path, expected: expected, apply: { outer, value in apply(&outer[keyPath: keyPath], value) },
            show: { show($0[keyPath: keyPath]) }, replacedBy: replacedBy)
    }
}

/// A TOML value reduced to what the keys need.
public enum SettingValue: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case list([SettingValue])
    case other(String)

    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}

extension SettingKey {
    public static func boolean(_ path: String, _ keyPath: WritableKeyPath<Root, Bool> & Sendable) -> SettingKey {
        SettingKey(
            path: path, expected: tr("true or false"),
            apply: { root, value in
                guard case .boolean(let flag) = value else { return false }
                root[keyPath: keyPath] = flag
                return true
            }, show: { String($0[keyPath: keyPath]) })
    }

    public static func minutes(_ path: String, _ range: ClosedRange<Int>, _ keyPath: WritableKeyPath<Root, TimeInterval> & Sendable)
        -> SettingKey
    {
        SettingKey(
            path: path, expected: tr("a whole number of minutes from %1$@ to %2$@", range.lowerBound, range.upperBound),
            apply: { root, value in
                guard case .integer(let minutes) = value, range.contains(minutes) else { return false }
                root[keyPath: keyPath] = TimeInterval(minutes * 60)
                return true
            }, show: { String(Int($0[keyPath: keyPath] / 60)) })
    }

    /// Where a rule's news goes while the person is in: "glance" or "pop-up" (`IndoorsSetting`).
    public static func indoors(_ path: String, _ keyPath: WritableKeyPath<Root, IndoorsSetting> & Sendable) -> SettingKey {
        SettingKey(
            path: path, expected: tr("\"glance\" (the tray, uvctl status and waybar) or \"pop-up\""),
            apply: { root, value in
                guard case .string(let text) = value, let choice = IndoorsSetting(rawValue: text) else { return false }
                root[keyPath: keyPath] = choice
                return true
            }, show: { "\"\($0[keyPath: keyPath].rawValue)\"" })
    }

    public static func number(_ path: String, _ range: ClosedRange<Double>, _ keyPath: WritableKeyPath<Root, Double> & Sendable)
        -> SettingKey
    {
        SettingKey(
            path: path, expected: tr("a number from %1$@ to %2$@", range.lowerBound.plain, range.upperBound.plain),
            apply: { root, value in
                guard let number = value.number, range.contains(number) else { return false }
                root[keyPath: keyPath] = number
                return true
            }, show: { $0[keyPath: keyPath].plain })
    }
}

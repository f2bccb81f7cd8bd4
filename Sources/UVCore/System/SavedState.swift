import FoundationEssentials

/// Reading state that an older or newer uvd saved.
///
/// Every structure uvd keeps as JSON (the rules' state, the profile, a sunscreen application)
/// decodes through these: a field the saving release did not have takes its default, a field it
/// had that this release does not know is ignored (JSON decoding skips unknown keys), and only a
/// field that is there but cannot be read fails the whole value, which the store then reports and
/// sets aside (never drops silently). Synthesised `Codable` throws on a missing field, so a new
/// field would otherwise lose everything saved before it.
extension KeyedDecodingContainer {
    /// The value under `key`, or `fallback` when the saved state has no such field.
    public func decode<Value: Decodable>(_ key: Key, absent fallback: @autoclosure () -> Value) throws -> Value {
        try decodeIfPresent(Value.self, forKey: key) ?? fallback()
    }
}

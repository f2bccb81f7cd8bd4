import FoundationEssentials

/// A compiled gettext catalog (`.mo`, GNU gettext manual §10.3 "The Format of GNU MO Files"):
/// each message id (the English template) and its translation. Read by hand, bounds-checked, so
/// that a damaged or hostile file gives no catalog instead of a crash, and so that a translation
/// needs no generated system locale (glibc's `dgettext` ignores `LANGUAGE` under the C locale,
/// which is all a minimal Debian has).
///
/// A plural entry (`msgid_plural`, `msgstr[N]`) keeps every form under its singular id, chosen
/// by the header's `Plural-Forms` rule (`PluralRule`; English's when the header has none).
public struct MessageCatalog: Sendable {
    /// The translation of each singular message, by its English template.
    public let translations: [String: String]
    /// Every form of each plural message, by its English singular template.
    public let plurals: [String: [String]]
    /// The header's rule for choosing among `plurals`' forms.
    public let pluralRule: PluralRule
    /// The header's `Language:` (`fr`, `pt_BR`), else the language it was found under; nil
    /// when neither says.
    public internal(set) var language: String?

    /// Nil when `bytes` are not a well-formed catalog.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let magic = Self.word(bytes, 0, bigEndian: false)
        let bigEndian: Bool
        switch magic {
        case 0x9504_12DE: bigEndian = false
        case 0xDE12_0495: bigEndian = true
        default: return nil
        }
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - 4 else { return nil }
            return Int(Self.word(bytes, offset, bigEndian: bigEndian))
        }
        /// The string described at `table + 8 * index`: its length, then its offset.
        func string(table: Int, index: Int) -> String? {
            guard let length = word(table + 8 * index), let start = word(table + 8 * index + 4),
                start <= bytes.count, length <= bytes.count - start
            else { return nil }
            return String(validating: bytes[start..<start + length], as: UTF8.self)
        }
        guard let count = word(8), let originals = word(12), let translated = word(16), count <= bytes.count / 16 else { return nil }
        var translations: [String: String] = [:]
        var plurals: [String: [String]] = [:]
        var header = ""
        for index in 0..<count {
            guard let original = string(table: originals, index: index), let translation = string(table: translated, index: index) else {
                return nil
            }
            if original.isEmpty { header = translation }
            // Contexts (an id with \u{4}) are not uvd's.
            guard !original.isEmpty, !original.contains("\u{4}") else { continue }
            let ids = original.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            let forms = translation.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            guard let id = ids.first, !forms.contains(where: \.isEmpty) else { continue }
            if ids.count > 1 { plurals[id] = forms } else { translations[id] = forms.joined(separator: "\0") }
        }
        self.translations = translations
        self.plurals = plurals
        pluralRule = PluralRule(header: header) ?? .english
        language = header.split(separator: "\n").first { $0.hasPrefix("Language:") }
            .map { $0.dropFirst("Language:".count).trimmingSpaces() }
            .flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The translation of a plural message for `number`; nil when the catalog lacks it.
    public func plural(_ singular: String, for number: Int) -> String? {
        guard let forms = plurals[singular] else { return nil }
        let form = pluralRule.form(for: number)
        return form < forms.count ? forms[form] : forms.first
    }

    private static func word(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> UInt32 {
        let four = bytes[offset..<offset + 4].map(UInt32.init)
        return bigEndian
            ? four[0] << 24 | four[1] << 16 | four[2] << 8 | four[3]
            : four[3] << 24 | four[2] << 16 | four[1] << 8 | four[0]
    }
}

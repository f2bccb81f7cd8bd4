import Foundation

/// A compiled gettext catalog (`.mo`, GNU gettext manual §10.3 "The Format of GNU MO Files"):
/// each message id (the English template) and its translation. Read by hand, bounds-checked, so
/// that a damaged or hostile file gives no catalog instead of a crash, and so that a translation
/// needs no generated system locale (glibc's `dgettext` ignores `LANGUAGE` under the C locale,
/// which is all a minimal Debian has).
///
/// Plural entries keep their first form: uvd's templates put numbers in sentences whose wording
/// does not change with them.
public struct MessageCatalog: Sendable {
    public let translations: [String: String]

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
        for index in 0..<count {
            guard let original = string(table: originals, index: index), let translation = string(table: translated, index: index) else { return nil }
            // The header (empty id) and contexts (id with \u{4}) are not uvd's messages.
            guard !original.isEmpty, !original.contains("\u{4}") else { continue }
            let id = original.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? original
            let text = translation.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? translation
            if !text.isEmpty { translations[id] = text }
        }
        self.translations = translations
    }

    private static func word(_ bytes: [UInt8], _ offset: Int, bigEndian: Bool) -> UInt32 {
        let four = bytes[offset..<offset + 4].map(UInt32.init)
        return bigEndian
            ? four[0] << 24 | four[1] << 16 | four[2] << 8 | four[3]
            : four[3] << 24 | four[2] << 16 | four[1] << 8 | four[0]
    }
}

extension StringProtocol {
    /// The columns this text takes on a terminal, as `wcswidth` counts them: East Asian wide and
    /// fullwidth characters (Unicode Standard Annex #11: kana, kanji, hangul, fullwidth forms,
    /// emoji) take two, combining marks and format characters none, and colour escapes
    /// (`ESC [ … m`) none; everything else one. Ambiguous-width symbols (`·`, `▲`, `┃`) count one,
    /// as terminals draw them outside CJK legacy modes.
    public var displayWidth: Int {
        var width = 0
        var inEscape = false
        for scalar in unicodeScalars {
            if inEscape {
                inEscape = scalar != "m"
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            width += scalar.columns
        }
        return width
    }
}

extension StringProtocol {
    /// Padded on the left to `width` terminal columns (`displayWidth`: a kanji takes two), as
    /// `printf`'s `%*s` pads: a right-aligned column.
    public func leftPadded(to width: Int) -> String { String(repeating: " ", count: Swift.max(0, width - displayWidth)) + self }
    /// Padded on the right to `width` terminal columns: a left-aligned column.
    public func rightPadded(to width: Int) -> String { self + String(repeating: " ", count: Swift.max(0, width - displayWidth)) }
}

extension Unicode.Scalar {
    /// 0, 1 or 2 columns (see `displayWidth`).
    var columns: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B { return 0 }
        return Self.wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// The East Asian Wide (W) and Fullwidth (F) blocks of UAX #11 that text uvd shows can reach.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
        0x3400...0x4DBF,  // CJK unified ideographs extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE30...0xFE4F,  // CJK compatibility forms
        0xFF00...0xFF60,  // Fullwidth forms
        0xFFE0...0xFFE6,  // Fullwidth signs
        0x1F300...0x1F64F,  // Pictographs and emoticons
        0x1F900...0x1F9FF,  // Supplemental symbols and pictographs
        0x20000...0x3FFFD,  // CJK unified ideographs extensions B and beyond
    ]
}

/// How many terminal columns text takes, and where a line of it may break.
///
/// Ideographs, kana, hangul and fullwidth forms take two columns (Unicode's East Asian Width
/// `W` and `F`, UAX #11); everything else one. Swift's `Character` is a grapheme cluster, so a
/// base letter and its combining marks are measured, and never split, as one.
public enum DisplayWidth {
    /// The columns one grapheme takes: 2 for wide characters, 0 for a lone control or
    /// combining mark, 1 otherwise.
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if isWide(scalar.value) { return 2 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.value < 0x20 { return 0 }
        return 1
    }

    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// East Asian Width `W` or `F`: the blocks chapters in Chinese, Japanese and Korean use,
    /// fullwidth forms, and the emoji that terminals draw wide.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// True when a line may break between `before` and `after`, which have no space between
    /// them: next to a wide character (Chinese and Japanese put no spaces between words,
    /// UAX #14's ideographic class), unless the break would start a line with closing
    /// punctuation or end one with opening punctuation (kinsoku shori).
    static func canBreak(between before: Character, and after: Character) -> Bool {
        guard isWideCharacter(before) || isWideCharacter(after) else { return false }
        return !closing.contains(after) && !opening.contains(before)
    }

    static func isWideCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { isWide($0.value) } ?? false
    }

    /// What may not start a line: closing brackets and quotes, stops and commas, small kana,
    /// the prolonged sound mark and iteration marks.
    static let closing: Set<Character> = Set("、。，．,.・：；:;？！?!)）]］}｝」』】〕〉》〙〗〟’”ーヽヾゝゞ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…‥〜～％%")
    /// What may not end a line: opening brackets and quotes.
    static let opening: Set<Character> = Set("(（[［{｛「『【〔〈《〘〖〝‘“")
}

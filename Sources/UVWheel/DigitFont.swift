/// Digits drawn from cells of a 3 × 5 grid (the classic seven-segment shapes), for the
/// mini-wheel's centre number: no font file, the same on every machine.
enum DigitFont {
    /// One filled cell of a digit, in drawing coordinates.
    struct Cell {
        let x: Double, y: Double, side: Double
        func contains(_ px: Double, _ py: Double) -> Bool { px >= x && px < x + side && py >= y && py < y + side }
    }

    /// Rows top to bottom; "#" is filled.
    static let glyphs: [Character: [String]] = [
        "0": ["###", "# #", "# #", "# #", "###"], "1": [" # ", "## ", " # ", " # ", "###"],
        "2": ["###", "  #", "###", "#  ", "###"], "3": ["###", "  #", "###", "  #", "###"],
        "4": ["# #", "# #", "###", "  #", "  #"], "5": ["###", "#  ", "###", "  #", "###"],
        "6": ["###", "#  ", "###", "# #", "###"], "7": ["###", "  #", "  #", "  #", "  #"],
        "8": ["###", "# #", "###", "# #", "###"], "9": ["###", "# #", "###", "  #", "###"],
    ]

    /// The cells of `text`, `height` tall, centred on the 400 × 400 drawing.
    static func layout(_ text: String, height: Double) -> [Cell] {
        let side = height / 5
        let width = Double(text.count) * 4 * side - side
        var cells: [Cell] = []
        for (index, character) in text.enumerated() {
            let left = 200 - width / 2 + Double(index) * 4 * side
            for (row, line) in (glyphs[character] ?? []).enumerated() {
                for (column, mark) in line.enumerated() where mark == "#" {
                    cells.append(Cell(x: left + Double(column) * side, y: 200 - height / 2 + Double(row) * side, side: side))
                }
            }
        }
        return cells
    }
}

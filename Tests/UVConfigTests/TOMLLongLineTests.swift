import Testing

@testable import UVConfig

/// Positions on very long lines: worked out from the last one asked on the line (the parser asks
/// in order), they must be the same as counting from the line's start, wherever the error is.
@Suite("TOML: positions on long lines")
struct TOMLLongLineTests {
    private func error(_ text: String) -> TOMLError? {
        do {
            _ = try TOMLParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRepeatedKeyAtTheEndOfALongInlineTableIsPlacedExactly() throws {
        // Multi-byte letters before it: columns count scalars, not bytes.
        let head = "\"é\" = 1\nt = {" + (0..<20_000).map { "\"kä\($0)\" = 1" }.joined(separator: ", ") + ", "
        let failure = try #require(error(head + "\"kä7\" = 2}\n"))
        let line = head.split(separator: "\n").last ?? ""
        #expect(failure.position == TOMLPosition(line: 2, column: line.unicodeScalars.count + 1), "\(failure)")
        #expect(failure.message.contains("already defined (line 2)"), "\(failure.message)")
    }

    @Test func aBadValueAfterManyGoodOnesIsPlacedExactly() throws {
        let head = "a = [" + Array(repeating: "1", count: 50_000).joined(separator: ",") + ","
        let failure = try #require(error(head + "1x]\n"))
        #expect(failure.position == TOMLPosition(line: 1, column: head.count + 1), "\(failure)")
        #expect(failure.message.hasPrefix("found '1x', expected a value"), "\(failure.message)")
    }

    /// An error placed before the last position asked on its line (a key's start, after the
    /// value that follows it was read) counts from the line's start again.
    @Test func anEarlierPositionOnTheSameLineIsStillRight() throws {
        let failure = try #require(error("b = 1\nx = {y = 1, y.z = 2}\n"))
        #expect(failure.position == TOMLPosition(line: 2, column: 13), "\(failure)")
    }
}

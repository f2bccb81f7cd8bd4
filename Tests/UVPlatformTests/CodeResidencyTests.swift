import Foundation
import Testing
import UVPlatform

@Suite struct CodeResidencyTests {
    /// Resident file-backed pages of this process's code mappings, in kB (smaps' `Rss` of each
    /// executable mapping).
    static func residentCodeKilobytes() throws -> Int {
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        var total = 0
        var inCode = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), fields.count >= 2, range.first?.isHexDigit == true {
                inCode = fields[1].hasPrefix("r-x")
            } else if inCode, fields.first == "Rss:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }

    @Test func theCodeThatDoesNotRunLeavesResidentMemory() throws {
        let before = try Self.residentCodeKilobytes()
        #expect(CodeResidency.touchedPagesOnly() == 0, "the kernel refused the advice")
        let after = try Self.residentCodeKilobytes()
        #expect(after < before / 2, "code resident: \(before) kB before, \(after) kB after")
        // What runs next comes back from the page cache: the process goes on as before.
        #expect(try Self.residentCodeKilobytes() > 0)
        #expect([3, 1, 2].sorted() == [1, 2, 3])
    }
}

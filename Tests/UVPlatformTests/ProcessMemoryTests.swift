import CProcessMemory
import Foundation
import Testing

/// The advice lands where it is meant to: every mapping of this program's data is read a page at
/// a time when touched (`rr` among its flags in /proc/self/smaps), and its code keeps the kernel's
/// readahead.
@Suite struct ProcessMemoryTests {
    @Test func theProgramsDataIsReadAPageAtATimeAndItsCodeIsNot() throws {
        #expect(uvd_read_data_pages_when_touched() >= 1)
        let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        var mappings: [(executable: Bool, randomReads: Bool)] = []
        var inProgram = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), fields.count >= 5 {
                inProgram = fields.count >= 6 && fields[5...].joined(separator: " ") == program
            } else if inProgram, fields.first == "VmFlags:" {
                mappings.append((fields.contains("ex"), fields.contains("rr")))
            }
        }
        #expect(mappings.contains { $0.executable } && mappings.contains { !$0.executable }, "\(program) has no code or no data mapped")
        #expect(mappings.filter { !$0.executable }.allSatisfy { $0.randomReads })
        #expect(mappings.filter { $0.executable }.allSatisfy { !$0.randomReads })
    }
}

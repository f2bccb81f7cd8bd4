import Foundation
import Testing

@testable import UVConfig

/// Inputs that crashed or misled the configuration reader before it had a parser of its own.
@Suite("config.toml: hostile input")
struct ConfigHostileInputTests {
    private func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ConfigLoader.parse(bytes, path: "c.toml")
            return nil
        } catch {
            return error.problems.first
        }
    }

    @Test func malformedDocumentsNameLineAndColumn() {
        #expect(problem(Array("[[[\n".utf8))?.hasPrefix("c.toml:1:3: found '[', expected a key") == true)
        #expect(problem(Array("[😀\n".utf8))?.hasPrefix("c.toml:1:2: found '😀', expected a key") == true)
        #expect(problem(Array("a=[}\n".utf8))?.hasPrefix("c.toml:1:4: found '}', expected a value") == true)
        #expect(problem(Array("e=1979-05-27T:\n".utf8))?.hasPrefix("c.toml:1:3: found '1979-05-27T:'") == true)
        // The NUL is shown escaped (the known keys that follow change with the rules).
        #expect(
            problem(Array("\"\\u0000\" = 1\n".utf8))?.hasPrefix(
                "c.toml:1:1: unknown key '\"\\u0000\"' at the top level; known keys: ") == true)
    }

    /// An integer past 64 bits is named as such (it was "expected a value: a number, …").
    @Test(arguments: ["99999999999999999999", "-9223372036854775809", "0xFFFFFFFFFFFFFFFFFF", "+1_000_000_000_000_000_000_000"])
    func integersPast64BitsAreOutOfRange(number: String) {
        #expect(
            problem(Array("a = \(number)\n".utf8))
                == "c.toml:1:5: the integer \(number) is out of range: TOML integers go from -9223372036854775808 to 9223372036854775807")
    }

    @Test func aKeyEightyThousandLevelsDeepIsRefusedWithoutRecursing() {
        let key = Array(repeating: "a", count: 80_000).joined(separator: ".")
        #expect(problem(Array("\(key) = 1\n".utf8))?.hasPrefix("c.toml:1:1: the key has more than 100 parts") == true)
        let arrays = String(repeating: "[", count: 80_000)
        #expect(problem(Array("a = \(arrays)".utf8))?.contains("nested more than 100 levels") == true)
        let tables = (1...200).map { level in "[" + Array(repeating: "t", count: level).joined(separator: ".") + "]" }.joined(
            separator: "\n")
        #expect(problem(Array(tables.utf8))?.hasPrefix("c.toml:101:2: the key has more than 100 parts") == true)
    }

    @Test func aNulByteIsAnErrorAtItsLineNotTheEndOfTheFile() {
        let bytes = Array("[refresh]\ndaily_budget = 20\n".utf8) + [0] + Array("garbage = [\n".utf8)
        #expect(problem(bytes)?.hasPrefix("c.toml:3:1: found the control character U+0000") == true)
    }

    @Test func encodingsOtherThanUTF8AreErrors() {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("[refresh]\n".utf8).flatMap { [$0, 0] }
        #expect(problem(utf16)?.hasPrefix("c.toml:1:1: the file starts with a UTF-16 byte-order mark") == true)
        #expect(
            problem(Array("a = 1\n# caf".utf8) + [0xE9] + Array("\n".utf8))
                == "c.toml:2:6: found the byte 0xE9, which is not UTF-8; expected UTF-8 text")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[refresh]\ndaily_budget = 20\n".utf8)
        #expect(problem(bom) == nil)
    }

    @Test func dottedAndQuotedKeysHaveTheirRealLine() throws {
        let text = "# x\n\nrefresh.daily_budget = 30\n[providers]\n\"open-meteo\".enabled = false\n'arpansa'.enabled = true\n"
        let loaded = try ConfigLoader.parse(text, path: "c.toml")
        let origins = Dictionary(uniqueKeysWithValues: loaded.entries.map { ($0.key, $0.origin) })
        #expect(origins["refresh.daily_budget"] == "c.toml:3")
        #expect(origins["providers.open-meteo.enabled"] == "c.toml:5")
        #expect(origins["providers.arpansa.enabled"] == "c.toml:6")
        #expect(problem(Array("[refresh]\n\n\"daily_budget\" = 1\n".utf8))?.hasPrefix("c.toml:3:1: refresh.daily_budget = 1") == true)
    }

    @Test func unreadableFilesSayWhy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ConfigLoader.Invalid(problems: ["\(directory.path): cannot be read: it is a directory; expected a file"])) {
            try ConfigLoader.load(file: directory)
        }
        let notADirectory = directory.appendingPathComponent("file")
        try Data("a".utf8).write(to: notADirectory)
        #expect(
            throws: ConfigLoader.Invalid(problems: [
                "\(notADirectory.path)/config.toml: cannot be read: a part of the path is not a directory"
            ])
        ) {
            try ConfigLoader.load(file: notADirectory.appendingPathComponent("config.toml"))
        }
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: ConfigLoader.Invalid.self) { try ConfigLoader.load(file: fifo) }
    }

    /// Root reads any file, so the permission case runs only as another user.
    @Test(.enabled(if: geteuid() != 0, "root can read a file of mode 000"))
    func aFileWithoutReadPermissionSaysSo() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-config-\(UUID().uuidString).toml")
        try Data("a = 1\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(chmod(file.path, 0) == 0)
        #expect(
            throws: ConfigLoader.Invalid(problems: [
                "\(file.path): cannot be read: permission denied (check the file's and its folders' owner and mode)"
            ])
        ) {
            try ConfigLoader.load(file: file)
        }
    }
}

import Glibc
import Testing

@testable import UVCore

@Suite struct ProcessEnvironmentTests {
    /// `entries` as a NUL-terminated `environ`-style array, for the length of `body`.
    func withEnviron<T>(_ entries: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }

    @Test func namesAndValuesSplitAtTheFirstEquals() {
        let variables = withEnviron(["HOME=/home/ada", "EMPTY=", "EQUATION=a=b", "LANG=de_DE.UTF-8"]) {
            ProcessEnvironment.variables($0)
        }
        #expect(variables == ["HOME": "/home/ada", "EMPTY": "", "EQUATION": "a=b", "LANG": "de_DE.UTF-8"])
    }

    /// Found by the `process-start` fuzzer: the value was taken from the character after `=`, and
    /// `=` with a combining mark after it is one character, so the mark was lost.
    @Test func aValueStartingWithACombiningMarkKeepsIt() {
        let variables = withEnviron(["ACCENT=\u{301}e", "ARABIC=\u{657}x"]) { ProcessEnvironment.variables($0) }
        #expect(variables == ["ACCENT": "\u{301}e", "ARABIC": "\u{657}x"])
    }

    @Test func theFirstOfTwoEntriesOfOneNameIsKeptAsGetenvDoes() {
        let variables = withEnviron(["TZ=Europe/Berlin", "TZ=Asia/Tokyo"]) { ProcessEnvironment.variables($0) }
        #expect(variables == ["TZ": "Europe/Berlin"])
    }

    @Test func anEntryWithoutEqualsIsNoVariable() {
        let variables = withEnviron(["JUSTANAME", "=novalue", "X=1"]) { ProcessEnvironment.variables($0) }
        #expect(variables == ["": "novalue", "X": "1"])
    }

    @Test func bytesThatAreNotUTF8AreRepaired() {
        let variables = withEnviron(["NAME=caf\u{E9}"]) { environ in
            // Latin-1 é (0xE9) in place of its UTF-8 form.
            if let entry = environ?.pointee {
                entry[8] = CChar(bitPattern: 0xE9)
                entry[9] = 0
            }
            return ProcessEnvironment.variables(environ)
        }
        #expect(variables == ["NAME": "caf\u{FFFD}"])
    }

    @Test func noEnvironmentIsAnEmptyOne() {
        #expect(ProcessEnvironment.variables(nil).isEmpty)
    }

    @Test func atStartIsThisProcessesEnvironmentAsGetenvSeesIt() throws {
        let path = try #require(getenv("PATH"))
        #expect(ProcessEnvironment.atStart["PATH"] == String(cString: path))
        #expect(ProcessEnvironment.atStart.count > 0)
    }
}

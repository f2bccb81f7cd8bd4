import Foundation
import Testing
import UVProtocol

/// Every io.uvd error the daemon can send is declared in the interface a client reads.
@Suite("io.uvd errors")
struct DeclaredErrorsTests {
    @Test func everyErrorTheDaemonThrowsIsDeclared() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var thrown = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /\.uvd\(name: "([A-Za-z]+)"/) { thrown.insert(String(match.1)) }
        }
        #expect(thrown.count >= 8)
        for name in thrown.sorted() {
            #expect(UVDInterface.description.contains("error \(name) ("), "io.uvd.\(name) is sent but not declared")
        }
    }
}

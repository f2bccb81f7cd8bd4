import Foundation
import Testing
import UVProtocol

@testable import UVDaemon

/// Every io.uvd error the daemon can send is declared in the interface a client reads: each
/// reason of a `Refusal`, and any error named literally at the control edge.
@Suite("io.uvd errors")
struct DeclaredErrorsTests {
    @Test(arguments: Refusal.Reason.allCases)
    func everyRefusalIsDeclared(_ reason: Refusal.Reason) {
        #expect(UVDInterface.description.contains("error \(reason.rawValue) ("), "io.uvd.\(reason.rawValue) is sent but not declared")
    }

    @Test func everyErrorNamedInTheSourcesIsDeclared() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var named = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /\.uvd\(name: "([A-Za-z]+)"/) { named.insert(String(match.1)) }
        }
        #expect(named.contains("Disconnected"))
        for name in named.sorted() {
            #expect(UVDInterface.description.contains("error \(name) ("), "io.uvd.\(name) is sent but not declared")
        }
    }
}

import Foundation
import Testing
import UVFuzzTargets

/// Every seed of the fuzzers' corpora and every input that once crashed uvd, replayed through
/// the same target libFuzzer runs (`make fuzz`). A regression here is a trap or a hang.
@Suite("Fuzz corpora and regressions")
struct FuzzReplayTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ folder: String, _ target: FuzzTarget) -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        return ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySeedAndRegressionIsHandled(_ target: FuzzTarget) throws {
        let seeds = Self.inputs("corpus", target)
        #expect(!seeds.isEmpty, "Fuzz/corpus/\(target.rawValue) has no seeds")
        for input in seeds + Self.inputs("regressions", target) {
            target.run(try Data(contentsOf: input))
        }
    }

    @Test func everyTargetHasRegressionsFromTheIssuesThatFoundThem() {
        for target in FuzzTarget.allCases {
            #expect(!Self.inputs("regressions", target).isEmpty, "Fuzz/regressions/\(target.rawValue) is empty")
        }
    }
}

import Foundation
import TestSupport
import Testing

/// The project's history reads in one line a commit: every subject since the rule was set
/// (after 9f7f518) is 72 characters or fewer, the why in the body.
@Suite struct CommitSubjectTests {
    static let ruleSetAfter = "9f7f518"

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: ProviderFixture.packageRoot.appendingPathComponent(".git").path),
            "a checkout without its history (a release tarball) has no commits to read"))
    func subjectsFitOnOneLine() throws {
        let git = URL(fileURLWithPath: "/usr/bin/git")
        let known = try ToolRunner.run(
            git, ["-c", "safe.directory=*", "-C", ProviderFixture.packageRoot.path, "cat-file", "-e", Self.ruleSetAfter + "^{commit}"],
            environment: [:])
        try #require(known.status == 0, "a shallow clone without \(Self.ruleSetAfter): \(known.stderr)")
        let log = try ToolRunner.run(
            git, ["-c", "safe.directory=*", "-C", ProviderFixture.packageRoot.path, "log", "--format=%h %s", "\(Self.ruleSetAfter)..HEAD"],
            environment: [:])
        #expect(log.status == 0, "\(log.stderr)")
        let long = log.stdout.split(separator: "\n").filter { line in
            line.split(separator: " ", maxSplits: 1).last.map { $0.count > 72 } ?? false
        }
        #expect(long.isEmpty, "subjects over 72 characters:\n\(long.joined(separator: "\n"))")
    }
}

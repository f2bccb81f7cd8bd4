import Foundation

/// The real provider answers in `Tests/Fixtures/providers` (see PROVENANCE.md there).
public enum ProviderFixture {
    /// The package's root directory.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let directory = packageRoot.appendingPathComponent("Tests/Fixtures/providers")

    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    public static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad fixture time \(text)") }
        return date
    }
}

import Foundation

/// The repository's translations (`po/LL.po`) compiled with `msgfmt --check` into a temporary
/// locale directory, as `make install` compiles them, for uvd and uvctl to find through
/// `UVD_LOCALEDIR`. Removed when released.
public final class CompiledCatalogs {
    public let directory: URL

    /// The environment that makes uvd or uvctl speak `language` from these catalogs.
    public func environment(_ language: String) -> [String: String] {
        ["LANGUAGE": language, "UVD_LOCALEDIR": directory.path]
    }

    public init(languages: [String] = ["es", "fr", "ja"]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-locale-\(UUID().uuidString)")
        for language in languages {
            let messages = directory.appendingPathComponent("\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
            let source = ProviderFixture.packageRoot.appendingPathComponent("po/\(language).po")
            let result = try ToolRunner.run(
                URL(fileURLWithPath: "/usr/bin/msgfmt"), ["--check", "-o", messages.appendingPathComponent("uvd.mo").path, source.path],
                environment: ["PATH": "/usr/bin:/bin"])
            guard result.status == 0 else { throw Failure(description: "msgfmt \(source.path): \(result.stderr)") }
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}

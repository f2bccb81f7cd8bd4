import FoundationEssentials

/// Which language uvd speaks and the catalog it speaks it from, chosen once per process.
///
/// The language as gettext chooses it: the `LANGUAGE` list (`fr:es`), else the first set of
/// `LC_ALL`, `LC_MESSAGES`, `LANG`; `C` and `POSIX` mean English. Unlike glibc, `LANGUAGE` counts
/// under the C locale too (a minimal system has no other locale, and `LANGUAGE=fr uvctl` should
/// still speak French). `fr_CA.UTF-8` tries `fr_CA`, then `fr`. The catalog is `uvd.mo` under
/// `LL/LC_MESSAGES/` in `$UVD_LOCALEDIR`, then `share/locale` beside the binary's `bin`, then
/// `/usr/local/share/locale` and `/usr/share/locale`.
public enum Localization {
    /// The catalog in use; nil for English.
    public static let catalog: MessageCatalog? = load(environment: ProcessEnvironment.atStart)

    public static func load(environment: [String: String]) -> MessageCatalog? {
        for language in languages(environment: environment) {
            for directory in directories(environment: environment) {
                let path = "\(directory)/\(language)/LC_MESSAGES/uvd.mo"
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                if var catalog = MessageCatalog([UInt8](data)) {
                    catalog.language = catalog.language ?? language
                    return catalog
                }
            }
        }
        return nil
    }

    /// The languages to try, most wanted first; empty for English.
    public static func languages(environment: [String: String]) -> [String] {
        let value =
            [environment["LANGUAGE"], environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
            .lazy.compactMap { $0 }.first { !$0.isEmpty } ?? ""
        var languages: [String] = []
        for entry in value.split(separator: ":") {
            let name = entry.split(separator: ".").first.map { $0.split(separator: "@").first ?? $0 } ?? entry
            if name == "C" || name == "POSIX" || name.hasPrefix("en") { break }
            languages.append(String(name))
            if let base = name.split(separator: "_").first, base != name { languages.append(String(base)) }
        }
        return languages
    }

    static func directories(environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let own = environment["UVD_LOCALEDIR"], !own.isEmpty { directories.append(own) }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(
                URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                    "share/locale"
                ).path)
        }
        return directories + ["/usr/local/share/locale", "/usr/share/locale"]
    }
}

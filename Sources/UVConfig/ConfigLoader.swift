import FoundationEssentials
import UVCore
import UVEngine

/// Reads `config.toml` against `ConfigKey.all`: every problem is reported with the file, line,
/// key and what is allowed, and nothing half-read is ever used.
public enum ConfigLoader {
    /// Where a value came from: its default, or a line of the file.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        case builtIn
        case file(String, line: Int)

        public var description: String {
            switch self {
            case .builtIn: tr("default")
            case .file(let path, let line): "\(path):\(line)"
            }
        }
    }

    /// A configuration with the origin of each key's value.
    public struct Loaded: Sendable, Equatable {
        public var configuration: Configuration
        public var origins: [String: Origin]
        /// Keys that were accepted but no longer decide anything, one line each with what replaced them.
        public var warnings: [String] = []

        /// Every key with its effective value and origin, for `uvctl config show`.
        public var entries: [(key: String, value: String, origin: String)] {
            ConfigKey.all.map { ($0.path, $0.show(configuration), (origins[$0.path] ?? .builtIn).description) }
        }

        public static func == (lhs: Loaded, rhs: Loaded) -> Bool {
            lhs.configuration == rhs.configuration && lhs.origins == rhs.origins
        }
    }

    /// All that is wrong with a file, one line each.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    /// The largest configuration file read; a real one is a few kilobytes.
    static let maximumSize = 1 << 20

    public static var defaults: Loaded { Loaded(configuration: Configuration(), origins: [:]) }

    /// Loads `file`, remembering each good version in `lastGood`; a broken file falls back to the
    /// last good version (then the defaults), and `problem` says what was wrong.
    public static func loadKeepingLastGood(file: URL, lastGood: URL) -> (loaded: Loaded, problem: Invalid?) {
        let contents = SmallFile.read(file.path, maximumSize: maximumSize)
        do {
            let loaded = try load(contents, path: file.path)
            if case .bytes(let bytes) = contents {
                try? Data(bytes).write(to: lastGood, options: .atomic)
            } else {
                try? FileManager.default.removeItem(at: lastGood)
            }
            return (loaded, nil)
        } catch {
            return ((try? load(file: lastGood)) ?? defaults, error)
        }
    }

    /// Loads `file`; a missing file means the defaults.
    public static func load(file: URL) throws(Invalid) -> Loaded {
        try load(SmallFile.read(file.path, maximumSize: maximumSize), path: file.path)
    }

    private static func load(_ contents: SmallFile.Contents, path: String) throws(Invalid) -> Loaded {
        switch contents {
        case .missing: return defaults
        case .unreadable(let reason): throw Invalid(problems: [tr("%1$@: cannot be read: %2$@", path, reason)])
        case .tooLarge:
            let reason = trn(
                "it is larger than %1$@ byte; expected a configuration file of a few kilobytes",
                "it is larger than %1$@ bytes; expected a configuration file of a few kilobytes", count: maximumSize, maximumSize)
            throw Invalid(problems: [tr("%1$@: cannot be read: %2$@", path, reason)])
        case .bytes(let bytes): return try parse(bytes, path: path)
        }
    }

    public static func parse(_ text: String, path: String) throws(Invalid) -> Loaded {
        try parse(Array(text.utf8), path: path)
    }

    /// Checks a document against `ConfigKey.all`; every problem is named `path:line:column`.
    public static func parse(_ bytes: [UInt8], path: String) throws(Invalid) -> Loaded {
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(bytes)
        } catch {
            throw Invalid(problems: ["\(path):\(error)"])
        }
        var loaded = defaults
        var problems: [String] = []
        let keys = Dictionary(uniqueKeysWithValues: ConfigKey.all.map { ($0.path, $0) })

        func visit(_ table: TOMLTable, prefix: String) {
            for entry in table.entries {
                let name = TOMLValue.keyText(entry.key)
                let key = prefix.isEmpty ? name : "\(prefix).\(name)"
                let at = "\(path):\(entry.position)"
                if let known = keys[key] {
                    if known.apply(&loaded.configuration, reduce(entry.value)) {
                        loaded.origins[key] = .file(path, line: entry.position.line)
                        if let replacement = known.replacedBy {
                            loaded.warnings.append(
                                tr("%1$@: %2$@ no longer decides anything: %3$@; it is ignored, and can be removed", at, key, replacement))
                        }
                    } else {
                        problems.append(
                            tr(
                                "%1$@: %2$@ = %3$@ is not allowed; expected %4$@", at, key, String(entry.value.tomlText.prefix(200)),
                                known.expected))
                    }
                } else if case .table(let nested) = entry.value, keys.keys.contains(where: { $0.hasPrefix(key + ".") }) {
                    visit(nested, prefix: key)
                } else {
                    let siblings = keys.keys.filter { $0.hasPrefix(prefix.isEmpty ? "" : prefix + ".") }
                        .map { $0.dropFirst(prefix.isEmpty ? 0 : prefix.count + 1).split(separator: ".").first.map(String.init) ?? "" }
                    let known = Set(siblings).sorted().joined(separator: ", ")
                    problems.append(
                        prefix.isEmpty
                            ? tr("%1$@: unknown key '%2$@' at the top level; known keys: %3$@", at, name, known)
                            : tr("%1$@: unknown key '%2$@' in [%3$@]; known keys: %4$@", at, name, prefix, known))
                }
            }
        }

        visit(table, prefix: "")
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        return loaded
    }

    private static func reduce(_ value: TOMLValue) -> SettingValue {
        switch value {
        case .boolean(let flag): .boolean(flag)
        case .integer(let number): Int(exactly: number).map(SettingValue.integer) ?? .other(value.tomlText)
        case .float(let number): .float(number)
        case .string(let text): .string(text)
        case .array(let items): .list(items.map(reduce))
        case .dateTime, .table: .other(value.tomlText)
        }
    }
}

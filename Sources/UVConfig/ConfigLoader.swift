import Foundation
import TOMLKit
import UVCore

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

        /// Every key with its effective value and origin, for `uvctl config show`.
        public var entries: [(key: String, value: String, origin: String)] {
            ConfigKey.all.map { ($0.path, $0.show(configuration), (origins[$0.path] ?? .builtIn).description) }
        }

        public static func == (lhs: Loaded, rhs: Loaded) -> Bool {
            lhs.configuration == rhs.configuration && lhs.origins == rhs.origins
        }
    }

    /// All that is wrong with a file, one line each.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    public static var defaults: Loaded { Loaded(configuration: Configuration(), origins: [:]) }

    /// Loads `file`, remembering each good version in `lastGood`; a broken file falls back to the
    /// last good version (then the defaults), and `problem` says what was wrong.
    public static func loadKeepingLastGood(file: URL, lastGood: URL) -> (loaded: Loaded, problem: Invalid?) {
        do {
            let loaded = try load(file: file)
            if let data = FileManager.default.contents(atPath: file.path) {
                try? data.write(to: lastGood, options: .atomic)
            } else {
                try? FileManager.default.removeItem(at: lastGood)
            }
            return (loaded, nil)
        } catch {
            let fallback = (try? load(file: lastGood)).map { kept in
                Loaded(configuration: kept.configuration, origins: kept.origins.mapValues { origin in
                    if case .file(_, let line) = origin { return .file(lastGood.path, line: line) }
                    return origin
                })
            }
            return (fallback ?? defaults, error)
        }
    }

    /// Loads `file`; a missing file means the defaults.
    public static func load(file: URL) throws(Invalid) -> Loaded {
        guard FileManager.default.fileExists(atPath: file.path) else { return defaults }
        guard let data = FileManager.default.contents(atPath: file.path), let text = String(data: data, encoding: .utf8) else {
            throw Invalid(problems: [tr("%1$@: cannot be read as UTF-8 text", file.path)])
        }
        return try parse(text, path: file.path)
    }

    public static func parse(_ text: String, path: String) throws(Invalid) -> Loaded {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Invalid(problems: ["\(path):\(error.source.begin.line): \(error.description)"])
        } catch {
            throw Invalid(problems: ["\(path): \(error)"])
        }
        var loaded = defaults
        var problems: [String] = []
        let keys = Dictionary(uniqueKeysWithValues: ConfigKey.all.map { ($0.path, $0) })
        let lines = KeyLines(text)

        func visit(_ table: TOMLTable, prefix: String) {
            for (name, value) in table {
                let path = prefix.isEmpty ? name : "\(prefix).\(name)"
                let line = lines.line(of: path)
                if let key = keys[path] {
                    if key.apply(&loaded.configuration, reduce(value)) {
                        loaded.origins[path] = .file(path, line: line)
                    } else {
                        problems.append(tr("%1$@: %2$@ = %3$@ is not allowed; expected %4$@", path_(line), path, value.debugDescription.trimmingCharacters(in: .whitespaces), key.expected))
                    }
                } else if let nested = value.table, keys.keys.contains(where: { $0.hasPrefix(path + ".") }) {
                    visit(nested, prefix: path)
                } else {
                    let siblings = keys.keys.filter { $0.hasPrefix(prefix.isEmpty ? "" : prefix + ".") }
                        .map { $0.dropFirst(prefix.isEmpty ? 0 : prefix.count + 1).split(separator: ".").first.map(String.init) ?? "" }
                    let known = Set(siblings).sorted().joined(separator: ", ")
                    problems.append(prefix.isEmpty
                        ? tr("%1$@: unknown key '%2$@' at the top level; known keys: %3$@", path_(line), name, known)
                        : tr("%1$@: unknown key '%2$@' in [%3$@]; known keys: %4$@", path_(line), name, prefix, known))
                }
            }
        }
        func path_(_ line: Int) -> String { "\(path):\(line)" }

        visit(table, prefix: "")
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        loaded.origins = loaded.origins.mapValues { origin in
            if case .file(_, let line) = origin { return .file(path, line: line) }
            return origin
        }
        return loaded
    }

    private static func reduce(_ value: any TOMLValueConvertible) -> ConfigValue {
        if let flag = value.bool { return .boolean(flag) }
        if let number = value.int { return .integer(number) }
        if let number = value.double { return .float(number) }
        if let text = value.string { return .string(text) }
        if let array = value.array { return .list(array.map(reduce)) }
        return .other(value.debugDescription)
    }
}

/// The line each dotted key is written on, found by reading the text the way TOML lays it out:
/// `[table.name]` headers, then `key = value` lines (quoted names allowed).
struct KeyLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                table = Self.unquote(line.trimmingCharacters(in: CharacterSet(charactersIn: "[] ")))
                lines[table] = lines[table] ?? index + 1
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = Self.unquote(String(line[..<equals]))
                let path = table.isEmpty ? key : "\(table).\(key)"
                lines[path] = lines[path] ?? index + 1
            }
        }
    }

    func line(of path: String) -> Int { lines[path] ?? 0 }

    private static func unquote(_ text: String) -> String {
        text.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
            .joined(separator: ".")
    }
}

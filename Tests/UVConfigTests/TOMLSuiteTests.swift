import Foundation
import Testing

@testable import UVConfig

/// The toml-lang/toml-test suite's TOML 1.0.0 cases (copied into Tests/Fixtures/toml-test with
/// their licence): every valid document gives the values its `.json` names, every invalid one
/// is refused with a position.
@Suite("toml-test 1.0.0")
struct TOMLSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/toml-test")

    static func listed(_ prefix: String, suffix: String) throws -> [String] {
        let list = try String(contentsOf: root.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
        return list.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
    }

    @Test func everyValidDocumentGivesItsValues() throws {
        let files = try Self.listed("valid/", suffix: ".toml")
        #expect(files.count > 200)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(file)))
            let expected = try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.root.appendingPathComponent(String(file.dropLast(5)) + ".json")), options: [.fragmentsAllowed])
            do {
                let table = try TOMLParser.parse(bytes)
                if let mismatch = TaggedJSON.mismatch(.table(table), expected, path: "") {
                    Issue.record("\(file): \(mismatch)")
                }
            } catch {
                Issue.record("\(file): refused: \(error)")
            }
        }
    }

    @Test func everyInvalidDocumentIsRefused() throws {
        let files = try Self.listed("invalid/", suffix: ".toml")
        #expect(files.count > 400)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(file)))
            do {
                _ = try TOMLParser.parse(bytes)
                Issue.record("\(file): accepted")
            } catch {
                let lines = bytes.count(where: { $0 == 0x0A }) + 1
                #expect((1...lines).contains(error.position.line), "\(file): \(error)")
                #expect(error.position.column >= 1, "\(file): \(error)")
            }
        }
    }
}

/// toml-test's JSON: `{"type": "integer", "value": "42"}` for each value, objects for tables,
/// arrays for arrays.
enum TaggedJSON {
    static func mismatch(_ value: TOMLValue, _ expected: Any, path: String) -> String? {
        if let object = expected as? [String: Any], object.count == 2, let type = object["type"] as? String,
            let text = object["value"] as? String
        {
            return leafMismatch(value, type: type, text: text, path: path)
        }
        switch (value, expected) {
        case (.table(let table), let object as [String: Any]):
            let keys = Set(table.entries.map(\.key))
            guard keys == Set(object.keys) else { return "\(path): keys \(keys.sorted()) instead of \(object.keys.sorted())" }
            for entry in table.entries {
                if let problem = mismatch(entry.value, object[entry.key] as Any, path: path + "." + entry.key) { return problem }
            }
            return nil
        case (.array(let items), let array as [Any]):
            guard items.count == array.count else { return "\(path): \(items.count) items instead of \(array.count)" }
            for (index, item) in items.enumerated() {
                if let problem = mismatch(item, array[index], path: path + "[\(index)]") { return problem }
            }
            return nil
        default:
            return "\(path): \(value.tomlText) instead of \(expected)"
        }
    }

    private static func leafMismatch(_ value: TOMLValue, type: String, text: String, path: String) -> String? {
        let same: Bool =
            switch (type, value) {
            case ("string", .string(let string)): string == text
            case ("integer", .integer(let number)): Int64(text) == number
            case ("bool", .boolean(let flag)): String(flag) == text
            case ("float", .float(let number)):
                text == "nan"
                    ? number.isNaN
                    : text.hasSuffix("inf") ? number == (text.hasPrefix("-") ? -Double.infinity : .infinity) : Double(text) == number
            case ("datetime", .dateTime(let moment)): moment.offsetMinutes != nil && moment == expectedMoment(text)
            case ("datetime-local", .dateTime(let moment)):
                moment.date != nil && moment.time != nil && moment.offsetMinutes == nil && moment == expectedMoment(text)
            case ("date-local", .dateTime(let moment)): moment.time == nil && moment == expectedMoment(text)
            case ("time-local", .dateTime(let moment)): moment.date == nil && moment == expectedMoment(text)
            default: false
            }
        return same ? nil : "\(path): \(value.tomlText) instead of \(type) \(text)"
    }

    private static func expectedMoment(_ text: String) -> TOMLDateTime? {
        guard case .dateTime(let moment)? = try? TOMLParser.parse("v = \(text)")["v"] else { return nil }
        return moment
    }
}

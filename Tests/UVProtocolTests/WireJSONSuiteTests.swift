import Foundation
import Testing
import UVFuzzTargets
import UVProtocol

/// nst/JSONTestSuite's parsing cases (copied into Tests/Fixtures/JSONTestSuite with their
/// licence): every `y_` document is read, to the value FoundationEssentials' `JSONDecoder` reads
/// from it; every `n_` document is refused with an offset inside it; an `i_` one (the RFC leaves
/// it to the parser) may go either way, but never traps.
@Suite("JSONTestSuite")
struct WireJSONSuiteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    static func cases(_ prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.sorted().map {
            ($0, try [UInt8](Data(contentsOf: folder.appendingPathComponent($0))))
        }
    }

    /// Where JSONDecoder is wrong: it reads `[0e1]`, which the RFC's grammar allows (a zero,
    /// then an exponent), as a number that fits no `Double`.
    static let readBetterThanJSONDecoder: Set = ["y_number_0e1.json"]

    @Test func everyDocumentThatMustBeReadIsReadAsJSONDecoderReadsIt() throws {
        let documents = try Self.cases("y_")
        #expect(documents.count == 95)
        for document in documents {
            do {
                let value = try WireJSON(parsing: document.bytes)
                let read = try WireDecoder.decode(JSONProbe.self, from: value)
                #expect(read == JSONProbe(value), "\(document.name)")
                let reference = try? JSONDecoder().decode(JSONProbe.self, from: Data(document.bytes))
                // JSONDecoder reads no number a Double cannot hold (y_number_huge_exp is 0.4e00669999…).
                if reference != nil || !read.hasUnrepresentableNumber, !Self.readBetterThanJSONDecoder.contains(document.name) {
                    #expect(read == reference, "\(document.name)")
                }
            } catch {
                Issue.record("\(document.name): refused: \(error)")
            }
        }
    }

    @Test func everyDocumentThatMustBeRefusedIsRefusedWithWhere() throws {
        let documents = try Self.cases("n_")
        #expect(documents.count == 188)
        for document in documents {
            do {
                _ = try WireJSON(parsing: document.bytes)
                Issue.record("\(document.name): accepted")
            } catch {
                #expect((0...document.bytes.count).contains(error.offset), "\(document.name): \(error)")
            }
        }
    }

    @Test func everyDocumentLeftToTheParserIsReadOrRefusedWithoutATrap() throws {
        let documents = try Self.cases("i_")
        #expect(documents.count == 35)
        for document in documents {
            if let value = try? WireJSON(parsing: document.bytes) {
                _ = try? WireDecoder.decode(JSONProbe.self, from: value)
            }
        }
    }
}

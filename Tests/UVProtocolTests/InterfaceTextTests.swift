import Foundation
import Testing
import UVProtocol

/// The interface text says what the types say: each method's parameters and reply, and each type
/// they use, derived from the `UVD` declarations, are written in `UVDInterface.description`.
@Suite("io.uvd's text and its types")
struct InterfaceTextTests {
    /// The declarations of the text without comments or spaces, by name: `method X` and `type X`.
    static let written: [String: String] = {
        let code = UVDInterface.description.split(separator: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            .joined(separator: " ")
        var declarations: [String: String] = [:]
        var rest = Substring(code)
        while let start = rest.firstRange(of: /(method|type|error) (\w+)/) {
            let match = rest[start].split(separator: " ")
            let after = rest[start.upperBound...]
            let next = after.firstRange(of: /(method|type|error) \w+/)?.lowerBound ?? after.endIndex
            declarations["\(match[0]) \(match[1])"] = after[..<next].filter { !$0.isWhitespace }
            rest = after[next...]
        }
        return declarations
    }()

    @Test(arguments: UVD.calls.map { $0.name })
    func theMethodIsWrittenAsItsTypesDeclareIt(_ name: String) throws {
        let call = try #require(UVD.calls.first { $0.name == name })
        var schema = VarlinkSchema()
        let derived = schema.fields(of: call.parameterType) + "->" + schema.fields(of: call.replyType)
        let text = try #require(Self.written["method \(name)"])
        #expect(text == derived.filter { !$0.isWhitespace }, "method \(name)")
    }

    @Test func everyTypeTheMethodsUseIsWrittenAsItIsDeclared() throws {
        var schema = VarlinkSchema()
        for call in UVD.calls {
            _ = schema.fields(of: call.parameterType)
            _ = schema.fields(of: call.replyType)
        }
        #expect(!schema.types.isEmpty)
        for (name, fields) in schema.types {
            let text = try #require(Self.written["type \(name)"], "type \(name) is not in the interface text")
            #expect(text == fields.filter { !$0.isWhitespace }, "type \(name)")
        }
    }
}

extension UVDCall {
    static var parameterType: any Decodable.Type { Parameters.self }
    static var replyType: any Decodable.Type { Reply.self }
}

import Foundation
import Testing
import UVProtocol

/// The methods declared as types and the methods the interface text declares are the same list.
@Suite("io.uvd methods")
struct UVDCallsTests {
    @Test func theInterfaceDeclaresExactlyTheMethodsDeclaredAsTypes() {
        let declared = UVDInterface.description.split(separator: "\n").compactMap { line -> String? in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.first == "method", words.count > 1 else { return nil }
            return String(words[1].prefix { $0 != "(" })
        }
        #expect(declared == UVD.calls.map { $0.name })
    }

    @Test func eachDeclarationDeclaresItsOwnMethodOnce() {
        for call in UVD.calls {
            let methods = call.declaration.split(separator: "\n").filter { $0.hasPrefix("method ") }
            #expect(methods.count == 1 && methods.first?.hasPrefix("method \(call.name)(") == true, "\(call.name)")
        }
    }
}

import Foundation
import Testing
import UVProtocol

/// The methods named in code and the methods the interface declares are the same set.
@Suite("io.uvd methods")
struct UVDMethodTests {
    @Test func theInterfaceDeclaresExactlyTheMethodsNamedInCode() {
        let declared = UVDInterface.description.split(separator: "\n").compactMap { line -> String? in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.first == "method", words.count > 1 else { return nil }
            return String(words[1].prefix { $0 != "(" })
        }
        #expect(Set(declared) == Set(UVDMethod.allCases.map(\.rawValue)))
        #expect(declared.count == UVDMethod.allCases.count)
        #expect(UVDMethod(qualifiedName: "io.uvd.GetStatus") == .getStatus)
        #expect(UVDMethod(qualifiedName: "io.uvdx.GetStatus") == nil)
    }
}

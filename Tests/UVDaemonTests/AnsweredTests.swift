import Testing
import UVProtocol

@testable import UVDaemon

/// Every method the interface declares is answered: one conformance each (`Answered`), found
/// by its name, but for `Subscribe`, which `ControlService` streams itself.
@Suite("Every method answered")
struct AnsweredTests {
    @Test func everyDeclaredMethodHasOneAnswer() {
        let streamed = [UVD.Subscribe.qualifiedName]
        let unanswered = UVD.calls.map { $0.qualifiedName }.filter { ControlService.answered[$0] == nil && !streamed.contains($0) }
        #expect(unanswered.isEmpty, "no answer: \(unanswered)")
        #expect(ControlService.answered.count + streamed.count == UVD.calls.count)
    }

    @Test func eachAnswerIsTheMethodOfItsName() {
        for (name, method) in ControlService.answered {
            #expect(method.qualifiedName == name)
        }
    }

    @Test func aMethodIsFoundByItsQualifiedNameOnly() {
        #expect(ControlService.answered["io.uvd.GetStatus"]?.name == "GetStatus")
        #expect(ControlService.answered["io.uvdx.GetStatus"] == nil)
        #expect(ControlService.answered["GetStatus"] == nil)
        #expect(ControlService.answered["io.uvd.Nothing"] == nil)
    }
}

import Foundation
import Testing
import UVProviders

/// What a fetch process writes back, read by the daemon: an answer, a failure, and anything a
/// broken or hostile child could write instead, which is no answer rather than a wrong one.
@Suite struct ChildFetchWireTests {
    @Test func answersAndFailuresReadBack() throws {
        let answer = try #require(ChildFetch.read(Data("{\"status\":304,\"headers\":{\"etag\":\"x\"}}\nbody\nwith lines".utf8)))
        #expect(try answer.get() == HTTPResponse(status: 304, headers: ["etag": "x"], body: Data("body\nwith lines".utf8)))
        #expect(
            ChildFetch.read(Data("{\"failure\":\"transport\",\"detail\":\"timed out\"}\n".utf8)).map {
                $0 == .failure(.transport("timed out"))
            } == true)
        #expect(
            ChildFetch.read(Data("{\"failure\":\"tooLarge\",\"detail\":\"2097152\"}\n".utf8)).map { $0 == .failure(.tooLarge(2_097_152)) }
                == true)
    }

    @Test(arguments: [
        "", "{\"status\":200}", "not json\nbody", "{\"status\":0}\n", "{\"status\":99999999999999999999}\n",
        "{\"status\":200,\"failure\":\"transport\"}\n", "{\"failure\":\"tooLarge\",\"detail\":\"lots\"}\n", "{\"failure\":\"other\"}\n",
        "{}\n",
    ])
    func whatNoFetchProcessWritesIsNoAnswer(output: String) {
        #expect(ChildFetch.read(Data(output.utf8)) == nil)
    }
}

import Foundation
import Testing
import UVCore

@testable import UVEngine

/// A notification's subject travels as a type and is written as a string only at the edges; what
/// earlier releases wrote reads back as the same subject.
@Suite("Notification subjects")
struct SubjectTests {
    /// Every subject reads back from its name, names are unique, and every rule's subjects are
    /// among them: a list kept by hand lacked `dose`, whose saved alerts came back as `.other`.
    @Test func everySubjectReadsBackFromWhatItWrites() {
        for subject in Subject.known { #expect(Subject(subject.description) == subject) }
        #expect(Set(Subject.known.map(\.description)).count == Subject.known.count)
        #expect(Subject("dose") == .rule(.dose))
        for rule in Rule.known {
            let subjects = Subject.subjects(of: rule)
            #expect(!subjects.isEmpty && subjects.allSatisfy { $0.rule == rule && Subject.known.contains($0) }, "\(rule)")
        }
    }

    @Test func theNamesEarlierReleasesWroteAreTheSameSubjects() {
        #expect(Subject("leave-home") == .rule(.leaveHome))
        #expect(Subject("uv-high") == .uvLevel(.high))
        #expect(Subject("uv-veryHigh") == .uvLevel(.veryHigh))
        #expect(Subject("uv-extreme") == .uvLevel(.extreme))
        #expect(Subject("reapply") == .rule(.reapply))
        #expect(Subject("morning") == .rule(.morning))
    }

    @Test func eachSubjectBelongsToItsRule() {
        #expect(Subject.rule(.leaveHome).rule == .leaveHome)
        #expect(UVLevel.allCases.allSatisfy { Subject.uvLevel($0).rule == .uvAlert })
        #expect(Subject.rule(.reapply).rule == .reapply)
        #expect(Subject.rule(.morning).rule == .morning)
        #expect(Subject.test.rule == nil)
    }

    /// A subject another release wrote is kept as written, belongs to no rule, and is withdrawn
    /// by name like any other.
    @Test func anUnknownSubjectIsKeptAsWritten() throws {
        let unknown = Subject("uv-index-spike")
        #expect(unknown == .other("uv-index-spike"))
        #expect(unknown.rule == nil)
        let encoded = try JSONEncoder().encode([unknown])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["uv-index-spike"]"#)
        #expect(try JSONDecoder().decode([Subject].self, from: encoded) == [unknown])
    }
}

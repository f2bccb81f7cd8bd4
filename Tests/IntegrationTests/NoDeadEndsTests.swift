import Foundation
import TestSupport
import Testing

/// What a newcomer does next works: the quiz saves its result, and burn-time asks uvd for what
/// it was not told.
@Suite("No dead ends")
struct NoDeadEndsTests {
    @Test func theQuizSavesAndBurnTimeUsesWhatUvdKnows() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        try uvd.start()
        let before = try uvd.uvctl(["burn-time"])
        #expect(before.status == 64 && before.stderr.contains("uvctl skin quiz --save"), "\(before.stderr)")

        let quiz = try uvd.uvctl(["skin", "quiz", "--answers", "4,4,4,4,4,4,4,4,3,4", "--save"])
        #expect(quiz.status == 0 && quiz.stdout.contains("Saved: uvd now reckons with skin type VI"), "\(quiz.stdout)\(quiz.stderr)")
        #expect(try uvd.uvctl(["profile", "show", "--json"]).json()["skinType"] as? String == "VI")

        #expect(try uvd.uvctl(["sunscreen", "apply", "--spf", "30"]).status == 0)
        let burn = try uvd.uvctl(["burn-time"])
        #expect(burn.status == 0, "\(burn.stderr)")
        #expect(burn.stdout.contains("Skin type VI") && burn.stdout.contains("SPF 30"), "\(burn.stdout)")
        #expect(
            burn.stdout.contains("From uvd: your profile's skin type, the UV now in Greenwich, the sunscreen on record."), "\(burn.stdout)")
    }
}

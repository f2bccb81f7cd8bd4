import Foundation
import TestSupport
import Testing

@Suite("uvctl calculators")
struct CalculatorTests {
    @Test func burnTimeJSON() throws {
        let result = try ToolRunner.uvctl.run([
            "burn-time", "--skin-type", "II", "--uvi", "8", "--spf", "30", "--quantity", "medium", "--json",
        ])
        #expect(result.status == 0)
        let json = try result.json()
        let effective = try #require(json["effectiveSPF"] as? Double)
        #expect(abs(effective - 5.48) < 0.01)
        // 0.5 × 250 × 5.477 ÷ 8 = 85.6 → 85 whole minutes.
        #expect(json["burnTimeMinutes"] as? Int == 85)
    }

    @Test func burnTimeWearsOff() throws {
        let json = try ToolRunner.uvctl.run([
            "burn-time", "--skin-type", "I", "--uvi", "14", "--spf", "50", "--quantity", "lots",
            "--applied-minutes-ago", "120", "--activity", "active", "--json",
        ]).json()
        // 50 × (1 − 0.35) = 32.5; 0.5 × 200 × 32.5 ÷ 14 = 232.1.
        #expect(json["effectiveSPF"] as? Double == 32.5)
        #expect(json["burnTimeMinutes"] as? Int == 232)
    }

    @Test func burnTimeWithoutUVHasNoRisk() throws {
        let json = try ToolRunner.uvctl.run(["burn-time", "--skin-type", "I", "--uvi", "0", "--json"]).json()
        #expect(json["burnTimeMinutes"] is NSNull)
        #expect(json["noBurnRisk"] as? Bool == true)
    }

    @Test func burnTimeText() throws {
        let result = try ToolRunner.uvctl.run(["burn-time", "--skin-type", "I", "--uvi", "10"])
        #expect(result.stdout.contains("Burn time about 10 min"))
        #expect(result.stdout.contains("not medical advice"))
    }

    @Test func quizFromAnswers() throws {
        let json = try ToolRunner.uvctl.run(["skin", "quiz", "--answers", "1,0,1,2,1,0,1,1,0,2", "--json"]).json()
        #expect(json["score"] as? Int == 9)
        #expect(json["skinType"] as? String == "II")
    }

    @Test func quizAskedInteractively() throws {
        let result = try ToolRunner.uvctl.run(["skin", "quiz"], stdin: "4\n4\nseven\n4\n4\n4\n4\n4\n4\n3\n4\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("What colour are your eyes?"))
        #expect(result.stdout.contains("Please type a number from 0 to 4."))
        #expect(result.stdout.contains("Skin type VI (score 39 of 40)"))
        // Not on a terminal: not asked to save, told how.
        #expect(result.stdout.contains("Save it with: uvctl profile set --skin-type VI"))
    }

    @Test func quizStopsCleanlyWhenInputEnds() throws {
        let result = try ToolRunner.uvctl.run(["skin", "quiz"], stdin: "1\n2\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("quiz cancelled at question 3 of 10; nothing was saved"))
    }

    /// NOAA reference case through the command line.
    @Test func sunJSON() throws {
        let json = try ToolRunner.uvctl.run(["sun", "--lat", "40", "--lon", "-105", "--at", "2010-06-21T07:06:00Z", "--json"]).json()
        #expect(json["elevation"] as? Double == -26.554)
        #expect(json["azimuth"] as? Double == 1.099)
        #expect(json["clearSkyUVI"] as? Double == 0)
        for key in ["apparentElevation", "zenith"] { #expect(json[key] is Double, "missing \(key)") }
    }

    @Test func sunModelsCloudAndOzone() throws {
        let args = ["sun", "--lat", "-33.87", "--lon", "151.21", "--at", "2026-01-15T12:40+11:00", "--json"]
        let clear = try #require(try ToolRunner.uvctl.run(args).json()["clearSkyUVI"] as? Double)
        let cloudy = try #require(try ToolRunner.uvctl.run(args + ["--cloud-cover", "100"]).json()["clearSkyUVI"] as? Double)
        let thinOzone = try #require(try ToolRunner.uvctl.run(args + ["--ozone", "250"]).json()["clearSkyUVI"] as? Double)
        #expect(clear > 11 && clear < 15)
        #expect(abs(cloudy - clear * 0.31) < 0.02)
        #expect(thinOzone > clear)
    }

    @Test func guideCoversEveryTopic() throws {
        let all = try ToolRunner.uvctl.run(["guide"]).stdout
        for text in ["UV index levels", "Very high", "Skin types", "Using sunscreen", "Reapply every 2 hours"] {
            #expect(all.contains(text), "guide lacks \(text)")
        }
        let levels = try ToolRunner.uvctl.run(["guide", "levels"]).stdout
        #expect(levels.contains("11+") && !levels.contains("Using sunscreen"))
    }
}

import Foundation
import Testing
import UVCore

@testable import UVSkill

@Suite struct MeasuredDayTests {
    @Test func aDayFileIsReadInStandardTime() throws {
        let day = try GeneratedDays.day(date: "2030-01-15") { _ in 1 }
        #expect(day.date == "2030-01-15")
        #expect(day.coordinate == GeneratedDays.melbourne)
        #expect(day.readings.count == 17 * 60 + 1)
        // 04:00 at UTC+10 is 18:00 UTC the day before.
        #expect(ISOInstant.parse("2030-01-14T18:00:00Z") == day.readings.first?.time)
    }

    @Test(arguments: [
        ("", "the file is empty; expected the header Date-Time,Lat,Lon,UV_Index"),
        ("Time,UV\n", "the file, line 1, starts with \"Time,UV\"; expected the header Date-Time,Lat,Lon,UV_Index"),
        ("Date-Time,Lat,Lon,UV_Index\n", "the file has a header but no rows"),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-01-15 12:00:00,-37.73,145.10\n",
            "the file, line 2, has 3 fields; expected 4: Date-Time,Lat,Lon,UV_Index"
        ),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-02-30 12:00:00,-37.73,145.10,3\n",
            "the file, line 2, has the time \"2030-02-30 12:00:00\"; expected YYYY-MM-DD HH:MM:SS"
        ),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-01-15 24:00:00,-37.73,145.10,3\n",
            "the file, line 2, has the time \"2030-01-15 24:00:00\"; expected YYYY-MM-DD HH:MM:SS"
        ),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-01-15 12:00:00,-97.73,145.10,3\n",
            "the file, line 2, has the place \"-97.73,145.10\"; expected a latitude and a longitude in degrees"
        ),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-01-15 12:00:00,-37.73,145.10,-1\n",
            "the file, line 2, has the UV index \"-1\"; expected a number from 0 to 25"
        ),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-01-15 12:00:00,-37.73,145.10,nan\n",
            "the file, line 2, has the UV index \"nan\"; expected a number from 0 to 25"
        ),
        (
            "Date-Time,Lat,Lon,UV_Index\n2030-01-15 12:01:00,-37.73,145.10,3\n2030-01-15 12:00:00,-37.73,145.10,3\n",
            "the file, line 3, is not later than the row before it; rows must be in time order"
        ),
        (
            // Found by the fuzzer: the replay stepped through a thousand years ten minutes at a time.
            "Date-Time,Lat,Lon,UV_Index\n1014-06-10 12:00:00,-37.73,145.10,2\n2030-06-10 21:01:00,-37.73,145.10,2\n",
            "the file, line 3, is more than a day after the first row; a file holds one day"
        ),
    ])
    func aBrokenFileSaysWhatAndWhere(text: String, message: String) {
        #expect(throws: MeasuredDayError.self) { try MeasuredDay.parse(Data(text.utf8), utcOffsetSeconds: 0) }
        do {
            _ = try MeasuredDay.parse(Data(text.utf8), utcOffsetSeconds: 0)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func windowsLineEndsAndAByteOrderMarkAreRead() throws {
        let text = "\u{FEFF}Date-Time,Lat,Lon,UV_Index\r\n2030-01-15 12:00:00,-37.73,145.10,3.5\r\n"
        let day = try MeasuredDay.parse(Data(text.utf8), utcOffsetSeconds: 0)
        #expect(day.readings == [UVSample(time: Date(timeIntervalSince1970: 1_894_708_800), uvi: 3.5)])
    }
}

import Testing
import UVBus

@testable import UVNotify

/// What each server's answer means, read from typed replies.
@Suite struct DoNotDisturbQuestionTests {
    @Test func aBooleanPropertyIsTheState() {
        #expect(DoNotDisturbQuestion.dunstPaused.answer(.success(.tuple([.variant(.boolean(true))]))) == true)
        #expect(DoNotDisturbQuestion.plasmaInhibited.answer(.success(.tuple([.variant(.boolean(false))]))) == false)
        #expect(DoNotDisturbQuestion.swayncDnd.answer(.success(.tuple([.boolean(true)]))) == true)
    }

    @Test func anotherTypeOrNoAnswerSaysNothing() {
        #expect(DoNotDisturbQuestion.dunstPaused.answer(.success(.tuple([.variant(.string("yes"))]))) == nil)
        #expect(
            DoNotDisturbQuestion.dunstPaused.answer(.failure(BusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no")))
                == nil)
        #expect(DoNotDisturbQuestion.swayncDnd.answer(.failure(BusError(message: "Timeout was reached", timedOut: true))) == nil)
    }

    /// xfconf has no property until it is first set, which is off.
    @Test func xfcesAbsentPropertyIsOff() {
        #expect(
            DoNotDisturbQuestion.xfceProperty.answer(.failure(BusError(name: "org.xfce.Xfconf.Error.PropertyNotFound", message: "none")))
                == false)
        #expect(
            DoNotDisturbQuestion.xfceProperty.answer(.failure(BusError(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "none")))
                == nil)
    }

    @Test func makoIsInDoNotDisturbWhenAModeIsNamedSo() {
        let modes = { (names: [String]) in Result<BusValue, BusError>.success(.tuple([.array(element: "s", names.map(BusValue.string))])) }
        #expect(DoNotDisturbQuestion.makoModes.answer(modes(["default", "do-not-disturb"])) == true)
        #expect(DoNotDisturbQuestion.makoModes.answer(modes(["default", "do-not-disturb-later"])) == false)
    }
}

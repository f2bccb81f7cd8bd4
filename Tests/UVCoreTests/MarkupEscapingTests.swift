import Testing
import UVCore

/// Markup is escaped scalar by scalar: a `<` or `&` followed by a combining mark is one Swift
/// `Character`, and waybar's escaping (which compared characters) left it raw in the markup.
@Suite("Markup escaping")
struct MarkupEscapingTests {
    @Test func everyMarkupScalarIsEscaped() {
        #expect("I & II <b>\"x\"</b> it's".escapingMarkup() == "I &amp; II &lt;b&gt;&quot;x&quot;&lt;/b&gt; it's")
        #expect("it's".escapingMarkup(apostrophe: true) == "it&#39;s")
    }

    @Test func aMarkupScalarFollowedByACombiningMarkIsEscapedToo() {
        #expect("<\u{301}b>&\u{308}".escapingMarkup(apostrophe: true) == "&lt;\u{301}b&gt;&amp;\u{308}")
    }
}

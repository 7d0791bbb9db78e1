import LayoutCore
import Testing

/// The text of every kind of `LayoutError` (the bad-input rules: it names the element index, the
/// field and the value), and the range texts the validation rules put in `outOfRange`. The
/// expected strings are written from the documented format, one per problem kind.
@Suite struct LayoutErrorTests {
    @Test func descriptionOfEveryProblem() {
        #expect(LayoutError(index: 3, field: "width", value: .nan, problem: .notFinite).description
            == "element 3, field 'width': nan is not finite")
        #expect(LayoutError(index: 12, field: "titleWidth", value: -3, problem: .negative).description
            == "element 12, field 'titleWidth': -3.0 is negative")
        #expect(LayoutError(index: 0, field: "height", value: 2_000_000,
                            problem: .outOfRange(expected: "0.0 ... 1048576.0")).description
            == "element 0, field 'height': 2000000.0 is out of range (expected 0.0 ... 1048576.0)")
        #expect(LayoutError(index: 5, field: "inset", value: 30, problem: .inconsistent(rule: "2 * inset fits")).description
            == "element 5, field 'inset': 30.0 breaks the rule 2 * inset fits")
        #expect(LayoutError(index: 7, field: "mode", value: 7, problem: .columnLengthMismatch(expected: 8)).description
            == "column 'mode' has 7 elements, expected 8")
    }

    /// A field name and an expectation longer than the buffer the description reserves.
    @Test func longDescription() {
        let field = String(repeating: "f", count: 150)
        let expected = String(repeating: "e", count: 200)
        let text = LayoutError(index: 123_456, field: field, value: -.infinity, problem: .outOfRange(expected: expected)).description
        #expect(text == "element 123456, field '" + field + "': -inf is out of range (expected " + expected + ")")
    }

    @Test func rangeTexts() {
        #expect(FieldRule.length.problem(with: 2_000_000) == .outOfRange(expected: "0.0 ... 1048576.0"))
        #expect(FieldRule.displayScale.problem(with: 5) == .outOfRange(expected: "0.0 ... 4.0"))
        #expect(FieldRule.range(above: 0, upTo: 4).problem(with: 0)
            == .outOfRange(expected: "> 0.0 and <= 4.0"))
        #expect(FieldRule.length.problem(with: -1) == .negative)
        #expect(FieldRule.length.problem(with: Double.infinity) == .notFinite)
    }
}

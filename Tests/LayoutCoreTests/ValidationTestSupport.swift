import LayoutCore
import Testing

/// Lays out `columns` with the checked batch kernel into an output of `outputCount` controls
/// that `fillWithSentinels` prepares, and returns the kernel's error (`nil` when it accepts the
/// batch); records an issue when a failing batch wrote into the output.
func checkedBatchError<Control: BatchLayout>(
    _ columns: BatchColumns<Control>, outputCount: Int,
    fillWithSentinels: (inout BatchResultColumns<Control>) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) -> LayoutError? {
    var output = BatchResultColumns<Control>(count: outputCount)
    fillWithSentinels(&output)
    let before = output
    do {
        try columns.layout(into: &output)
        return nil
    } catch {
        #expect(output == before, "a failing batch wrote into the output", sourceLocation: sourceLocation)
        return error
    }
}

/// Checks that a bad value put by `spoil` at each of `indices` of a copy of `good` is reported
/// at that index and field, on one thread and split across 2, 3 and 7 (the fast validation
/// pass runs one range per thread), and that the failing batch writes nothing.
func expectBadValueFoundAcrossThreads<Control: BatchLayout>(
    _ good: BatchColumns<Control>, at indices: [Int], field: String,
    spoil: (inout BatchColumns<Control>, Int) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for index in indices {
        var columns = good
        spoil(&columns, index)
        for threads in [1, 2, 3, 7] {
            var output = BatchResultColumns<Control>(count: good.count)
            let before = output
            let error = #expect(throws: LayoutError.self, sourceLocation: sourceLocation) {
                try columns.layout(into: &output, parallelism: .threads(threads))
            }
            #expect(error?.index == index && error?.field == field,
                    "bad \(field) at \(index), \(threads) threads: \(String(describing: error))",
                    sourceLocation: sourceLocation)
            #expect(output == before, "a failing batch wrote into the output", sourceLocation: sourceLocation)
        }
    }
}

/// `BatchValidator`, the part of validation every control shares, on its own: which error
/// wins when several are recorded. (Every check of the library searches only below the
/// current error's index, so a tie at one index never reaches `record` through a batch: no
/// batch-level test or fuzz target can see how `record` breaks it. A custom control's
/// `checkFieldRules` may call `record` directly, and the documented rule, "the lowest element
/// index wins, then the first field in declaration order", must hold for it too.)
@Suite struct CoreValidationTests {
    func error(at index: Int, _ field: String) -> LayoutError {
        LayoutError(index: index, field: field, value: -1, problem: .negative)
    }

    @Test func theLowestIndexThenTheFirstRecordedFieldWins() {
        var validator = BatchValidator(count: 10)
        #expect(validator.searchLimit == 10)
        validator.record(error(at: 7, "width"))
        #expect(validator.error == error(at: 7, "width") && validator.searchLimit == 7)
        validator.record(error(at: 7, "height"))  // same index, later field: ignored
        #expect(validator.error == error(at: 7, "width"))
        validator.record(error(at: 9, "inset"))   // later index: ignored
        #expect(validator.error == error(at: 7, "width"))
        validator.record(error(at: 3, "height"))  // lower index: wins
        #expect(validator.error == error(at: 3, "height") && validator.searchLimit == 3)
        validator.record(error(at: 3, "width"))
        #expect(validator.error == error(at: 3, "height"))
    }
}

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

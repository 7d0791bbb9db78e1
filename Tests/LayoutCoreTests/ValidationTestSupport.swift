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

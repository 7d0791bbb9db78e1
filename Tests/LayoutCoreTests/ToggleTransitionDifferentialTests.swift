import LayoutCore
import LayoutCoreTesting
import Testing

/// The batch kernel against the scalar reference, bit for bit.
@Suite struct ToggleTransitionDifferentialTests {
    /// A million seeded controls per precision and mode, in batches whose lengths vary so that
    /// every tail length, lane position and block position occurs.
    @Test(arguments: LayoutMode.allCases)
    func kernelMatchesReferenceFloat(mode: LayoutMode) { checkMillion(Float.self, mode: mode) }

    @Test(arguments: LayoutMode.allCases)
    func kernelMatchesReferenceDouble(mode: LayoutMode) { checkMillion(Double.self, mode: mode) }

    func checkMillion<S: LayoutScalar>(_: S.Type, mode: LayoutMode) {
        var random = SplitMix64(seed: mode == .fit ? 0x7066_1E : 0x1E6A_C7)
        var configurations: [ToggleTransitionConfiguration<S>] = []
        var columns = ToggleTransitionColumns<S>()
        var output = ToggleTransitionLayerColumns<S>()
        var checked = 0
        var batch = 0
        while checked < 1_000_000 {
            // Batch lengths cycle through 1...4099 in odd steps, so tails of every length occur.
            let length = 1 + (batch * 61) % 4099
            configurations.removeAll(keepingCapacity: true)
            columns = ToggleTransitionColumns()
            for _ in 0..<length {
                let configuration = ToggleTransitionGenerator.configuration(&random, mode: mode, as: S.self)
                configurations.append(configuration)
                columns.append(configuration)
            }
            if let mismatch = ToggleTransitionDifferential.firstMismatch(
                configurations, columns: columns, output: &output) {
                Issue.record("\(mismatch)")
                return
            }
            checked += length
            batch += 1
        }
    }
}

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
        var output = ToggleTransitionResultColumns<S>()
        var checked = 0
        var batch = 0
        while checked < TestTier.cases(full: 1_000_000, quick: 40_000) {
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

    /// Every batch length from 0 to 3x the lane width + 1 (tails of every length, and batches
    /// made of a tail only), modes, states and curves mixed lane by lane.
    @Test func everyShortBatchLength() {
        var random = SplitMix64(seed: 7)
        for length in 0...(3 * Parallelism.laneWidth + 1) {
            for _ in 0..<200 {
                let floats = (0..<length).map { _ in ToggleTransitionGenerator.configuration(&random, as: Float.self) }
                let doubles = (0..<length).map { _ in ToggleTransitionGenerator.configuration(&random, as: Double.self) }
                #expect(ToggleTransitionDifferential.firstMismatch(floats) == nil, "length \(length)")
                #expect(ToggleTransitionDifferential.firstMismatch(doubles) == nil, "length \(length)")
            }
        }
    }

    /// Lengths around the kernel's chunk (256 controls) and solver block (32 lanes), with
    /// every control animating along the curve (the solver's packed pass full) or none.
    @Test func chunkAndBlockBoundaries() {
        var random = SplitMix64(seed: 8)
        for length in [31, 32, 33, 255, 256, 257, 259, 511, 512, 515] {
            for allEased in [true, false] {
                let configurations = (0..<length).map { _ in
                    var c = ToggleTransitionGenerator.configuration(&random, as: Float.self)
                    if allEased {
                        (c.curve, c.animated, c.elapsed) = (.easeInOut, true, c.duration * 0.375)
                        if c.from == c.to { c.to = c.from.tapped() }
                    }
                    return c
                }
                #expect(ToggleTransitionDifferential.firstMismatch(configurations) == nil, "length \(length)")
            }
        }
    }

    /// Splitting a batch across threads changes nothing.
    @Test func threadedBatchMatchesReference() {
        var random = SplitMix64(seed: 99)
        let configurations = (0..<50_003).map { _ in ToggleTransitionGenerator.configuration(&random, as: Float.self) }
        #expect(ToggleTransitionDifferential.firstMismatch(configurations, parallelism: .threads(3)) == nil)
    }
}

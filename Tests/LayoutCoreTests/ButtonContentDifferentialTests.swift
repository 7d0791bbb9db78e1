import LayoutCore
import LayoutCoreTesting
import Testing

/// The batch kernel against the scalar reference, bit for bit.
@Suite struct ButtonContentDifferentialTests {
    /// Over a million seeded controls per precision and mode, in batches whose lengths vary
    /// so that every tail length and lane position occurs.
    @Test(arguments: LayoutMode.allCases)
    func kernelMatchesReferenceFloat(mode: LayoutMode) { checkMillion(Float.self, mode: mode) }

    @Test(arguments: LayoutMode.allCases)
    func kernelMatchesReferenceDouble(mode: LayoutMode) { checkMillion(Double.self, mode: mode) }

    func checkMillion<S: LayoutScalar>(_: S.Type, mode: LayoutMode) {
        var random = SplitMix64(seed: mode == .fit ? 0xB0770 : 0x1E6AC7)
        var checked = 0
        var batch = 0
        while checked < TestTier.cases(full: 1_000_000, quick: 40_000) {
            // Batch lengths cycle through 1...4099 in odd steps, so tails of every length occur.
            let length = 1 + (batch * 61) % 4099
            let configurations = (0..<length).map { _ in
                ButtonContentGenerator.configuration(&random, mode: mode, as: S.self)
            }
            if let mismatch = ButtonContentDifferential.firstMismatch(configurations) {
                Issue.record("\(mismatch)")
                return
            }
            checked += length
            batch += 1
        }
    }

    /// Every batch length from 0 to 3x the lane width + 1, modes, placements and directions
    /// mixed lane by lane.
    @Test func everyShortBatchLength() {
        var random = SplitMix64(seed: 7)
        for length in 0...(3 * Parallelism.laneWidth + 1) {
            for _ in 0..<200 {
                let floats = (0..<length).map { _ in ButtonContentGenerator.configuration(&random, as: Float.self) }
                let doubles = (0..<length).map { _ in ButtonContentGenerator.configuration(&random, as: Double.self) }
                #expect(ButtonContentDifferential.firstMismatch(floats) == nil, "length \(length)")
                #expect(ButtonContentDifferential.firstMismatch(doubles) == nil, "length \(length)")
            }
        }
    }

    /// Splitting a batch across threads changes nothing.
    @Test func threadedBatchMatchesReference() {
        var random = SplitMix64(seed: 99)
        let configurations = (0..<100_003).map { _ in ButtonContentGenerator.configuration(&random, as: Float.self) }
        #expect(ButtonContentDifferential.firstMismatch(configurations, parallelism: .threads(3)) == nil)
    }
}

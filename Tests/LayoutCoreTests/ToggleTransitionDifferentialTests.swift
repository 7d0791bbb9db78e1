import LayoutCore
import LayoutCoreTesting
import Testing

/// The kernel against the reference on this control's own edge cases (the generic suites,
/// ControlSuiteTests, run the seeded million, the short batches and the threads).
@Suite struct ToggleTransitionDifferentialTests {
    /// Lengths around the kernel's chunk (256 controls) and solver block (32 lanes), with
    /// every control animating along the curve (the solver's packed pass full) or none.
    @Test func chunkAndBlockBoundaries() {
        var random = SplitMix64(seed: 8)
        for length in [31, 32, 33, 255, 256, 257, 259, 511, 512, 515] {
            for allEased in [true, false] {
                let configurations = (0..<length).map { _ in
                    var c = ToggleTransitionConfiguration<Float>.generated(&random, mode: nil)
                    if allEased {
                        (c.curve, c.animated, c.elapsed) = (.easeInOut, true, c.duration * 0.375)
                        if c.from == c.to { c.to = c.from.tapped() }
                    }
                    return c
                }
                #expect(Differential.firstMismatch(configurations) == nil, "length \(length)")
            }
        }
    }
}

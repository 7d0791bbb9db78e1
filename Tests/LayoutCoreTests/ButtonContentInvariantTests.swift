import LayoutCore
import LayoutCoreTesting
import Testing

/// B1-B8 for `.fit` over 100,000 seeded valid inputs per precision: fitting, overflowing,
/// absent items, insets larger than the bounds, fractional, huge, every scale.
@Suite struct ButtonContentInvariantTests {
    @Test func invariantsHoldFloat() { check(Float.self, seed: 0xF10A7) }
    @Test func invariantsHoldDouble() { check(Double.self, seed: 0xD0B1E) }

    func check<S: LayoutScalar>(_: S.Type, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var failures = 0
        for index in 0..<TestTier.cases(full: 100_000, quick: 10_000) {
            let configuration = ButtonContentGenerator.configuration(&random, mode: .fit, as: S.self)
            let violations = ButtonContentInvariants.violations(configuration)
            if !violations.isEmpty {
                failures += 1
                if failures <= 5 { Issue.record("case \(index): \(violations[0])") }
            }
        }
        #expect(failures == 0)
    }

    /// The checks are not vacuous: frames broken on purpose are caught.
    @Test func checksCatchBrokenFrames() {
        let configuration = ButtonContentConfiguration<Double>(
            bounds: LayoutSize(width: 100, height: 40),
            imageSize: LayoutSize(width: 20, height: 20), titleSize: LayoutSize(width: 40, height: 20),
            imagePlacement: .leading, imagePadding: 4, displayScale: 2)
        let good = ButtonContent.layout(unchecked: configuration)
        #expect(ButtonContentInvariants.geometryViolations(configuration, good, checkOrder: true).isEmpty)
        var overlapping = good
        overlapping.titleFrame.x = good.imageFrame.maxX - 0.5  // the classic rounding overlap
        #expect(ButtonContentInvariants.geometryViolations(configuration, overlapping, checkOrder: true).map(\.invariant) == ["B3"])
        var negative = good
        negative.imageFrame.x = -1
        #expect(ButtonContentInvariants.geometryViolations(configuration, negative, checkOrder: true).map(\.invariant).contains("B2"))
    }
}

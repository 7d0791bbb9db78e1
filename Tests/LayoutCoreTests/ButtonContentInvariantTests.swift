import LayoutCore
import LayoutCoreTesting
import Testing

/// B1-B8 for `.fit`: the checks catch broken frames (ControlSuiteTests runs them over seeded
/// valid inputs in both precisions: fitting, overflowing, absent items, insets larger than the
/// bounds, fractional, huge, every scale).
@Suite struct ButtonContentInvariantTests {
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

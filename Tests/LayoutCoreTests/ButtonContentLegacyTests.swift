import LayoutCore
import LayoutCoreTesting
import Testing

/// `.legacy` reproduces the original button code's centering (XLXButton, an Objective-C
/// button subclass), overflow bug included; `.fit` does not.
@Suite struct ButtonContentLegacyTests {
    /// A 40x20 button, a 30x30 image and a 60x20 title side by side, spacing 4. The original code's
    /// formula: image x = (40 - 30 - 60 - 4) / 2 = -27, title x = -27 + 30 + 4 = 7 (its far edge
    /// 67 lies outside the 40-pt button), image y = (20 - 30) / 2 = -5.
    @Test func legacyGivesNegativeOriginsOnOverflow() {
        let configuration = ButtonContentConfiguration<Double>.example(
            bounds: (40, 20), image: (30, 30), title: (60, 20), .leading, padding: 4, mode: .legacy)
        let frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.imageFrame == LayoutRect(x: -27, y: -5, width: 30, height: 30))
        #expect(frames.titleFrame == LayoutRect(x: 7, y: 0, width: 60, height: 20))
        let found = Set(ButtonContentInvariants.legacyViolations(configuration).map(\.invariant))
        #expect(found == ["B2", "B4"])
        // The same input in `.fit` keeps every invariant, B2-B4 included.
        #expect(configuration.invariantViolations().isEmpty)
    }

    /// The original button's top placement with the early version's spacing
    /// of 5: a 60x60 button, a 24x24 image over a 40x14 title: image y = (60-24-14-5)/2 = 8.5,
    /// title y = 8.5 + 24 + 5 = 37.5, image x = (60-24)/2 = 18, title x = (60-40)/2 = 10.
    @Test func legacyTopPlacementMatchesSeed() {
        let configuration = ButtonContentConfiguration<Float>.example(
            bounds: (60, 60), image: (24, 24), title: (40, 14), .top, padding: 5, mode: .legacy)
        let frames = ButtonContent.layout(unchecked: configuration)
        #expect(frames.imageFrame == LayoutRect(x: 18, y: 8.5, width: 24, height: 24))
        #expect(frames.titleFrame == LayoutRect(x: 10, y: 37.5, width: 40, height: 14))
    }

    /// In `.legacy` an absent title still takes the spacing (the seed has no notion of
    /// absence): image 20 wide, title 0, spacing 10 in 100: image x = (100 - 30) / 2 = 35.
    /// `.fit` centers the image alone: x = 40.
    @Test func legacyKeepsSpacingForAbsentTitle() {
        var configuration = ButtonContentConfiguration<Double>.example(
            bounds: (100, 20), image: (20, 20), title: (0, 0), .leading, padding: 10, mode: .legacy)
        #expect(ButtonContent.layout(unchecked: configuration).imageFrame.x == 35)
        configuration.mode = .fit
        #expect(ButtonContent.layout(unchecked: configuration).imageFrame.x == 40)
    }

    /// Over seeded overflowing inputs, the legacy checks find the original code's bugs (they are not
    /// vacuous), and `.fit` never has them.
    @Test func legacyBugsAreFoundOnOverflowAndFitIsClean() {
        var random = SplitMix64(seed: 3)
        var legacyFindings = 0
        for _ in 0..<5_000 {
            let configuration = ButtonContentConfiguration<Double>.generated(&random, mode: nil)
            if !ButtonContentInvariants.legacyViolations(configuration).isEmpty { legacyFindings += 1 }
            var fit = configuration
            fit.mode = .fit
            let fitFindings = ButtonContentInvariants.geometryViolations(fit, ButtonContent.layout(unchecked: fit), checkOrder: true)
            #expect(fitFindings.isEmpty, "\(fitFindings)")
        }
        #expect(legacyFindings > 100)
    }
}

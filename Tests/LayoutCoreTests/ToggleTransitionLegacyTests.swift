import LayoutCore
import LayoutCoreTesting
import Testing

/// `.legacy` reproduces each quirk of the original control it follows
/// (UIControlFlagView, an Objective-C flag control; 0.3 s); `.fit` does not. The
/// quirk detectors (`ToggleTransitionInvariants.legacyQuirks`) find them.
@Suite struct ToggleTransitionLegacyTests {
    static func configuration<S: LayoutScalar>(
        _ from: ToggleState, _ to: ToggleState, elapsed: S, animated: Bool = true, mode: LayoutMode
    ) -> ToggleTransitionConfiguration<S> {
        ToggleTransitionConfiguration(
            bounds: LayoutSize(width: 44, height: 44), offImageSize: LayoutSize(width: 24, height: 24),
            onImageSize: LayoutSize(width: 24, height: 24), indeterminateImageSize: LayoutSize(width: 24, height: 24),
            from: from, to: to, elapsed: elapsed, duration: 0.3, mode: mode)
    }

    /// Quirk 1, state/picture mismatch: the original control `.legacy` follows changes the picture only for off -> on and
    /// on -> off, but stores every requested state. From indeterminate, a request for `.off`
    /// stores `.off` and leaves the indeterminate picture: by hand, every scale 1, alphas
    /// off 0, on 0, indeterminate 1, whatever the time and with or without animation.
    @Test func legacyStoresTheStateButKeepsThePicture() {
        func check<S: LayoutScalar>(_: S.Type) {
            for animated in [true, false] {
                for time: S in [0, 0.15, 0.3, 0.6] {
                    let legacy = Self.configuration(.indeterminate, .off, elapsed: time, animated: animated, mode: .legacy)
                    let layers = ToggleTransition.layout(unchecked: legacy)
                    #expect(layers.off.alpha == 0 && layers.on.alpha == 0 && layers.indeterminate.alpha == 1)
                    #expect(layers.off.scale == 1 && layers.on.scale == 1 && layers.indeterminate.scale == 1)
                    #expect(ToggleTransitionInvariants.legacyQuirks(legacy, layers).stateMismatch != nil, "\(legacy)")
                    #expect(Differential.firstMismatch([legacy]) == nil)

                    var fit = legacy
                    fit.mode = .fit
                    let fitLayers = ToggleTransition.layout(unchecked: fit)
                    #expect(ToggleTransitionInvariants.legacyQuirks(fit, fitLayers).stateMismatch == nil, "\(fit)")
                    #expect(fit.invariantViolations().isEmpty)
                }
            }
        }
        check(Float.self)
        check(Double.self)
    }

    /// Quirk 2, double-visible layers: the original control `.legacy` follows never hides the indeterminate layer, so after
    /// indeterminate -> on it is still visible under the on layer: by hand, at and after
    /// `t = d` alphas on 1 and indeterminate 1 (off 0), every scale 1.
    @Test func legacyLeavesTheIndeterminateLayerVisible() {
        func check<S: LayoutScalar>(_: S.Type) {
            for animated in [true, false] {
                for time: S in [0.3, 0.45, 3] {
                    let legacy = Self.configuration(.indeterminate, .on, elapsed: time, animated: animated, mode: .legacy)
                    let layers = ToggleTransition.layout(unchecked: legacy)
                    #expect(layers.on.alpha == 1 && layers.indeterminate.alpha == 1 && layers.off.alpha == 0)
                    #expect(layers.off.scale == 1 && layers.on.scale == 1 && layers.indeterminate.scale == 1)
                    #expect(ToggleTransitionInvariants.legacyQuirks(legacy, layers).doubleVisible != nil, "\(legacy)")
                    #expect(ToggleTransitionInvariants.legacyQuirks(legacy, layers).stateMismatch == nil)
                    #expect(Differential.firstMismatch([legacy]) == nil)

                    var fit = legacy
                    fit.mode = .fit
                    let fitLayers = ToggleTransition.layout(unchecked: fit)
                    #expect(fitLayers.indeterminate.alpha == 0 && fitLayers.on.alpha == 1)
                    #expect(ToggleTransitionInvariants.legacyQuirks(fit, fitLayers).doubleVisible == nil, "\(fit)")
                    #expect(fit.invariantViolations().isEmpty)
                }
            }
            // Mid-transition the detectors look at where the request ends: still found.
            let midway = Self.configuration(.indeterminate, .on, elapsed: S(0.1), mode: .legacy)
            #expect(ToggleTransitionInvariants.legacyQuirks(midway, ToggleTransition.layout(unchecked: midway)).doubleVisible != nil)
        }
        check(Float.self)
        check(Double.self)
    }

    /// What that original control gets right, off -> on and on -> off, `.legacy` computes exactly as `.fit`.
    @Test func legacyOnOffChangesMatchFit() {
        var random = SplitMix64(seed: 0x5EED_001)
        for _ in 0..<2_000 {
            var configuration = ToggleTransitionConfiguration<Float>.generated(&random, mode: .legacy)
            if configuration.from == .indeterminate { configuration.from = configuration.to.tapped() }
            var fit = configuration
            fit.mode = .fit
            #expect(ResultBits.equal(
                ToggleTransition.layout(unchecked: configuration), ToggleTransition.layout(unchecked: fit),
                as: ToggleTransitionConfiguration<Float>.self),
                "\(configuration)")
        }
    }

    /// Over random `.legacy` input the detectors fire exactly on the original control's quirks (requests
    /// from indeterminate: to `.off` a mismatch, to `.on` two visible layers), and the G1-G6
    /// checks report them; over the same input in `.fit` nothing fires.
    @Test func detectorsFireExactlyOnTheQuirks() {
        var random = SplitMix64(seed: 0xD37EC7)
        var found = (mismatch: 0, double: 0)
        for _ in 0..<5_000 {
            let legacy = ToggleTransitionConfiguration<Double>.generated(&random, mode: .legacy)
            let layers = ToggleTransition.layout(unchecked: legacy)
            let mismatch = ToggleTransitionInvariants.legacyQuirks(legacy, layers).stateMismatch != nil
            let double = ToggleTransitionInvariants.legacyQuirks(legacy, layers).doubleVisible != nil
            let fromIndeterminate = legacy.from == .indeterminate
            #expect(mismatch == (fromIndeterminate && legacy.to == .off), "\(legacy)")
            #expect(double == (fromIndeterminate && legacy.to == .on), "\(legacy)")
            if mismatch || double {
                #expect(ToggleTransitionInvariants.violations(legacy, layers).contains { $0.invariant == "G2" })
            }
            if mismatch { found.mismatch += 1 }
            if double { found.double += 1 }

            var fit = legacy
            fit.mode = .fit
            let fitLayers = ToggleTransition.layout(unchecked: fit)
            #expect(ToggleTransitionInvariants.legacyQuirks(fit, fitLayers).stateMismatch == nil)
            #expect(ToggleTransitionInvariants.legacyQuirks(fit, fitLayers).doubleVisible == nil)
        }
        #expect(found.mismatch > 100 && found.double > 100)
    }
}

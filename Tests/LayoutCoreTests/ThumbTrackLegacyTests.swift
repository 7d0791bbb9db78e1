import LayoutCore
import LayoutCoreTesting
import Testing

/// Each bug of the original switch code (Docs/ThumbTrack.md, `.legacy`), reproduced by `.legacy` on
/// that switch's 210 x 35 bounds and
/// absent from `.fit` on the same input; the detectors (shared with the fuzz targets) name it.
/// Expected frames are worked out by hand from the original code's formulas: `tw = W/2 - 1 = 104`,
/// right rest `x = W/2 - 1 = 104`, `.fit` rests 1 and 105.
@Suite struct ThumbTrackLegacyTests {
    static func seedSwitch(_ mode: LayoutMode, k: Int, dx: Double, _ phase: ThumbTrackPhase) -> ThumbTrackConfiguration<Double> {
        ThumbTrackConfiguration(bounds: LayoutSize(width: 210, height: 35), inset: 1, selectedIndex: k,
                                translation: dx, phase: phase, mode: mode)
    }

    /// Both layouts of the seed switch, after checking the kernel agrees with the reference.
    static func layouts(k: Int, dx: Double, _ phase: ThumbTrackPhase)
        -> (legacy: (ThumbTrackConfiguration<Double>, ThumbTrackResult<Double>), fit: (ThumbTrackConfiguration<Double>, ThumbTrackResult<Double>)) {
        let legacy = seedSwitch(.legacy, k: k, dx: dx, phase)
        let fit = seedSwitch(.fit, k: k, dx: dx, phase)
        #expect(Differential.firstMismatch([legacy, fit]) == nil)
        return ((legacy, ThumbTrack.layout(unchecked: legacy)), (fit, ThumbTrack.layout(unchecked: fit)))
    }

    /// Dragged left by 10 from the left side: the seed draws the thumb at `105 - 10 - 1 = 94`,
    /// on the right, and on release `-10 > -52` sends it right. `.fit` keeps it at 1, index 0.
    @Test func jumpsToTheOtherSide() {
        let during = Self.layouts(k: 0, dx: -10, .changed)
        #expect(during.legacy.1.thumbFrame.x == 94)
        #expect(ThumbTrackInvariants.detect(.jumpsToOtherSide, during.legacy.0, during.legacy.1)?.invariant == "T8")
        #expect(during.fit.1.thumbFrame.x == 1)
        #expect(ThumbTrackInvariants.detect(.jumpsToOtherSide, during.fit.0, during.fit.1) == nil)

        let released = Self.layouts(k: 0, dx: -10, .ended)
        #expect(released.legacy.1.selectedIndex == 1 && released.legacy.1.thumbFrame.x == 104)
        #expect(ThumbTrackInvariants.detect(.jumpsToOtherSide, released.legacy.0, released.legacy.1)?.invariant == "T5")
        #expect(released.fit.1.selectedIndex == 0 && released.fit.1.thumbFrame.x == 1)
        #expect(ThumbTrackInvariants.detect(.jumpsToOtherSide, released.fit.0, released.fit.1) == nil)

        // The mirror image: dragged right by 10 from the right side, the seed draws it at x = 10.
        let fromRight = Self.layouts(k: 1, dx: 10, .changed)
        #expect(fromRight.legacy.1.thumbFrame.x == 10)
        #expect(ThumbTrackInvariants.detect(.jumpsToOtherSide, fromRight.legacy.0, fromRight.legacy.1) != nil)
        #expect(fromRight.fit.1.thumbFrame.x == 105)
    }

    /// Released without moving from the left: `dx == 0` takes the original handler's "left" branch, where
    /// `max(0, -104) = 0 <= -52` is false: it goes right. `.fit` stays.
    @Test func releaseWithoutMovementGoesRight() {
        let (legacy, fit) = Self.layouts(k: 0, dx: 0, .ended)
        #expect(legacy.1.thumbFrame == LayoutRect(x: 104, y: 1, width: 104, height: 33))
        #expect(legacy.1.selectedIndex == 1 && legacy.1.indexChanged)
        #expect(ThumbTrackInvariants.detect(.releaseWithoutMovementMoves, legacy.0, legacy.1)?.invariant == "T7")
        #expect(fit.1.thumbFrame == LayoutRect(x: 1, y: 1, width: 104, height: 33))
        #expect(fit.1.selectedIndex == 0 && !fit.1.indexChanged)
        #expect(ThumbTrackInvariants.detect(.releaseWithoutMovementMoves, fit.0, fit.1) == nil)
    }

    /// The right rest: the original switch's thumb spans 104...208, 2 points from the right edge, against 1
    /// on the left. `.fit`'s spans 105...209.
    @Test func asymmetricInset() {
        let (legacy, fit) = Self.layouts(k: 0, dx: 60, .ended)
        #expect(legacy.1.thumbFrame == LayoutRect(x: 104, y: 1, width: 104, height: 33))
        #expect(210 - legacy.1.thumbFrame.maxX == 2)
        #expect(ThumbTrackInvariants.detect(.asymmetricInset, legacy.0, legacy.1)?.invariant == "T4")
        #expect(fit.1.thumbFrame == LayoutRect(x: 105, y: 1, width: 104, height: 33))
        #expect(210 - fit.1.thumbFrame.maxX == 1)
        #expect(ThumbTrackInvariants.detect(.asymmetricInset, fit.0, fit.1) == nil)
    }

    /// Dragged right by 0.5 from the left: the original code's x is `min(0.5, 104) = 0.5`, inside the
    /// inset of 1 (and left of where the thumb started). `.fit` gives 1 + 0.5.
    @Test func crossesTheInset() {
        let (legacy, fit) = Self.layouts(k: 0, dx: 0.5, .changed)
        #expect(legacy.1.thumbFrame.x == 0.5)
        #expect(ThumbTrackInvariants.detect(.crossesInset, legacy.0, legacy.1)?.invariant == "T2")
        #expect(fit.1.thumbFrame.x == 1.5)
        #expect(ThumbTrackInvariants.detect(.crossesInset, fit.0, fit.1) == nil)
    }

    /// Over generated controls: every bug class shows up in `.legacy` in both precisions, and
    /// the general T-checks flag `.legacy` too. (That none shows up in `.fit` is checked over
    /// the 100,000 cases per precision of ThumbTrackInvariantTests, and below on 5,000.)
    @Test func detectorsOverGeneratedControls() {
        sweep(Float.self)
        sweep(Double.self)
    }

    func sweep<S: LayoutScalar>(_: S.Type) {
        var random = SplitMix64(seed: 0x5EED_B065)
        var legacyFound: [ThumbTrackLegacyBug: Int] = [:]
        var legacyInvariantFailures = 0
        for _ in 0..<5_000 {
            let c = ThumbTrackConfiguration<S>.generated(&random, mode: .legacy)
            let r = ThumbTrack.layout(unchecked: c)
            for (bug, _) in ThumbTrackInvariants.seedBugs(c, r) { legacyFound[bug, default: 0] += 1 }
            if !ThumbTrackInvariants.violations(c, r).isEmpty { legacyInvariantFailures += 1 }
        }
        for bug in ThumbTrackLegacyBug.allCases {
            #expect(legacyFound[bug, default: 0] > 50, "\(S.self): .legacy shows \(bug) \(legacyFound[bug, default: 0]) times")
        }
        #expect(legacyInvariantFailures > 1_000)

        var fitFound = 0
        for _ in 0..<5_000 {
            let c = ThumbTrackConfiguration<S>.generated(&random, mode: .fit)
            let bugs = ThumbTrackInvariants.seedBugs(c, ThumbTrack.layout(unchecked: c))
            if let first = bugs.first {
                fitFound += 1
                if fitFound <= 3 { Issue.record("\(S.self) .fit shows a legacy bug: \(first.violation)") }
            }
        }
        #expect(fitFound == 0)
    }
}

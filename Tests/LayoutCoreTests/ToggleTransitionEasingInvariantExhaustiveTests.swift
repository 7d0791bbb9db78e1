import LayoutCore
import LayoutCoreTesting
import Testing

/// The `.easeInOut` solver over every `Float` progress value in [0, 1] (1,065,353,217 values):
/// its largest error against the exact curve, which Docs/ToggleTransition.md quotes; within
/// G7's tolerance everywhere; never decreasing from one value to the next (G4); and the
/// kernel's tabulated solver equal to the reference's bisection, bit for bit, at every value.
/// In the full tier only (about 30 s of one core in a release build; the CI's full-tier step
/// runs it, its filter matches "Invariant"):
///
///     LAYOUTCORE_TEST_TIER=full swift test -c release --disable-testable-imports \
///         --filter ToggleTransitionEasingInvariantExhaustive
///
/// The reference's solver (`ToggleEasing.easeInOut`) runs on lane vectors of eight values,
/// which perform the scalar's IEEE operations lane by lane; the scalar reference is compared
/// with them at every 4096th value, and the maximum is recomputed with it.
///
/// The exact curve is `ToggleTransitionInvariants.exactEaseInOut` (G7's: the Bézier's
/// Bernstein form in `Double`, solved by bisection to convergence). Fifty bisection steps per
/// value would take minutes, so the curve's parameter is found by Newton's method on the same
/// form in `Double`: two steps from the previous lane group's parameter (eight values apart at
/// most, so the first step leaves an error near 1e-13 and the second one at rounding level).
/// The result is checked against `exactEaseInOut` at every 4096th value and at the worst.
@Suite struct ToggleTransitionEasingInvariantExhaustiveTests {
    /// The Bézier's `X` in Bernstein form with control points 0.42 and 0.58, and its derivative.
    static func bezierX(_ s: Double) -> (x: Double, slope: Double) {
        let r = 1 - s
        return (3 * r * r * s * 0.42 + 3 * r * s * s * 0.58 + s * s * s,
                1.26 * r * r + 0.96 * r * s + 1.26 * s * s)
    }

    /// The Bézier's `Y` in Bernstein form with control points 0 and 1.
    static func bezierY(_ s: Double) -> Double { s * s * (3 - 2 * s) }

    @Test(.enabled(if: TestTier.isFull))
    func everyFloatProgressValue() {
        typealias Lanes = LaneVector<Float>
        let width = Lanes.width, one = Float(1).bitPattern
        var worst = (error: 0.0, at: Float(0)), overTolerance = 0, decreases = 0
        var kernelDifferences = 0, scalarDifferences = 0, worstNewtonDifference = 0.0
        var s = 0.0, previous = Float(0)
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * width) { buffer in
            let inputs = buffer.baseAddress!, reference = inputs + width, kernel = inputs + 2 * width
            var first: UInt32 = 0
            while first <= one {
                // A lane group of consecutive values (the last group holds 1.0 alone).
                let count = Int(min(UInt32(width), one - first + 1))
                for lane in 0..<width { inputs[lane] = Float(bitPattern: min(first + UInt32(lane), one)) }
                let x = Lanes.load(inputs, at: 0, count: width)
                ToggleEasing.easeInOut(x).store(to: reference, at: 0, count: width)
                ToggleEasing.easeInOutTabulated(x).store(to: kernel, at: 0, count: width)
                // Each lane's parameter: a Newton step from the last group's, then one more.
                let (xAtStart, slopeAtStart) = Self.bezierX(s)
                let start = s
                for lane in 0..<count {
                    let progress = inputs[lane], value = reference[lane]
                    var t = start - (xAtStart - Double(progress)) / slopeAtStart
                    let (curveX, slope) = Self.bezierX(t)
                    t -= (curveX - Double(progress)) / slope
                    s = t
                    let exact = Self.bezierY(t)
                    let error = abs(Double(value) - exact)
                    if error > worst.error { worst = (error, progress) }
                    if error > ToggleTransitionInvariants.easeInOutTolerance { overTolerance += 1 }
                    if value < previous { decreases += 1 }
                    if value.bitPattern != kernel[lane].bitPattern { kernelDifferences += 1 }
                    previous = value
                }
                if first & 0xFFF == 0 {
                    let progress = inputs[0]
                    if ToggleTransitionCurve.easeInOut.value(at: progress).bitPattern != reference[0].bitPattern {
                        scalarDifferences += 1
                    }
                    let (curveX, slope) = Self.bezierX(start)
                    let t = start - (curveX - Double(progress)) / slope
                    let newton = Self.bezierY(t - (Self.bezierX(t).x - Double(progress)) / Self.bezierX(t).slope)
                    worstNewtonDifference = max(worstNewtonDifference,
                                                abs(newton - ToggleTransitionInvariants.exactEaseInOut(Double(progress))))
                }
                first += UInt32(count)
            }
        }
        // The figure from the scalar reference and G7's exact curve themselves.
        let errorAtWorst = abs(Double(ToggleTransitionCurve.easeInOut.value(at: worst.at))
                               - ToggleTransitionInvariants.exactEaseInOut(Double(worst.at)))
        print("easeInOut, Float, every progress value in [0, 1]: max error \(errorAtWorst) at x = \(worst.at)"
              + " (\(overTolerance) values above \(ToggleTransitionInvariants.easeInOutTolerance),"
              + " \(decreases) decreases, \(kernelDifferences) kernel differences;"
              + " Newton against the bisection: \(worstNewtonDifference))")
        #expect(worstNewtonDifference < 1e-13)
        #expect(abs(errorAtWorst - worst.error) < 1e-13)
        #expect(overTolerance == 0)
        #expect(decreases == 0)
        #expect(kernelDifferences == 0)
        #expect(scalarDifferences == 0)
        #expect(ToggleTransitionCurve.easeInOut.value(at: Float(0)) == 0)
        #expect(ToggleTransitionCurve.easeInOut.value(at: Float(1)) == 1)
    }

    /// `Double` has too many values to try them all; its error is the chord's (rounding adds
    /// about 1e-16), a smooth function of the progress within each bracket, so every multiple
    /// of 2^-24 (about 40,000 per bracket) finds its maximum.
    @Test(.enabled(if: TestTier.isFull))
    func doubleProgressEvery2ToTheMinus24() {
        var worst = (error: 0.0, at: 0.0), overTolerance = 0
        var s = 0.0
        let steps = 1 << 24
        for index in 0...steps {
            let x = Double(index) / Double(steps)
            let value = ToggleTransitionCurve.easeInOut.value(at: x)
            let (curveX, slope) = Self.bezierX(s)
            s -= (curveX - x) / slope
            let error = abs(value - Self.bezierY(s))
            if error > worst.error { worst = (error, x) }
            if error > ToggleTransitionInvariants.easeInOutTolerance { overTolerance += 1 }
        }
        let errorAtWorst = abs(ToggleTransitionCurve.easeInOut.value(at: worst.at)
                               - ToggleTransitionInvariants.exactEaseInOut(worst.at))
        print("easeInOut, Double, every multiple of 2^-24 in [0, 1]: max error \(errorAtWorst) at x = \(worst.at)")
        #expect(abs(errorAtWorst - worst.error) < 1e-13)
        #expect(overTolerance == 0)
    }
}

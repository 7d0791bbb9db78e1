import LayoutCore
import LayoutCoreTesting
import Testing

/// The ease-in-ease-out solver (18 bisection steps) against the exact curve, and the
/// properties the kernel and the invariants rely on: exact ends, monotone everywhere.
@Suite struct ToggleTransitionEasingTests {
    /// The exact curve, as UIKit defines it (the cubic Bézier with control points (0.42, 0)
    /// and (0.58, 1), solved by bisection in `Double`): the invariant G7's reference, which
    /// shares nothing with the library's solver.
    static func exactEaseInOut(_ x: Double) -> Double { ToggleTransitionInvariants.exactEaseInOut(x) }

    /// The largest difference from the exact curve over 10,000 evenly spaced progress values
    /// (the ends included), for one precision.
    static func maximumError<S: LayoutScalar>(_: S.Type) -> (error: Double, at: Double) {
        var worst = (error: 0.0, at: 0.0)
        for index in 0..<10_000 {
            let x = S(Double(index) / 9_999)
            let error = abs(Double(ToggleTransitionCurve.easeInOut.value(at: x)) - exactEaseInOut(Double(x)))
            if error > worst.error { worst = (error, Double(x)) }
        }
        return worst
    }

    @Test func withinOneHundredThousandthOfTheExactCurve() {
        let float = Self.maximumError(Float.self)
        let double = Self.maximumError(Double.self)
        // The measured figures are quoted in Docs/ToggleTransition.md.
        print("easeInOut max error over 10,000 points: Float \(float.error) at \(float.at), Double \(double.error) at \(double.at)")
        #expect(float.error < 1e-5, "Float: \(float)")
        #expect(double.error < 1e-5, "Double: \(double)")
        // The bound the documentation derives: 1.5 * 2^-19 plus rounding.
        #expect(double.error <= 1.5 / 524_288 + 1e-12)
    }

    @Test func exactEndsAndSymmetry() {
        func check<S: LayoutScalar>(_: S.Type) {
            let curve = ToggleTransitionCurve.easeInOut
            #expect(curve.value(at: S(0)) == 0)
            #expect(curve.value(at: S(-0.0)) == 0)
            #expect(curve.value(at: S(1)) == 1)
            #expect(abs(Double(curve.value(at: S(0.5))) - 0.5) < 1e-5)
            #expect(ToggleTransitionCurve.linear.value(at: S(0.375)) == 0.375)
            // Point symmetry of the curve about (0.5, 0.5), up to the solver's error.
            for index in 0...100 {
                let x = S(index) / 100
                let sum = Double(curve.value(at: x)) + Double(curve.value(at: 1 - x))
                #expect(abs(sum - 1) < 2e-5, "\(S.self) x = \(x)")
            }
        }
        check(Float.self)
        check(Double.self)
    }

    /// `Y` at every point the bisection can end on (the 2^18 odd multiples of 2^-19), in
    /// order: never decreasing, within [0, 1]. With the monotone walk from `x` to that point
    /// (see ToggleTransition+Easing.swift), this makes the eased progress monotone in `x`
    /// exactly, in both precisions.
    @Test func everyEndPointOfTheBisectionIsInOrder() {
        func check<S: LayoutScalar>(_: S.Type) {
            let steps = ToggleEasing.bisectionSteps
            let points = 1 << steps
            let spacing = S(1) / S(1 << (steps + 1))
            var previous = S(0)
            var outOfOrder = 0
            for index in 0..<points {
                let s = S(2 * index + 1) * spacing
                let y = ToggleEasing.height(atParameter: EasingScalar(s)).value
                if y < previous || y > 1 { outOfOrder += 1 }
                previous = y
            }
            #expect(outOfOrder == 0, "\(S.self): \(outOfOrder) end points out of order")
        }
        check(Float.self)
        check(Double.self)
    }

    /// The kernel's written-out bisection (`parameterUnrolled`) takes the reference's steps:
    /// the same parameter, bit for bit, at 4,001 evenly spaced progress values and at both
    /// neighbours of every 512th point where a step's decision flips (`X(s) == x` at a grid
    /// point `s`), in both precisions. One step size wrong, missing or repeated moves most of
    /// them.
    @Test func writtenOutBisectionTakesTheReferenceSteps() {
        func check<S: LayoutScalar>(_: S.Type) {
            var inputs: [S] = (0...4_000).map { S($0) / 4_000 }
            let spacing = S(1) / S(1 << (ToggleEasing.bisectionSteps + 1))
            for index in stride(from: 1, to: 1 << (ToggleEasing.bisectionSteps + 1), by: 512) {
                let s = S(index) * spacing
                let x = ((S(0.52) * s + S(-0.78)) * s + S(1.26)) * s
                inputs += [x.nextDown, x, x.nextUp]
            }
            var differences = 0
            for x in inputs {
                let loop = ToggleEasing.parameter(at: EasingScalar(x)).value
                let unrolled = ToggleEasing.parameterUnrolled(at: EasingScalar(x)).value
                let eased = ToggleEasing.easeInOut(EasingScalar(x)).value
                let easedUnrolled = ToggleEasing.easeInOutUnrolled(EasingScalar(x)).value
                if BitPattern.bits(loop) != BitPattern.bits(unrolled)
                    || BitPattern.bits(eased) != BitPattern.bits(easedUnrolled) {
                    differences += 1
                }
            }
            #expect(differences == 0, "\(S.self): \(differences) of \(inputs.count) differ")
        }
        check(Float.self)
        check(Double.self)
    }

    /// The walk from `x` to the end point never goes back: for neighbouring inputs (one ulp
    /// apart) over runs of consecutive values at both ends and in the middle, and at random.
    @Test func neighbouringProgressValuesNeverDecrease() {
        func check<S: LayoutScalar>(_: S.Type, seed: UInt64) {
            var starts: [S] = [0, S(0.5).nextDown.nextDown, S(0.25), S(1e-3)]
            // The last few thousand values below 1.
            var top = S(1)
            for _ in 0..<3_000 { top = top.nextDown }
            starts.append(top)
            var random = SplitMix64(seed: seed)
            var decreases = 0
            func checkRun(from start: S, count: Int) {
                var x = start
                var previous = ToggleTransitionCurve.easeInOut.value(at: x)
                for _ in 0..<count {
                    x = x.nextUp
                    if x > 1 { break }
                    let value = ToggleTransitionCurve.easeInOut.value(at: x)
                    if value < previous { decreases += 1 }
                    previous = value
                }
            }
            for start in starts { checkRun(from: start, count: 3_000) }
            for _ in 0..<3_000 {
                checkRun(from: S(Double(random.next() % 1_000_000_000) / 1_000_000_000), count: 3)
            }
            #expect(decreases == 0, "\(S.self)")
        }
        check(Float.self, seed: 1)
        check(Double.self, seed: 2)
    }
}

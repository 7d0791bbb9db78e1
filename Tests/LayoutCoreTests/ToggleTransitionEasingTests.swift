import LayoutCore
import LayoutCoreTesting
import Testing

/// The ease-in-ease-out solver (9 bisection steps, then the chord across the last bracket)
/// against the exact curve, and the properties the kernel and the invariants rely on: exact
/// ends, monotone everywhere.
@Suite struct ToggleTransitionEasingTests {
    /// The exact curve, as UIKit defines it (the cubic Bézier with control points (0.42, 0)
    /// and (0.58, 1), solved by bisection in `Double`): the invariant G7's reference, which
    /// shares nothing with the library's solver.
    static func exactEaseInOut(_ x: Double) -> Double { ToggleTransitionInvariants.exactEaseInOut(x) }

    /// `X(s) = ((0.52 s - 0.78) s + 1.26) s`, the curve's horizontal coordinate (the Bézier's
    /// `3 (1-s)^2 s 0.42 + 3 (1-s) s^2 0.58 + s^3` multiplied out), in `S`: the `X` of the
    /// bisection's nodes, written here rather than read from the library.
    static func curveX<S: LayoutScalar>(_ s: S) -> S { ((S(0.52) * s + S(-0.78)) * s + S(1.26)) * s }

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
        // A sample; the maximum over every Float progress is the full tier's
        // ToggleTransitionEasingInvariantExhaustiveTests.
        print("easeInOut max error over 10,000 points: Float \(float.error) at \(float.at), Double \(double.error) at \(double.at)")
        #expect(float.error < 1e-5, "Float: \(float)")
        #expect(double.error < 1e-5, "Double: \(double)")
        // The bound the documentation derives: the chord over a bracket at most 1.26 * 2^-9
        // wide, of a curve with |y''| <= 6 / 1.26^2, is within width^2 / 8 * 3.78 = 2.8616e-6.
        let width = 1.26 / 512
        #expect(double.error <= width * width / 8 * (6 / (1.26 * 1.26)) + 1e-12)
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

    /// The curve's points at every end a bracket can have (the 513 multiples of 2^-9 in
    /// [0, 1]), in order: `Y` never decreasing, within [0, 1], exactly 0 and 1 at the ends, and
    /// `X` strictly increasing (so every chord's `X(hi) - X(lo)` is positive), with `X(1)`
    /// exactly 1; and in every bracket `Y(lo) + (Y(hi) - Y(lo))` rounds back to `Y(hi)`, so the
    /// chord never rises above its upper end. With the chord's monotone arithmetic within a
    /// bracket (see ToggleTransition+Easing.swift), this makes the eased progress monotone in
    /// `x` exactly, in both precisions.
    @Test func everyBracketEndIsInOrder() {
        func check<S: LayoutScalar>(_: S.Type) {
            let ends = 1 << ToggleEasing.bisectionSteps
            var previous = (x: -S(1), y: S(0))
            var outOfOrder = 0, chordsAboveTheirEnd = 0
            for index in 0...ends {
                let s = S(index) / S(ends)
                let x = ToggleEasing.curveX(atParameter: EasingScalar(s)).value
                let y = ToggleEasing.height(atParameter: EasingScalar(s)).value
                if y < previous.y || y > 1 || !(x > previous.x) { outOfOrder += 1 }
                if index > 0 && previous.y + (y - previous.y) != y { chordsAboveTheirEnd += 1 }
                previous = (x, y)
            }
            #expect(outOfOrder == 0, "\(S.self): \(outOfOrder) bracket ends out of order")
            #expect(chordsAboveTheirEnd == 0, "\(S.self): \(chordsAboveTheirEnd) chords miss their upper end")
            #expect(ToggleEasing.curveX(atParameter: EasingScalar(S(1))).value == 1)
            #expect(ToggleEasing.height(atParameter: EasingScalar(S(0))).value == 0)
            #expect(ToggleEasing.height(atParameter: EasingScalar(S(1))).value == 1)
            #expect(ToggleEasing.bracketWidth == 1 / Double(ends))
            // The written-out bisection's second step adds `X(0.75) - X(0.25)` to `X(0.25)`.
            let xLeft = ToggleEasing.curveX(atParameter: EasingScalar(S(0.25))).value
            let xRight = ToggleEasing.curveX(atParameter: EasingScalar(S(0.75))).value
            #expect(xLeft + (xRight - xLeft) == xRight)
        }
        check(Float.self)
        check(Double.self)
    }

    /// Where the walk moves from one bracket to the next (`x` around `X(m)` at each of the 511
    /// inner bracket ends `m`, four ulps either side), the eased progress does not decrease and
    /// meets `Y(m)`: at most `Y(m)` below `X(m)`, exactly `Y(m)` at it (so the walk's decision
    /// `X(m) < x` or `<=` gives the same value there), at least `Y(m)` above it. Within a
    /// bracket the chord is monotone by construction; this checks the rest of the argument.
    @Test func everyBracketBoundaryIsCrossedInOrder() {
        func check<S: LayoutScalar>(_: S.Type) {
            let ends = 1 << ToggleEasing.bisectionSteps
            var failures = 0
            for index in 1..<ends {
                let m = S(index) / S(ends)
                let xm = ToggleEasing.curveX(atParameter: EasingScalar(m)).value
                let ym = ToggleEasing.height(atParameter: EasingScalar(m)).value
                var x = xm
                for _ in 0..<4 { x = x.nextDown }
                var previous = ToggleTransitionCurve.easeInOut.value(at: x)
                for _ in 0..<8 {
                    x = x.nextUp
                    let value = ToggleTransitionCurve.easeInOut.value(at: x)
                    if value < previous || (x < xm ? value > ym : x == xm ? value != ym : value < ym) {
                        failures += 1
                    }
                    previous = value
                }
            }
            #expect(failures == 0, "\(S.self): \(failures) values out of order at bracket boundaries")
        }
        check(Float.self)
        check(Double.self)
    }

    /// The kernel's solver (`easeInOutTabulated`: the bracket from a table and one node's
    /// `X`) gives the bisection's bracket and value, bit for bit, in lane vectors of both
    /// precisions: at 4,001 evenly spaced progress values, at every node's `X` and both its
    /// neighbours (where a bisection decision flips), and at every bucket edge of the table
    /// and both its neighbours (where the table's row changes), each value in every lane.
    /// A wrong table entry, a bucket rounded the other way or a wrong node moves some of them.
    @Test func tabulatedSolverTakesTheBisectionsBracket() {
        func check<S: LayoutScalar>(_: S.Type) {
            var inputs: [S] = (0...4_000).map { S($0) / 4_000 }
            let ends = 1 << ToggleEasing.bisectionSteps
            for index in 1..<ends {
                let s = S(index) / S(ends)
                let x = Self.curveX(s)
                inputs += [x.nextDown, x, x.nextUp]
            }
            for bucket in 0...1_024 {
                for edge in [(S(bucket) - 0.5) / 1_024, (S(bucket) + 0.5) / 1_024, S(bucket) / 1_024] {
                    inputs += [edge.nextDown, edge, edge.nextUp]
                }
            }
            inputs = inputs.filter { $0 >= 0 && $0 <= 1 }
            typealias Lanes = LaneVector<S>
            var differences = 0
            for start in stride(from: 0, to: inputs.count, by: Lanes.width) {
                // Each value in a different lane from one group to the next.
                var lanes = [S](repeating: 0.5, count: Lanes.width)
                for lane in 0..<Lanes.width where start + lane < inputs.count {
                    lanes[(lane + start / Lanes.width) % Lanes.width] = inputs[start + lane]
                }
                let low = lanes.withUnsafeBufferPointer { ToggleEasing.bracketLowTabulated(at: Lanes.load($0.baseAddress!, at: 0, count: Lanes.width)) }
                let eased = lanes.withUnsafeBufferPointer { ToggleEasing.easeInOutTabulated(Lanes.load($0.baseAddress!, at: 0, count: Lanes.width)) }
                var lowOut = [S](repeating: -1, count: Lanes.width), easedOut = lowOut
                lowOut.withUnsafeMutableBufferPointer { low.store(to: $0.baseAddress!, at: 0, count: Lanes.width) }
                easedOut.withUnsafeMutableBufferPointer { eased.store(to: $0.baseAddress!, at: 0, count: Lanes.width) }
                for lane in 0..<Lanes.width {
                    let x = lanes[lane]
                    let bisection = ToggleEasing.bracketLow(at: EasingScalar(x)).value
                    let value = ToggleEasing.easeInOut(EasingScalar(x)).value
                    if BitPattern.bits(bisection) != BitPattern.bits(lowOut[lane])
                        || BitPattern.bits(value) != BitPattern.bits(easedOut[lane]) {
                        differences += 1
                    }
                }
            }
            #expect(differences == 0, "\(S.self): \(differences) of \(inputs.count) differ")
        }
        check(Float.self)
        check(Double.self)
    }

    /// The table behind `bracketLowTabulated`, rebuilt from the curve in each precision (the
    /// same arithmetic as the solver's `X`), and the facts its lookup stands on: the nodes'
    /// `X` values increase strictly, and no bucket (`[(j - 0.5) / 1024, (j + 0.5) / 1024]`)
    /// holds two of them. On a mismatch the message gives the table as it should read.
    @Test func bracketTableFollowsTheCurve() {
        func rebuilt<S: LayoutScalar>(_: S.Type) -> (table: [UInt8], increasing: Bool, crowdedBuckets: Int) {
            let nodes = (1..<512).map { Double(Self.curveX(S($0) / 512)) }
            let increasing = zip(nodes, nodes.dropFirst()).allSatisfy { $0 < $1 }
            var table: [UInt8] = [], crowded = 0
            for bucket in 0...1_024 {
                let lower = (Double(bucket) - 0.5) / 1_024, upper = (Double(bucket) + 0.5) / 1_024
                let below = nodes.filter { $0 < lower }.count
                if nodes.filter({ $0 >= lower && $0 <= upper }).count > 1 { crowded += 1 }
                table.append(UInt8(2 * below - bucket + ToggleEasing.bracketTableBias))
            }
            return (table, increasing, crowded)
        }
        let stored = ToggleEasing.bracketTable.withUTF8Buffer { Array($0) }
        for precision in [rebuilt(Float.self), rebuilt(Double.self)] {
            #expect(precision.increasing)
            #expect(precision.crowdedBuckets == 0)
            #expect(precision.table == stored, "the table should read: \(String(decoding: precision.table, as: UTF8.self))")
        }
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

// UIKit's ease-in-ease-out curve, solved by a fixed number of steps.
//
// The curve is the cubic Bézier from (0, 0) to (1, 1) with control points (0.42, 0) and
// (0.58, 1). For a parameter `s` in [0, 1] it passes through
//     X(s) = 3 (1-s)^2 s 0.42 + 3 (1-s) s^2 0.58 + s^3 = ((0.52 s - 0.78) s + 1.26) s
//     Y(s) = 3 (1-s) s^2 + s^3                        = s^2 (3 - 2 s)
// and its value at progress `x` is `Y(s*)` where `X(s*) = x`. X is strictly increasing
// (X' >= 0.87), so `s*` is unique.
//
// The solver: 9 bisection steps on `s` find the bracket [lo, hi] of width 2^-9 that holds
// `s*`; the value is then read off the chord between the curve's points at the bracket's ends,
//     y = Y(lo) + (x - X(lo)) / (X(hi) - X(lo)) * (Y(hi) - Y(lo)).
// - Fixed steps, no data-dependent exit: the bracket is a function of `x` alone. The batch
//   kernel finds the same bracket without the steps (`easeInOutTabulated`, at the end of this
//   file: a table per bucket of `x` and one node's `X`) and reads the value off the same
//   chord, so the two agree bit for bit. The curve and the chord are one generic code for both
//   (`EasingArithmetic` is implemented by one scalar and by lane vectors); the reference keeps
//   the bisection, the definition the notes below reason about.
// - Accuracy: the chord of a curve `y(x)` over an interval of width `w` is within
//   `w^2 / 8 * max |y''|` of it. Here `w <= 1.26 * 2^-9` (X' <= 1.26) and `|y''| <= 3.78`
//   (at the ends, `6 / 1.26^2`), so the error is at most 2.86e-6 plus a few ulps of rounding.
//   Measured over every `Float` progress in [0, 1], the largest error is 2.896e-6 (2.859e-6 in
//   `Double` over every multiple of 2^-24): ToggleTransitionEasingInvariantExhaustiveTests, in
//   the full test tier (Docs/ToggleTransition.md, "The easing solver (`.easeInOut`)"). Plain bisection with `Y`
//   at the last midpoint would need eighteen steps for the same accuracy.
// - Monotone, exactly: `x -> [lo, hi]` is a walk down a fixed binary tree whose decision at
//   each node `m` is `X(m) < x`, a monotone test of `x`; two inputs take the same path until
//   they part, and there the larger one goes right. So the brackets of `x1 < x2` are equal or
//   the first lies wholly below the second. Within one bracket every operation of the chord is
//   a correctly rounded `+`, `-`, `*` or `/` with `x` in one operand and a fixed, positive other
//   operand (or `x - X(lo)`, never negative, on the left), and correct rounding is monotone, so
//   `y` never decreases in `x`. Across brackets: on the left `x <= X(hi)` (the walk's decision
//   at `hi`, or `hi = 1` and `X(1) = 1`), so the fraction is at most 1 and `y <= Y(hi)`,
//   because `Y(lo) + (Y(hi) - Y(lo))` rounds back to `Y(hi)` in every bracket (checked for all
//   512); on the right `x > X(lo')`, so `y >= Y(lo')`. The tests check `Y` in order at every
//   bracket end. Hence the eased progress never decreases as time grows (invariant G4) in
//   either precision.
// - At a node `m` the chord gives exactly `Y(m)` from either side (fraction 1 in the bracket
//   below, 0 in the one above), so `X(m) < x` and `X(m) <= x` give the same value (through
//   neighbouring brackets).
// - The bracket ends are multiples of 2^-9, exact in `Float` and `Double`, and so is every step.
// - Exact ends without a test of their own: progress 0 walks to [0, 2^-9], where `X(0)` and
//   `Y(0)` are exactly 0, so `y` is 0; progress 1 walks to [1 - 2^-9, 1], where `X(1)` and
//   `Y(1)` come out exactly 1 in both precisions (0.52 - 0.78 + 1.26 rounds to 1), so the chord's
//   fraction is exactly 1 and `y = Y(lo) + (1 - Y(lo))` is exactly 1 (the subtraction is exact,
//   Sterbenz). The tests check both ends. Outside [0, 1] the result is not defined; the
//   toggle's progress is clamped to it.
// - Cost: per step one cubic (3 multiplications, 2 additions), a compare, a blend with 0, a
//   subtraction and an addition; then two cubics, two `Y`s, one division and the chord: about
//   60% of the eighteen steps of plain bisection.

/// The arithmetic the easing solver needs, implemented by one scalar (`EasingScalar`, for the
/// reference) and by lane vectors (`LaneVectorOf`, for the kernel). Each
/// operation is one IEEE operation per value, so every implementation computes the same bits.
@usableFromInline package protocol EasingArithmetic {
    associatedtype Scalar: LayoutScalar
    associatedtype Condition
    init(_easingConstant value: Scalar)
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    /// `a < b` per value.
    static func _easingLess(_ a: Self, _ b: Self) -> Condition
    /// `a <= b` per value.
    static func _easingLessOrEqual(_ a: Self, _ b: Self) -> Condition
    /// `condition ? other : self` per value.
    func _easingReplacing(with other: Self, where condition: Condition) -> Self
}

/// One scalar as `EasingArithmetic`: the reference's view of the solver.
@usableFromInline package struct EasingScalar<Scalar: LayoutScalar>: EasingArithmetic {
    @usableFromInline package var value: Scalar

    @inlinable @inline(__always) package init(_ value: Scalar) { self.value = value }
    @inlinable @inline(__always) package init(_easingConstant value: Scalar) { self.value = value }
    @inlinable @inline(__always) package static func + (a: Self, b: Self) -> Self { Self(a.value + b.value) }
    @inlinable @inline(__always) package static func - (a: Self, b: Self) -> Self { Self(a.value - b.value) }
    @inlinable @inline(__always) package static func * (a: Self, b: Self) -> Self { Self(a.value * b.value) }
    @inlinable @inline(__always) package static func / (a: Self, b: Self) -> Self { Self(a.value / b.value) }
    @inlinable @inline(__always) package static func _easingLess(_ a: Self, _ b: Self) -> Bool { a.value < b.value }
    @inlinable @inline(__always) package static func _easingLessOrEqual(_ a: Self, _ b: Self) -> Bool { a.value <= b.value }
    @inlinable @inline(__always)
    package func _easingReplacing(with other: Self, where condition: Bool) -> Self { condition ? other : self }
}

extension LaneVectorOf: EasingArithmetic {
    @inlinable @inline(__always) package init(_easingConstant value: Scalar) { self.init(repeating: value) }
    @inlinable @inline(__always) package static func _easingLess(_ a: Self, _ b: Self) -> Mask { a < b }
    @inlinable @inline(__always) package static func _easingLessOrEqual(_ a: Self, _ b: Self) -> Mask { a <= b }
    @inlinable @inline(__always)
    package func _easingReplacing(with other: Self, where condition: Mask) -> Self {
        replacing(with: other, where: condition)
    }
}

/// The ease-in-ease-out solver, shared by the reference and the batch kernel (see the notes at
/// the top of this file).
@usableFromInline package enum ToggleEasing {
    /// The number of bisection steps: the bracket they leave is `bracketWidth` wide.
    @inlinable package static var bisectionSteps: Int { 9 }

    /// The width of the last bracket, `2^-bisectionSteps`.
    @inlinable package static var bracketWidth: Double { 0x1p-9 }

    /// The curve's value at progress `x` in [0, 1].
    @inlinable @inline(__always)
    package static func easeInOut<V: EasingArithmetic>(_ x: V) -> V {
        value(at: x, bracketLow: bracketLow(at: x))
    }

    /// The curve's value at `x` on the chord across the last bracket, `[low, low + 2^-9]` (see
    /// the notes at the top of this file for why it is exact at the ends and monotone).
    @inlinable @inline(__always)
    static func value<V: EasingArithmetic>(at x: V, bracketLow low: V) -> V {
        let high = low + V(_easingConstant: V.Scalar(bracketWidth))
        let xLow = curveX(atParameter: low), xHigh = curveX(atParameter: high)
        let yLow = height(atParameter: low), yHigh = height(atParameter: high)
        let fraction = (x - xLow) / (xHigh - xLow)
        // Never above `Y(high)` without a `min`: `x <= X(high)`, so `fraction <= 1`, and
        // `Y(low) + (Y(high) - Y(low))` rounds back to `Y(high)` in every bracket (the tests
        // check all 512 in both precisions). Never below `Y(low)`: `x >= X(low)`.
        return yLow + fraction * (yHigh - yLow)
    }

    /// The lower end of the bracket of width 2^-9 that holds the parameter `s*` where `X(s*)`
    /// reaches `x`, a multiple of 2^-9 in [0, 1 - 2^-9]. The bisection walks the midpoints
    /// of its brackets, 0.5 first: `bisectionSteps - 1` steps from there, each moving by half
    /// the last, reach the last bracket's first node `m`; the last step then keeps `m - 2^-9`
    /// or moves to `m`, the ends of the half that holds `s*`.
    @inlinable @inline(__always)
    package static func bracketLow<V: EasingArithmetic>(at x: V) -> V {
        var node = V(_easingConstant: 0.5)
        var size: V.Scalar = 0.25
        for _ in 1..<bisectionSteps {
            node = step(from: node, xAtNode: curveX(atParameter: node), toward: x, by: size)
            size = size * 0.5
        }
        return lastStep(from: node, toward: x)
    }

    /// One bisection step from node `s`: `s + size` where `X(s) < x` (the solution lies above
    /// `s`), else `s - size`.
    @inlinable @inline(__always)
    static func step<V: EasingArithmetic>(from s: V, xAtNode: V, toward x: V, by size: V.Scalar) -> V {
        // Written `(s - size) + (X(s) < x ? 2 size : 0)`: the same values (every term is a
        // multiple of 2^-9 in [0, 1], so each sum is exact), one blend with 0 instead of two
        // sums and a select.
        let twoSizes = V(_easingConstant: 0)._easingReplacing(
            with: V(_easingConstant: size + size), where: V._easingLess(xAtNode, x))
        return (s - V(_easingConstant: size)) + twoSizes
    }

    /// The last step, from the node `m` at the middle of a bracket 2^-8 wide: the lower end of
    /// its half that holds `s*`, `m` where `X(m) < x`, else `m - 2^-9`.
    @inlinable @inline(__always)
    static func lastStep<V: EasingArithmetic>(from m: V, toward x: V) -> V {
        let width = V.Scalar(bracketWidth)
        let oneWidth = V(_easingConstant: 0)._easingReplacing(
            with: V(_easingConstant: width), where: V._easingLess(curveX(atParameter: m), x))
        return (m - V(_easingConstant: width)) + oneWidth
    }

    /// `X(s) = ((a s + b) s + c) s` with `c = 3 * 0.42`, `b = 3 * (0.58 - 2 * 0.42)`,
    /// `a = 1 - c - b`. `X(0)` is 0 and `X(1)` rounds to exactly 1 in both precisions.
    @inlinable @inline(__always)
    package static func curveX<V: EasingArithmetic>(atParameter s: V) -> V {
        let a = V(_easingConstant: 0.52)
        let b = V(_easingConstant: -0.78)
        let c = V(_easingConstant: 1.26)
        return ((a * s + b) * s + c) * s
    }

    /// `Y(s) = s^2 (3 - 2 s)`: 0 at 0 and 1 at 1, exactly.
    @inlinable @inline(__always)
    package static func height<V: EasingArithmetic>(atParameter s: V) -> V {
        let three = V(_easingConstant: 3)
        return s * s * (three - (s + s))
    }
}

/// The ease-in-ease-out solver of the batch kernel: the same bracket as `bracketLow(at:)`,
/// found with a table instead of nine dependent steps, then the same chord.
///
/// The bisection's bracket is `[k 2^-9, (k + 1) 2^-9]`, where `k` counts the nodes `m 2^-9`
/// (`m` in 1...511) whose computed `X` is below `x`: it is a binary search of those 511
/// values, which increase strictly, and at each node it compares exactly the `X` this file
/// computes for it (`curveX`). The nodes' `X` values lie at least 1.74 / 1024 apart
/// (`X' >= 0.87`), so a bucket of width 1 / 1024 around `x` holds at most one of them. The table gives, per bucket
/// `j = round(x * 1024)` (`[(j - 0.5) / 1024, (j + 0.5) / 1024]`), how many nodes lie below
/// it, `below(j)`; the one node that can be in the bucket is node `below(j) + 1`, so
/// `k = below(j) + (X((below(j) + 1) 2^-9) < x ? 1 : 0)`, one cubic instead of nine, and
/// `k 2^-9` is the bisection's lower end, bit for bit (node 512, past the last, has `X`
/// exactly 1, never below `x`). Both precisions give the same table; the tests rebuild it
/// from `curveX` in each and check the bucket property, and compare this solver with the
/// bisection at every node's `X`, its neighbours and every bucket edge.
extension ToggleEasing {
    /// `easeInOut(x)` with the bracket from the table (`bracketLowTabulated`): the same bits.
    @inlinable @inline(__always)
    package static func easeInOutTabulated<Scalar, Lanes>(
        _ x: LaneVectorOf<Scalar, Lanes>
    ) -> LaneVectorOf<Scalar, Lanes> {
        value(at: x, bracketLow: bracketLowTabulated(at: x))
    }

    /// `bracketLow(at: x)` for `x` in [0, 1], from the table (see above). Any other `x` gets
    /// the bracket of 0 or 1 (of 0 for a NaN).
    @inlinable @inline(__always)
    package static func bracketLowTabulated<Scalar, Lanes>(
        at x: LaneVectorOf<Scalar, Lanes>
    ) -> LaneVectorOf<Scalar, Lanes> {
        typealias V = LaneVectorOf<Scalar, Lanes>
        // `x * 1024 + 2^23` (2^52 for `Double`) rounds `x * 1024` to an integer, ties to
        // even, and leaves it in the low bits of the significand: the bucket `j`, per lane.
        // `x` clamped to [0, 1] first (a NaN to 0), so that `j` is in 0...1024 whatever the
        // lane holds (the kernel's progress is clamped already: this is for memory safety).
        let magic = V(repeating: 1 / Scalar.ulpOfOne)
        let shifted = x._max(V())._min(V(repeating: 1)) * V(repeating: 1024) + magic
        let bucket = shifted - magic
        // The table per lane, through the stack: a vector has no gather in SSE2.
        let offset = withUnsafeTemporaryAllocation(of: Scalar.self, capacity: 8) { buffer -> V in
            let lanes = buffer.baseAddress!, width = V.width
            shifted.store(to: lanes, at: 0, count: width)
            let table = bracketTable.utf8Start
            for lane in 0..<width {
                let j = Int(truncatingIfNeeded: lanes[lane].significandBitPattern)
                lanes[lane] = Scalar(Int(table[j]) &- bracketTableBias)
            }
            return V.load(lanes, at: 0, count: width)
        }
        // The entry is `2 below(j) - j`, so `below(j) 2^-9 = (j + entry) 2^-10`, exactly.
        let below = (bucket + offset) * V(repeating: 0x1p-10)
        let step = V(repeating: Scalar(bracketWidth))
        let nextIsBelow = V._easingLess(curveX(atParameter: below + step), x)
        return below + V()._easingReplacing(with: step, where: nextIsBelow)
    }

    /// What `bracketTable` adds to each entry to make it a printable character.
    @inlinable package static var bracketTableBias: Int { 63 }

    /// Per bucket `j` in 0...1024, `2 below(j) - j + bracketTableBias` as one character
    /// (`below(j)`, the number of nodes `m` in 1...511 with `X(m 2^-9) < (j - 0.5) / 1024`; the
    /// entries lie in -28...25, so the characters in `#`...`X`). Rebuilt from `curveX` by the
    /// tests.
    @inlinable package static var bracketTable: StaticString {
        """
        ?>=<=<=<;<;<;:;:;:;:9:9:9898987878767676565656545454343434323232\
        12121210101010/0/0/0/./././.-.-.-.-.-,-,-,-,+,+,+,+,+*+*+*+*+*)*\
        )*)*)*)*)()()()()()('('('('('('&'&'&'&'&'&'&'&%&%&%&%&%&%&%&%&%&\
        %$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%$#$#$#$#$#$#$#$#$#$#$#$#$#$#$\
        #$#$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%$%&%&%&%&%&%&%&%&%&%&'&'&'&\
        '&'&'&'&'('('('('('('()()()()()()()*)*)*)*)*+*+*+*+*+*+,+,+,+,+,\
        -,-,-,-,-.-.-.-.-./././././0/0/0/0101010101212121232323234343434\
        54545456565656767676787878789898989:9:9:9:;:;:;:;<;<;<;<=<=<=<=>\
        =>=>?>?>?>?@?@?@?@A@A@A@ABABABABCBCBCBCDCDCDCDEDEDEDEFEFEFEFGFGF\
        GFGHGHGHGHIHIHIHIJIJIJIJKJKJKJKJKLKLKLKLMLMLMLMLMNMNMNMNMNONONON\
        ONOPOPOPOPOPQPQPQPQPQPQRQRQRQRQRSRSRSRSRSRSRSTSTSTSTSTSTSTUTUTUT\
        UTUTUTUTUVUVUVUVUVUVUVUVUVUVWVWVWVWVWVWVWVWVWVWVWVWVWVWVWVWVWVWX\
        WXWXWXWXWXWXWXWXWXWXWXWXWXWXWXWVWVWVWVWVWVWVWVWVWVWVWVWVWVWVWVWV\
        WVUVUVUVUVUVUVUVUVUVUTUTUTUTUTUTUTUTSTSTSTSTSTSRSRSRSRSRSRQRQRQR\
        QRQRQPQPQPQPQPOPOPOPOPONONONONMNMNMNMNMLMLMLMLKLKLKLKJKJKJKJIJIJ\
        IJIHIHIHGHGHGHGFGFGFEFEFEFEDEDEDCDCDCBCBCBABABA@A@A@A@?@?@?>?>?>\
        =
        """
    }
}

extension ToggleTransitionCurve {
    /// The eased progress at `progress` (in [0, 1]): `progress` itself for `.linear`, UIKit's
    /// ease-in-ease-out Bézier for `.easeInOut` (within 3e-6 of the exact curve, 0 at 0, 1 at
    /// 1, never decreasing).
    @inlinable
    package func value<Scalar: LayoutScalar>(at progress: Scalar) -> Scalar {
        switch self {
        case .linear: return progress
        case .easeInOut: return ToggleEasing.easeInOut(EasingScalar(progress)).value
        }
    }
}

// UIKit's ease-in-ease-out curve, solved by a fixed number of steps.
//
// The curve is the cubic Bézier from (0, 0) to (1, 1) with control points (0.42, 0) and
// (0.58, 1). For a parameter `s` in [0, 1] it passes through
//     X(s) = 3 (1-s)^2 s 0.42 + 3 (1-s) s^2 0.58 + s^3 = ((0.52 s - 0.78) s + 1.26) s
//     Y(s) = 3 (1-s) s^2 + s^3                        = s^2 (3 - 2 s)
// and its value at progress `x` is `Y(s*)` where `X(s*) = x`. X is strictly increasing
// (X' >= 0.87), so `s*` is unique.
//
// The solver: 18 bisection steps on `s`, then `Y` at the midpoint of the last bracket.
// - Fixed steps, no data-dependent exit: every lane of the batch kernel runs exactly the steps
//   the scalar reference runs, so the two agree bit for bit. The same generic code serves both
//   (`EasingArithmetic` is implemented by one scalar and by lane vectors).
// - Accuracy: after 18 halvings `|s - s*| <= 2^-19`, and `Y' <= 1.5`, so the value is within
//   1.5 * 2^-19 = 2.9e-6 of the exact curve (plus a few ulps of rounding). The tests measure
//   the maximum error against a Double bisection of the exact Bernstein form, run to
//   convergence, at 10,000 points: 2.92e-6 in Float, 2.84e-6 in Double.
// - Monotone, exactly: `x -> s` is a walk down a fixed binary tree whose decision at each node
//   is `X(node) < x`, a monotone test of `x`; two inputs take the same path until they part,
//   and there the larger one goes right, so `x1 < x2` gives `s1 <= s2`. `s -> Y` is evaluated
//   on the lower half (`Y(1 - s) = 1 - Y(s)` above 0.5), where each grid step raises `Y` by a
//   relative 1e-5 or more, far above the rounding; the tests check every grid point. Hence the
//   eased progress never decreases as time grows (invariant G4) in either precision.
// - The grid points `odd / 2^19` are exact in `Float` and `Double`, and so is every step.
// - Exact ends: progress 0 gives 0 and progress 1 gives 1 (the last bracket's midpoint alone
//   would give 1e-11 and 1 - 1e-11).
// - Cost: per step one cubic (3 multiplications, 2 additions), a compare, a blend with 0, a
//   subtraction and an addition.

/// The arithmetic the easing solver needs, implemented by one scalar (`EasingScalar`, for the
/// reference) and by lane vectors (`LaneVector` and `EasingPair`s of them, for the kernel). Each
/// operation is one IEEE operation per value, so every implementation computes the same bits.
@usableFromInline package protocol EasingArithmetic {
    associatedtype Scalar: LayoutScalar
    associatedtype Condition
    init(_easingConstant value: Scalar)
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
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

/// Two values solved together: `EasingPair<LaneVector>` is two lane vectors,
/// `EasingPair<EasingPair<LaneVector>>` four, and so on. Independent dependency chains side by
/// side let the bisection's latency (a cubic, a compare and an add per step) overlap instead of
/// adding up; each half computes exactly what it would compute alone.
@usableFromInline package struct EasingPair<Half: EasingArithmetic>: EasingArithmetic {
    @usableFromInline package typealias Scalar = Half.Scalar
    @usableFromInline package typealias Condition = (Half.Condition, Half.Condition)
    @usableFromInline package var first: Half
    @usableFromInline package var second: Half

    @inlinable @inline(__always)
    package init(_ first: Half, _ second: Half) {
        self.first = first
        self.second = second
    }
    @inlinable @inline(__always) package init(_easingConstant value: Scalar) {
        first = Half(_easingConstant: value)
        second = Half(_easingConstant: value)
    }
    @inlinable @inline(__always) package static func + (a: Self, b: Self) -> Self {
        Self(a.first + b.first, a.second + b.second)
    }
    @inlinable @inline(__always) package static func - (a: Self, b: Self) -> Self {
        Self(a.first - b.first, a.second - b.second)
    }
    @inlinable @inline(__always) package static func * (a: Self, b: Self) -> Self {
        Self(a.first * b.first, a.second * b.second)
    }
    @inlinable @inline(__always) package static func _easingLess(_ a: Self, _ b: Self) -> Condition {
        (Half._easingLess(a.first, b.first), Half._easingLess(a.second, b.second))
    }
    @inlinable @inline(__always) package static func _easingLessOrEqual(_ a: Self, _ b: Self) -> Condition {
        (Half._easingLessOrEqual(a.first, b.first), Half._easingLessOrEqual(a.second, b.second))
    }
    @inlinable @inline(__always)
    package func _easingReplacing(with other: Self, where condition: Condition) -> Self {
        Self(first._easingReplacing(with: other.first, where: condition.0),
             second._easingReplacing(with: other.second, where: condition.1))
    }
}

/// The ease-in-ease-out solver, shared by the reference and the batch kernel (see the notes at
/// the top of this file).
@usableFromInline package enum ToggleEasing {
    /// The number of bisection steps: `|s - s*| <= 2^-(steps + 1)`.
    @inlinable package static var bisectionSteps: Int { 18 }

    /// The curve's value at progress `x` in [0, 1].
    @inlinable @inline(__always)
    package static func easeInOut<V: EasingArithmetic>(_ x: V) -> V {
        value(at: x, parameter: parameter(at: x))
    }

    /// `easeInOut(x)` with the bisection written out step by step (`parameterUnrolled`): the
    /// same operations on the same values, so the same bits, for the batch kernel.
    @inlinable @inline(__always)
    package static func easeInOutUnrolled<V: EasingArithmetic>(_ x: V) -> V {
        value(at: x, parameter: parameterUnrolled(at: x))
    }

    /// `Y(s)` at the solved parameter `s` of progress `x`, with exact ends.
    @inlinable @inline(__always)
    static func value<V: EasingArithmetic>(at x: V, parameter s: V) -> V {
        var value = height(atParameter: s)
        // Exact ends.
        let zero = V(_easingConstant: 0), one = V(_easingConstant: 1)
        value = value._easingReplacing(with: zero, where: V._easingLessOrEqual(x, zero))
        value = value._easingReplacing(with: one, where: V._easingLessOrEqual(one, x))
        return value
    }

    /// The curve's parameter `s` where `X(s)` reaches `x`: the midpoint of the last of
    /// `bisectionSteps` halvings of [0, 1], always an odd multiple of 2^-19.
    @inlinable @inline(__always)
    package static func parameter<V: EasingArithmetic>(at x: V) -> V {
        var s = V(_easingConstant: 0.5)
        var step: V.Scalar = 0.25
        for _ in 0..<bisectionSteps {
            bisect(&s, toward: x, step: step)
            step = step * 0.5
        }
        return s
    }

    /// `parameter(at:)` with its `bisectionSteps` steps written out, each step's size a
    /// constant. The loop costs about as much again as the arithmetic it runs on one lane
    /// vector (a counter, the next step's size, and its copy into every lane: 8 of 17
    /// instructions per step); a short batch's solve runs on one vector.
    @inlinable @inline(__always)
    package static func parameterUnrolled<V: EasingArithmetic>(at x: V) -> V {
        var s = V(_easingConstant: 0.5)
        bisect(&s, toward: x, step: 0x1p-2); bisect(&s, toward: x, step: 0x1p-3)
        bisect(&s, toward: x, step: 0x1p-4); bisect(&s, toward: x, step: 0x1p-5)
        bisect(&s, toward: x, step: 0x1p-6); bisect(&s, toward: x, step: 0x1p-7)
        bisect(&s, toward: x, step: 0x1p-8); bisect(&s, toward: x, step: 0x1p-9)
        bisect(&s, toward: x, step: 0x1p-10); bisect(&s, toward: x, step: 0x1p-11)
        bisect(&s, toward: x, step: 0x1p-12); bisect(&s, toward: x, step: 0x1p-13)
        bisect(&s, toward: x, step: 0x1p-14); bisect(&s, toward: x, step: 0x1p-15)
        bisect(&s, toward: x, step: 0x1p-16); bisect(&s, toward: x, step: 0x1p-17)
        bisect(&s, toward: x, step: 0x1p-18); bisect(&s, toward: x, step: 0x1p-19)
        // 18 steps, 2^-2 down to 2^-19: `bisectionSteps` of them (the tests check it).
        return s
    }

    /// One bisection step: `s + step` where `X(s) < x` (the solution lies above `s`), else
    /// `s - step`.
    @inlinable @inline(__always)
    static func bisect<V: EasingArithmetic>(_ s: inout V, toward x: V, step: V.Scalar) {
        // X(s) = ((a s + b) s + c) s with c = 3 * 0.42, b = 3 * (0.58 - 2 * 0.42), a = 1 - c - b.
        let a = V(_easingConstant: 0.52)
        let b = V(_easingConstant: -0.78)
        let c = V(_easingConstant: 1.26)
        let zero = V(_easingConstant: 0)
        let xAtS = ((a * s + b) * s + c) * s
        // Written `(s - step) + (X(s) < x ? 2 step : 0)`: the same values (every term is a
        // multiple of 2^-19 below 1, so each sum is exact), one blend with 0 instead of two
        // sums and a select.
        let twoSteps = zero._easingReplacing(with: V(_easingConstant: step + step), where: V._easingLess(xAtS, x))
        s = (s - V(_easingConstant: step)) + twoSteps
    }

    /// `Y(s) = s^2 (3 - 2 s)`, evaluated on the lower half of the curve where it is accurate to
    /// a few ulps relative: `Y(s) = 1 - Y(1 - s)` above 0.5 (the curve is point-symmetric).
    @inlinable @inline(__always)
    package static func height<V: EasingArithmetic>(atParameter s: V) -> V {
        let half = V(_easingConstant: 0.5), one = V(_easingConstant: 1), three = V(_easingConstant: 3)
        let isUpper = V._easingLess(half, s)
        let u = s._easingReplacing(with: one - s, where: isUpper)
        let lower = u * u * (three - (u + u))
        return lower._easingReplacing(with: one - lower, where: isUpper)
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

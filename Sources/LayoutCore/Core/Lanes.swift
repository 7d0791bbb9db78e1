// Lane plumbing shared by every batch kernel: the lane type, loads and stores from column
// pointers (with a padded tail), branch-free selects with exactly the semantics of the scalar
// functions the references use, and pixel snapping in lanes.
//
// Every helper here computes, lane by lane, the same IEEE operation as its scalar twin, in
// the same order: that is what makes the kernels bit-identical to the references.

/// The SIMD vector a batch kernel processes at a time. Eight lanes for both precisions: on
/// this project's machines SIMD16 never beat SIMD8, and one width keeps tails uniform.
public typealias _Lanes<Scalar: LayoutScalar> = SIMD8<Scalar>

/// A lane mask for `_Lanes<Scalar>`.
public typealias _LaneMask<Scalar: LayoutScalar> = SIMDMask<SIMD8<Scalar.SIMDMaskScalar>>

/// The number of controls one lane vector holds.
public let _laneWidth = 8

extension SIMD8 where Scalar: LayoutScalar {
    /// Loads `count` (1...8) consecutive elements starting at `base[index]`; the lanes past
    /// `count` hold `padding`. A full group is one unaligned vector load.
    @inlinable @inline(__always)
    public static func _load(
        _ base: UnsafePointer<Scalar>, at index: Int, count: Int, padding: Scalar = 0
    ) -> Self {
        if count == 8 {
            return UnsafeRawPointer(base + index).loadUnaligned(as: Self.self)
        }
        var lanes = Self(repeating: padding)
        for lane in 0..<count { lanes[lane] = base[index + lane] }
        return lanes
    }

    /// Loads `count` (1...8) bytes starting at `base[index]`, converted to `Scalar`; the lanes
    /// past `count` hold 0. Small enumerations (raw values) are compared as floating-point lanes,
    /// because float vectors compare against a scalar fast while integer vectors do not.
    @inlinable @inline(__always)
    public static func _load(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Self {
        if count == 8 {
            let bytes = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<UInt8>.self)
            return Self(SIMD8<Int32>(truncatingIfNeeded: bytes))
        }
        var lanes = Self()
        for lane in 0..<count { lanes[lane] = Scalar(base[index + lane]) }
        return lanes
    }

    /// Stores the first `count` (1...8) lanes to `base[index...]`. A full group is one
    /// unaligned vector store; a tail writes only its own elements.
    @inlinable @inline(__always)
    public func _store(to base: UnsafeMutablePointer<Scalar>, at index: Int, count: Int) {
        if count == 8 {
            UnsafeMutableRawPointer(base + index).storeBytes(of: self, as: Self.self)
            return
        }
        for lane in 0..<count { base[index + lane] = self[lane] }
    }

    /// Lane-wise `Swift.max(self, other)`: `other >= self ? other : self`, which picks `other`
    /// when the two are equal (so `max(0, -0)` is `-0`, exactly as the scalar function).
    @inlinable @inline(__always)
    public func _max(_ other: Self) -> Self {
        replacing(with: other, where: other .>= self)
    }

    /// Lane-wise `Swift.min(self, other)`: `other < self ? other : self`.
    @inlinable @inline(__always)
    public func _min(_ other: Self) -> Self {
        replacing(with: other, where: other .< self)
    }

    /// Lane-wise `rounded(.toNearestOrAwayFromZero)`, branch-free and exact.
    ///
    /// Baseline x86-64 has no rounding instruction and no instruction rounds halves away from
    /// zero, so the stdlib's `rounded(_:)` becomes a libm call per lane. Instead:
    /// `a = |v|`; for `a < 2^p` (p = significand bits), `(a + 2^p) - 2^p` is `a` rounded to
    /// the nearest integer with ties to even (the sum has an ulp of 1, the difference is exact).
    /// `r - a` is exact too (Sterbenz, or `r == 0`), so a tie that went down shows as exactly
    /// `-0.5` and is bumped up by one: that turns ties-to-even into ties-away. Values of at least
    /// `2^p` (already integers, or infinite) and zeros pass through unchanged, which keeps the
    /// sign of `-0`; the sign of `v` goes back on at the end, so `-0.3` rounds to `-0`.
    @inlinable @inline(__always)
    public func _roundedToNearestOrAwayFromZero() -> Self {
        let negative = self .< 0
        let magnitude = replacing(with: -self, where: negative)
        let threshold = Self(repeating: Scalar._integralThreshold)
        var rounded = (magnitude + threshold) - threshold
        let tieWentDown = (rounded - magnitude) .== -0.5
        rounded = rounded.replacing(with: rounded + 1, where: tieWentDown)
        rounded = rounded.replacing(with: magnitude, where: (magnitude .>= threshold) .| (magnitude .== 0))
        return rounded.replacing(with: -rounded, where: negative)
    }

    /// Lane-wise `Scalar.snapped(_:scale:)`: lanes whose scale is 0 pass through.
    @inlinable @inline(__always)
    public func _snapped(scale: Self) -> Self {
        let snapped = (self * scale)._roundedToNearestOrAwayFromZero() / scale
        return snapped.replacing(with: self, where: scale .<= 0)
    }

    /// Lane-wise `LayoutRect.snapped(scale:)` for one axis: returns the snapped origin and size.
    @inlinable @inline(__always)
    public static func _snappedEdges(
        origin: Self, length: Self, scale: Self
    ) -> (origin: Self, length: Self) {
        let near = origin._snapped(scale: scale)
        let far = (origin + length)._snapped(scale: scale)
        var snappedLength = far - near
        // Rare: the difference, added back to the near edge, lands one ulp past the far edge.
        // Take one ulp off those lanes, exactly as the scalar `snapped(scale:)` does.
        let overshoots = (near + snappedLength) .> far
        if any(overshoots) {
            for lane in 0..<8 where overshoots[lane] { snappedLength[lane] = snappedLength[lane].nextDown }
        }
        let snapping = scale .> 0
        return (
            origin.replacing(with: near, where: snapping),
            length.replacing(with: snappedLength, where: snapping)
        )
    }
}

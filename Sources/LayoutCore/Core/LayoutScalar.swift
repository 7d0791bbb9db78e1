/// The floating-point types LayoutCore computes in: `Float` and `Double` (and only those:
/// the lane code relies on their 4- and 8-byte layouts).
///
/// Every reference and every batch kernel is generic over `LayoutScalar`. For the same
/// precision and the same input, a kernel's output has exactly the bit pattern of its
/// reference's output.
public protocol LayoutScalar: BinaryFloatingPoint, SIMDScalar, Sendable, Codable, ColumnElement
where SIMDMaskScalar: FixedWidthInteger & SignedInteger {
    /// `2^significandBitCount`: every value of at least this magnitude is an integer, and
    /// `(a + _integralThreshold) - _integralThreshold` rounds `0 <= a < _integralThreshold` to
    /// an integer (ties to even).
    static var _integralThreshold: Self { get }

    // Lane operations, implemented per concrete type (LayoutScalar+Lanes.swift). In generic
    // code, even once specialized, the stdlib's SIMD comparisons and mask operations are
    // per-lane loops with a branch each; the concrete `SIMD4<Float>` / `SIMD4<Double>` ones are
    // single vector instructions. `LaneVector` (Lanes.swift) reaches them through these.
    /// `a < b` per lane.
    static func _lanesLess(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMDMask<SIMD4<SIMDMaskScalar>>
    /// `a <= b` per lane.
    static func _lanesLessOrEqual(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMDMask<SIMD4<SIMDMaskScalar>>
    /// `a == b` per lane.
    static func _lanesEqual(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMDMask<SIMD4<SIMDMaskScalar>>
    /// The magnitude (sign bit cleared) and the sign (all but the sign bit cleared).
    static func _lanesSplitSign(_ lanes: SIMD4<Self>) -> (magnitude: SIMD4<Self>, sign: SIMD4<Self>)
    /// Bitwise or: puts a sign from `_lanesSplitSign` back onto a magnitude.
    static func _lanesOr(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMD4<Self>
    /// Bitwise exclusive or: with a lane of `-0.0` (the sign bit alone), an exact negation.
    static func _lanesXor(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMD4<Self>
    /// `nextDown` of positive finite values: the bit pattern minus one.
    static func _lanesNextDownOfPositive(_ lanes: SIMD4<Self>) -> SIMD4<Self>
    /// Small unsigned integers (raw values) as floating-point lanes.
    static func _lanes(converting bytes: SIMD4<UInt8>) -> SIMD4<Self>
    /// `Swift.min(a, b)` per lane, `b < a ? b : a`: one `minps` / `minpd`.
    static func _lanesMin(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMD4<Self>
    /// `Swift.max(a, b)` per lane for non-NaN lanes, as `a > b ? a : b`: one `maxps` /
    /// `maxpd`. Equal values give `b`, as `Swift.max` does, so `max(0, -0)` is `-0`. (A NaN
    /// lane gives `b` where `Swift.max` gives `a`; NaN only comes from input that failed, or
    /// skipped, validation.)
    static func _lanesMax(_ a: SIMD4<Self>, _ b: SIMD4<Self>) -> SIMD4<Self>
}

extension Float: LayoutScalar {
    @inlinable public static var _integralThreshold: Float { 8_388_608 }  // 2^23
}

extension Double: LayoutScalar {
    @inlinable public static var _integralThreshold: Double { 4_503_599_627_370_496 }  // 2^52
}

/// The range of input values LayoutCore accepts, the same for `Float` and `Double`.
///
/// UI coordinates beyond a million points are a bug upstream, not a layout. Bounding the
/// inputs keeps every intermediate value finite, keeps a snapped coordinate times the display
/// scale below `2^22` (so snapping is exact and idempotent in `Float`), and lets the invariants
/// hold for every accepted input.
public enum LayoutLimits {
    /// The largest accepted length, inset, size, spacing or translation, in points: `2^20`.
    public static let maximumLength: Double = 1_048_576
    /// The largest accepted display scale (`0` turns snapping off).
    public static let maximumDisplayScale: Double = 4
}

extension LayoutScalar {
    /// `value` snapped to a grid of `scale` pixels per point:
    /// `(value * scale).rounded(.toNearestOrAwayFromZero) / scale` for `scale > 0`, `value`
    /// itself for `scale == 0` (see "Snapping" in Docs/ButtonContent.md).
    @inlinable
    public static func snapped(_ value: Self, scale: Self) -> Self {
        guard scale > 0 else { return value }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

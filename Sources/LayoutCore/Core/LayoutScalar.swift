/// The floating-point types LayoutCore computes in: `Float` and `Double`.
///
/// Every reference and every batch kernel is generic over `LayoutScalar`. For the same
/// precision and the same input, a kernel's output has exactly the bit pattern of its
/// reference's output.
public protocol LayoutScalar: BinaryFloatingPoint, SIMDScalar, Sendable, Codable
where SIMDMaskScalar: FixedWidthInteger & SignedInteger {
    /// `2^significandBitCount`: every value of at least this magnitude is an integer, and
    /// `(a + _integralThreshold) - _integralThreshold` rounds `0 <= a < _integralThreshold` to
    /// an integer (ties to even).
    static var _integralThreshold: Self { get }
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
    /// `snap(v) = (v * scale).rounded(.toNearestOrAwayFromZero) / scale` for `scale > 0`;
    /// `v` itself for `scale == 0` (SPEC section 0).
    @inlinable
    public static func snapped(_ value: Self, scale: Self) -> Self {
        guard scale > 0 else { return value }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

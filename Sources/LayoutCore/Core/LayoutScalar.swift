#if !hasFeature(Embedded)
/// The floating-point types LayoutCore computes in: `Float` and `Double`, and only those.
///
/// Every reference and every batch kernel is generic over `LayoutScalar`. For the same
/// precision and the same input, a kernel's output has exactly the bit pattern of its
/// reference's output.
///
/// The protocol is closed: the lane code relies on the 4- and 8-byte layouts of `Float` and
/// `Double`, and its one requirement, `_lanePrecision`, is not API (the standard library's
/// mark for public names that are not API) and has a type whose only values are those of
/// `Float` and `Double`.
public protocol LayoutScalar: BinaryFloatingPoint, SIMDScalar, Sendable, Codable, ColumnElement
where SIMDMaskScalar: FixedWidthInteger & SignedInteger {
    /// Not API: which of the library's two lane layouts this type has.
    static var _lanePrecision: LanePrecision { get }
}
#else
// Embedded Swift has no Codable (Docs/Embedded.md); otherwise the same protocol.
public protocol LayoutScalar: BinaryFloatingPoint, SIMDScalar, Sendable, ColumnElement
where SIMDMaskScalar: FixedWidthInteger & SignedInteger {
    static var _lanePrecision: LanePrecision { get }
}
#endif

/// Which of the library's two lane layouts a `LayoutScalar` has: `Float`'s or `Double`'s.
/// It has no public initializer; it is public only as the type of `LayoutScalar`'s
/// requirement.
public struct LanePrecision: Hashable, Sendable {
    /// The size of one scalar in bytes: 4 or 8.
    @usableFromInline let byteCount: Int

    @inlinable
    init(byteCount: Int) {
        self.byteCount = byteCount
    }
}

extension Float: LayoutScalar {
    /// Not API: `Float`'s lane layout.
    @inlinable public static var _lanePrecision: LanePrecision { LanePrecision(byteCount: 4) }
}

extension Double: LayoutScalar {
    /// Not API: `Double`'s lane layout.
    @inlinable public static var _lanePrecision: LanePrecision { LanePrecision(byteCount: 8) }
}

extension LayoutScalar {
    /// `2^significandBitCount` (`2^23` for `Float`, `2^52` for `Double`): every value of at
    /// least this magnitude is an integer, and `(a + integralThreshold) - integralThreshold`
    /// rounds `0 <= a < integralThreshold` to an integer (ties to even). Both are powers of
    /// two, exact in either type; the size test folds away once specialized.
    @inlinable @inline(__always)
    package static var integralThreshold: Self {
        MemoryLayout<Self>.size == 4 ? 8_388_608 : 4_503_599_627_370_496
    }
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

/// A width and a height, in points.
@frozen
public struct LayoutSize<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The horizontal extent, in points.
    public var width: Scalar
    /// The vertical extent, in points.
    public var height: Scalar

    /// A size of `width` by `height` points.
    @inlinable
    public init(width: Scalar, height: Scalar) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both 0.
    @inlinable public static var zero: Self { Self(width: 0, height: 0) }
}

/// A rectangle in a control's own coordinate space (y grows downward), like `CGRect`.
@frozen
public struct LayoutRect<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The left edge (the origin's x coordinate), in points.
    public var x: Scalar
    /// The top edge (the origin's y coordinate), in points.
    public var y: Scalar
    /// The width, in points.
    public var width: Scalar
    /// The height, in points.
    public var height: Scalar

    /// A rectangle whose origin is `(x, y)` and whose size is `width` by `height`.
    @inlinable
    public init(x: Scalar, y: Scalar, width: Scalar, height: Scalar) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge: `x + width`.
    @inlinable public var maxX: Scalar { x + width }
    /// The bottom edge: `y + height`.
    @inlinable public var maxY: Scalar { y + height }

    /// The rectangle snapped to a pixel grid of `scale` pixels per point: both edges are
    /// snapped and the size is the difference of the snapped edges (as Yoga and Taffy do), so
    /// frames that touch before snapping still touch after it. `scale == 0` leaves it as is.
    ///
    /// In the rare case where the floating-point difference, added back to the snapped origin,
    /// would land one ulp beyond the snapped far edge, the size is taken one ulp smaller, so
    /// that `x + width` never exceeds the snapped far edge (the next frame's origin).
    @inlinable
    public func snapped(scale: Scalar) -> Self {
        guard scale > 0 else { return self }
        let left = Scalar.snapped(x, scale: scale)
        let right = Scalar.snapped(x + width, scale: scale)
        let top = Scalar.snapped(y, scale: scale)
        let bottom = Scalar.snapped(y + height, scale: scale)
        var snappedWidth = right - left
        if left + snappedWidth > right { snappedWidth = snappedWidth.nextDown }
        var snappedHeight = bottom - top
        if top + snappedHeight > bottom { snappedHeight = snappedHeight.nextDown }
        return LayoutRect(x: left, y: top, width: snappedWidth, height: snappedHeight)
    }
}

/// Insets that follow the layout direction, like `NSDirectionalEdgeInsets`.
@frozen
public struct DirectionalEdgeInsets<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The inset from the top edge, in points.
    public var top: Scalar
    /// The inset from the leading edge (the left one in left-to-right, the right one in
    /// right-to-left), in points.
    public var leading: Scalar
    /// The inset from the bottom edge, in points.
    public var bottom: Scalar
    /// The inset from the trailing edge (the right one in left-to-right, the left one in
    /// right-to-left), in points.
    public var trailing: Scalar

    /// Insets of `top`, `leading`, `bottom` and `trailing` points.
    @inlinable
    public init(top: Scalar, leading: Scalar, bottom: Scalar, trailing: Scalar) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    @inlinable public static var zero: Self { Self(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// The horizontal direction of the user interface, like `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: UInt8, CaseIterable, Hashable, Sendable {
    /// Leading is left, trailing is right (raw value 0).
    case leftToRight = 0
    /// Leading is right, trailing is left (raw value 1).
    case rightToLeft = 1
}

/// Which arithmetic a layout uses.
///
/// `.fit` (the default) is the hardened layout whose invariants hold for every accepted input.
/// `.legacy` is the original Objective-C arithmetic, quirks included: for an app that must keep
/// the exact frames of the Objective-C control it migrates from, and for tests and fuzzers that
/// must show they catch those quirks.
public enum LayoutMode: UInt8, CaseIterable, Hashable, Sendable {
    /// The hardened layout: its invariants hold for every accepted input (raw value 0).
    case fit = 0
    /// The original Objective-C arithmetic, quirks included (raw value 1).
    case legacy = 1
}

#if !hasFeature(Embedded)
// Codable needs the full runtime: not in Embedded Swift (Docs/Embedded.md).
extension LayoutSize: Codable {}
extension LayoutRect: Codable {}
extension DirectionalEdgeInsets: Codable {}
extension LayoutDirection: Codable {}
extension LayoutMode: Codable {}
#endif

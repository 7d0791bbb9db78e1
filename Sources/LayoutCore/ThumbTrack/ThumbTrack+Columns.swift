// Structure-of-arrays storage for batches of thumb track layouts: one contiguous column per
// field, as the batch kernel reads and writes them.

/// The inputs of many thumb track layouts, one column per field (structure of arrays).
///
/// Enumerations and small integers are stored as bytes, so that columns can come straight
/// from files or other languages; validation rejects values out of range:
/// - `segmentCount` (2...255) and `selectedIndex` (0 ..< segmentCount) as integers;
/// - `phase`: `ThumbTrackPhase.rawValue`; `layoutDirection`: `LayoutDirection.rawValue`;
///   `mode`: `LayoutMode.rawValue`; `rubberBand`: 0 or 1;
/// - `snapping`: `ThumbTrackSnapping.rawKind` (0 nearest, 1 projected), with the rate in
///   `projectionRate` (0 < rate < 1 where `snapping` is 1; any finite value, ignored, where it
///   is 0 — `append` writes 0).
/// Every column must have the same length.
public struct ThumbTrackColumns<Scalar: LayoutScalar>: Hashable, Sendable {
    public var width: [Scalar] = []
    public var height: [Scalar] = []
    public var inset: [Scalar] = []
    public var segmentCount: [UInt8] = []
    public var selectedIndex: [UInt8] = []
    public var translation: [Scalar] = []
    public var velocity: [Scalar] = []
    /// `ThumbTrackPhase` raw values.
    public var phase: [UInt8] = []
    /// `LayoutDirection` raw values.
    public var layoutDirection: [UInt8] = []
    /// `ThumbTrackSnapping.rawKind` values.
    public var snapping: [UInt8] = []
    /// The deceleration rate of `.projected` snapping (ignored for `.nearest`).
    public var projectionRate: [Scalar] = []
    /// 1 for a rubber band past the ends, 0 for none.
    public var rubberBand: [UInt8] = []
    /// `LayoutMode` raw values.
    public var mode: [UInt8] = []

    @inlinable public init() {}

    /// Columns holding `configurations` in order.
    @inlinable public init<S: Sequence>(_ configurations: S) where S.Element == ThumbTrackConfiguration<Scalar> {
        reserveCapacity(configurations.underestimatedCount)
        for configuration in configurations { append(configuration) }
    }

    /// The number of controls (the length of the first column).
    @inlinable public var count: Int { width.count }

    /// Removes every control, keeping the columns' storage when `keepCapacity` is true: columns
    /// refilled every frame then never allocate once they have grown to the batch's size.
    @inlinable public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        width.removeAll(keepingCapacity: keepCapacity)
        height.removeAll(keepingCapacity: keepCapacity)
        inset.removeAll(keepingCapacity: keepCapacity)
        segmentCount.removeAll(keepingCapacity: keepCapacity)
        selectedIndex.removeAll(keepingCapacity: keepCapacity)
        translation.removeAll(keepingCapacity: keepCapacity)
        velocity.removeAll(keepingCapacity: keepCapacity)
        phase.removeAll(keepingCapacity: keepCapacity)
        layoutDirection.removeAll(keepingCapacity: keepCapacity)
        snapping.removeAll(keepingCapacity: keepCapacity)
        projectionRate.removeAll(keepingCapacity: keepCapacity)
        rubberBand.removeAll(keepingCapacity: keepCapacity)
        mode.removeAll(keepingCapacity: keepCapacity)
    }

    @inlinable public mutating func reserveCapacity(_ capacity: Int) {
        width.reserveCapacity(capacity); height.reserveCapacity(capacity)
        inset.reserveCapacity(capacity)
        segmentCount.reserveCapacity(capacity); selectedIndex.reserveCapacity(capacity)
        translation.reserveCapacity(capacity); velocity.reserveCapacity(capacity)
        phase.reserveCapacity(capacity); layoutDirection.reserveCapacity(capacity)
        snapping.reserveCapacity(capacity); projectionRate.reserveCapacity(capacity)
        rubberBand.reserveCapacity(capacity); mode.reserveCapacity(capacity)
    }

    /// Appends one control.
    ///
    /// A `segmentCount` or `selectedIndex` that does not fit in a byte (an invalid
    /// configuration) is stored as a value validation rejects for that control: 0 segments,
    /// index 255.
    @inlinable public mutating func append(_ c: ThumbTrackConfiguration<Scalar>) {
        width.append(c.bounds.width); height.append(c.bounds.height)
        inset.append(c.inset)
        segmentCount.append(UInt8(exactly: c.segmentCount) ?? 0)
        selectedIndex.append(UInt8(exactly: c.selectedIndex) ?? 255)
        translation.append(c.translation); velocity.append(c.velocity)
        phase.append(c.phase.rawValue)
        layoutDirection.append(c.layoutDirection.rawValue)
        snapping.append(c.snapping.rawKind); projectionRate.append(c.snapping.rate)
        rubberBand.append(c.rubberBand ? 1 : 0)
        mode.append(c.mode.rawValue)
    }

    /// The configuration of control `index`, or `nil` when a raw value is out of range.
    /// - Precondition: `index` is valid in every column.
    @inlinable public func configuration(at index: Int) -> ThumbTrackConfiguration<Scalar>? {
        guard let phase = ThumbTrackPhase(rawValue: phase[index]),
              let direction = LayoutDirection(rawValue: layoutDirection[index]),
              let snapping = ThumbTrackSnapping(rawKind: snapping[index], rate: projectionRate[index]),
              rubberBand[index] <= 1,
              let mode = LayoutMode(rawValue: mode[index])
        else { return nil }
        return ThumbTrackConfiguration(
            bounds: LayoutSize(width: width[index], height: height[index]),
            inset: inset[index],
            segmentCount: Int(segmentCount[index]), selectedIndex: Int(selectedIndex[index]),
            translation: translation[index], velocity: velocity[index],
            phase: phase, layoutDirection: direction, snapping: snapping,
            rubberBand: rubberBand[index] == 1, mode: mode)
    }
}

/// The outputs of many thumb track layouts: the thumb frame, one column per component, the
/// resulting index and whether it changed.
public struct ThumbTrackResultColumns<Scalar: LayoutScalar>: Hashable, Sendable {
    public var thumbX: [Scalar]
    public var thumbY: [Scalar]
    public var thumbWidth: [Scalar]
    public var thumbHeight: [Scalar]
    /// The selected segment after the phase (0...254).
    public var selectedIndex: [UInt8]
    /// 1 where `selectedIndex` differs from the input's, 0 elsewhere.
    public var indexChanged: [UInt8]

    /// `count` results, all zero. Allocate once and reuse: a batch call resizes its output
    /// only when the count differs.
    @inlinable public init(count: Int = 0) {
        let zeros = [Scalar](repeating: 0, count: count)
        (thumbX, thumbY, thumbWidth, thumbHeight) = (zeros, zeros, zeros, zeros)
        selectedIndex = [UInt8](repeating: 0, count: count)
        indexChanged = selectedIndex
    }

    @inlinable public var count: Int { thumbX.count }

    /// Resizes every column to `count`, keeping what fits and filling with zeros.
    @inlinable public mutating func resize(to count: Int) {
        func fit<T: Numeric>(_ column: inout [T]) {
            if column.count > count {
                column.removeLast(column.count - count)
            } else if column.count < count {
                column.append(contentsOf: repeatElement(0, count: count - column.count))
            }
        }
        fit(&thumbX); fit(&thumbY); fit(&thumbWidth); fit(&thumbHeight)
        fit(&selectedIndex); fit(&indexChanged)
    }

    /// The result of control `index`.
    @inlinable public subscript(index: Int) -> ThumbTrackResult<Scalar> {
        ThumbTrackResult(
            thumbFrame: LayoutRect(x: thumbX[index], y: thumbY[index],
                                   width: thumbWidth[index], height: thumbHeight[index]),
            selectedIndex: Int(selectedIndex[index]),
            indexChanged: indexChanged[index] != 0)
    }
}

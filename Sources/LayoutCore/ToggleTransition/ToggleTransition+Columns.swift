// Structure-of-arrays storage for batches of toggle transitions: one contiguous column per
// field, as the batch kernel reads and writes them.

/// The inputs of many toggle transitions, one column per field (structure of arrays).
///
/// Enumerations are stored as raw values, so that columns can come straight from files or
/// other languages; validation rejects raw values out of range:
/// - `from`: `ToggleState` raw value, 0 (off), 1 (on) or 2 (indeterminate);
/// - `to`: 0 (off) or 1 (on), the states a change may target;
/// - `curve`: `ToggleTransitionCurve` raw value, 0 (linear) or 1 (easeInOut);
/// - `animated`: 0 (false) or 1 (true);
/// - `mode`: `LayoutMode` raw value, 0 (fit) or 1 (legacy).
/// Every column must have the same length.
public struct ToggleTransitionColumns<Scalar: LayoutScalar>: Hashable, Sendable {
    public var width: [Scalar] = []
    public var height: [Scalar] = []
    public var offImageWidth: [Scalar] = []
    public var offImageHeight: [Scalar] = []
    public var onImageWidth: [Scalar] = []
    public var onImageHeight: [Scalar] = []
    public var indeterminateImageWidth: [Scalar] = []
    public var indeterminateImageHeight: [Scalar] = []
    /// `ToggleState` raw values.
    public var from: [UInt8] = []
    /// `ToggleState` raw values, `.off` or `.on` only.
    public var to: [UInt8] = []
    public var elapsed: [Scalar] = []
    public var duration: [Scalar] = []
    /// `ToggleTransitionCurve` raw values.
    public var curve: [UInt8] = []
    /// 0 or 1.
    public var animated: [UInt8] = []
    /// `LayoutMode` raw values.
    public var mode: [UInt8] = []

    /// The number of raw values `to` accepts: `.off` (0) and `.on` (1).
    @inlinable public static var _targetStateCount: UInt8 { 2 }

    @inlinable public init() {}

    /// Columns holding `configurations` in order.
    @inlinable public init<S: Sequence>(_ configurations: S) where S.Element == ToggleTransitionConfiguration<Scalar> {
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
        offImageWidth.removeAll(keepingCapacity: keepCapacity)
        offImageHeight.removeAll(keepingCapacity: keepCapacity)
        onImageWidth.removeAll(keepingCapacity: keepCapacity)
        onImageHeight.removeAll(keepingCapacity: keepCapacity)
        indeterminateImageWidth.removeAll(keepingCapacity: keepCapacity)
        indeterminateImageHeight.removeAll(keepingCapacity: keepCapacity)
        from.removeAll(keepingCapacity: keepCapacity); to.removeAll(keepingCapacity: keepCapacity)
        elapsed.removeAll(keepingCapacity: keepCapacity)
        duration.removeAll(keepingCapacity: keepCapacity)
        curve.removeAll(keepingCapacity: keepCapacity)
        animated.removeAll(keepingCapacity: keepCapacity)
        mode.removeAll(keepingCapacity: keepCapacity)
    }

    @inlinable public mutating func reserveCapacity(_ capacity: Int) {
        width.reserveCapacity(capacity); height.reserveCapacity(capacity)
        offImageWidth.reserveCapacity(capacity); offImageHeight.reserveCapacity(capacity)
        onImageWidth.reserveCapacity(capacity); onImageHeight.reserveCapacity(capacity)
        indeterminateImageWidth.reserveCapacity(capacity); indeterminateImageHeight.reserveCapacity(capacity)
        from.reserveCapacity(capacity); to.reserveCapacity(capacity)
        elapsed.reserveCapacity(capacity); duration.reserveCapacity(capacity)
        curve.reserveCapacity(capacity); animated.reserveCapacity(capacity); mode.reserveCapacity(capacity)
    }

    @inlinable public mutating func append(_ c: ToggleTransitionConfiguration<Scalar>) {
        width.append(c.bounds.width); height.append(c.bounds.height)
        offImageWidth.append(c.offImageSize.width); offImageHeight.append(c.offImageSize.height)
        onImageWidth.append(c.onImageSize.width); onImageHeight.append(c.onImageSize.height)
        indeterminateImageWidth.append(c.indeterminateImageSize.width)
        indeterminateImageHeight.append(c.indeterminateImageSize.height)
        from.append(c.from.rawValue); to.append(c.to.rawValue)
        elapsed.append(c.elapsed); duration.append(c.duration)
        curve.append(c.curve.rawValue); animated.append(c.animated ? 1 : 0); mode.append(c.mode.rawValue)
    }

    /// The configuration of control `index`, or `nil` when a raw value is out of range (`to`
    /// may hold `.indeterminate` here; `validate()` rejects it).
    /// - Precondition: `index` is valid in every column.
    @inlinable public func configuration(at index: Int) -> ToggleTransitionConfiguration<Scalar>? {
        guard let from = ToggleState(rawValue: from[index]),
              let to = ToggleState(rawValue: to[index]),
              let curve = ToggleTransitionCurve(rawValue: curve[index]),
              animated[index] <= 1,
              let mode = LayoutMode(rawValue: mode[index])
        else { return nil }
        return ToggleTransitionConfiguration(
            bounds: LayoutSize(width: width[index], height: height[index]),
            offImageSize: LayoutSize(width: offImageWidth[index], height: offImageHeight[index]),
            onImageSize: LayoutSize(width: onImageWidth[index], height: onImageHeight[index]),
            indeterminateImageSize: LayoutSize(width: indeterminateImageWidth[index],
                                               height: indeterminateImageHeight[index]),
            from: from, to: to, elapsed: elapsed[index], duration: duration[index],
            curve: curve, animated: animated[index] == 1, mode: mode)
    }
}

/// The outputs of many toggle transitions: each layer's alpha, scale and frame, one column per
/// component.
public struct ToggleTransitionLayerColumns<Scalar: LayoutScalar>: Hashable, Sendable {
    public var offAlpha: [Scalar]
    public var offScale: [Scalar]
    public var offX: [Scalar]
    public var offY: [Scalar]
    public var offWidth: [Scalar]
    public var offHeight: [Scalar]
    public var onAlpha: [Scalar]
    public var onScale: [Scalar]
    public var onX: [Scalar]
    public var onY: [Scalar]
    public var onWidth: [Scalar]
    public var onHeight: [Scalar]
    public var indeterminateAlpha: [Scalar]
    public var indeterminateScale: [Scalar]
    public var indeterminateX: [Scalar]
    public var indeterminateY: [Scalar]
    public var indeterminateWidth: [Scalar]
    public var indeterminateHeight: [Scalar]

    /// `count` results, all zero. Allocate once and reuse: a batch call resizes its output only
    /// when the count differs.
    @inlinable public init(count: Int = 0) {
        let zeros = [Scalar](repeating: 0, count: count)
        (offAlpha, offScale, offX, offY, offWidth, offHeight) = (zeros, zeros, zeros, zeros, zeros, zeros)
        (onAlpha, onScale, onX, onY, onWidth, onHeight) = (zeros, zeros, zeros, zeros, zeros, zeros)
        (indeterminateAlpha, indeterminateScale, indeterminateX, indeterminateY,
         indeterminateWidth, indeterminateHeight) = (zeros, zeros, zeros, zeros, zeros, zeros)
    }

    @inlinable public var count: Int { offAlpha.count }

    /// Resizes every column to `count`, keeping what fits and filling with zeros.
    @inlinable public mutating func resize(to count: Int) {
        func fit(_ column: inout [Scalar]) {
            if column.count > count {
                column.removeLast(column.count - count)
            } else if column.count < count {
                column.append(contentsOf: repeatElement(0, count: count - column.count))
            }
        }
        fit(&offAlpha); fit(&offScale); fit(&offX); fit(&offY); fit(&offWidth); fit(&offHeight)
        fit(&onAlpha); fit(&onScale); fit(&onX); fit(&onY); fit(&onWidth); fit(&onHeight)
        fit(&indeterminateAlpha); fit(&indeterminateScale); fit(&indeterminateX); fit(&indeterminateY)
        fit(&indeterminateWidth); fit(&indeterminateHeight)
    }

    /// The layers of control `index`.
    @inlinable public subscript(index: Int) -> ToggleTransitionLayers<Scalar> {
        ToggleTransitionLayers(
            off: ToggleLayer(alpha: offAlpha[index], scale: offScale[index],
                             frame: LayoutRect(x: offX[index], y: offY[index],
                                               width: offWidth[index], height: offHeight[index])),
            on: ToggleLayer(alpha: onAlpha[index], scale: onScale[index],
                            frame: LayoutRect(x: onX[index], y: onY[index],
                                              width: onWidth[index], height: onHeight[index])),
            indeterminate: ToggleLayer(
                alpha: indeterminateAlpha[index], scale: indeterminateScale[index],
                frame: LayoutRect(x: indeterminateX[index], y: indeterminateY[index],
                                  width: indeterminateWidth[index], height: indeterminateHeight[index])))
    }
}

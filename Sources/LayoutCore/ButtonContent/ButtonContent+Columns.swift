// Structure-of-arrays storage for batches of button layouts: one contiguous column per field,
// as the batch kernel reads and writes them.

/// The inputs of many button layouts, one column per field (structure of arrays).
///
/// Enumerations are stored as their raw values (`ImagePlacement.rawValue` and so on), so that
/// columns can come straight from files or other languages; validation rejects raw values out
/// of range. Every column must have the same length.
public struct ButtonContentColumns<Scalar: LayoutScalar>: Hashable, Sendable {
    public var width: [Scalar] = []
    public var height: [Scalar] = []
    public var insetTop: [Scalar] = []
    public var insetLeading: [Scalar] = []
    public var insetBottom: [Scalar] = []
    public var insetTrailing: [Scalar] = []
    public var imageWidth: [Scalar] = []
    public var imageHeight: [Scalar] = []
    public var titleWidth: [Scalar] = []
    public var titleHeight: [Scalar] = []
    public var imagePadding: [Scalar] = []
    public var displayScale: [Scalar] = []
    /// `ImagePlacement` raw values.
    public var imagePlacement: [UInt8] = []
    /// `LayoutDirection` raw values.
    public var layoutDirection: [UInt8] = []
    /// `LayoutMode` raw values.
    public var mode: [UInt8] = []

    @inlinable public init() {}

    /// Columns holding `configurations` in order.
    @inlinable public init<S: Sequence>(_ configurations: S) where S.Element == ButtonContentConfiguration<Scalar> {
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
        insetTop.removeAll(keepingCapacity: keepCapacity)
        insetLeading.removeAll(keepingCapacity: keepCapacity)
        insetBottom.removeAll(keepingCapacity: keepCapacity)
        insetTrailing.removeAll(keepingCapacity: keepCapacity)
        imageWidth.removeAll(keepingCapacity: keepCapacity)
        imageHeight.removeAll(keepingCapacity: keepCapacity)
        titleWidth.removeAll(keepingCapacity: keepCapacity)
        titleHeight.removeAll(keepingCapacity: keepCapacity)
        imagePadding.removeAll(keepingCapacity: keepCapacity)
        displayScale.removeAll(keepingCapacity: keepCapacity)
        imagePlacement.removeAll(keepingCapacity: keepCapacity)
        layoutDirection.removeAll(keepingCapacity: keepCapacity)
        mode.removeAll(keepingCapacity: keepCapacity)
    }

    @inlinable public mutating func reserveCapacity(_ capacity: Int) {
        width.reserveCapacity(capacity); height.reserveCapacity(capacity)
        insetTop.reserveCapacity(capacity); insetLeading.reserveCapacity(capacity)
        insetBottom.reserveCapacity(capacity); insetTrailing.reserveCapacity(capacity)
        imageWidth.reserveCapacity(capacity); imageHeight.reserveCapacity(capacity)
        titleWidth.reserveCapacity(capacity); titleHeight.reserveCapacity(capacity)
        imagePadding.reserveCapacity(capacity); displayScale.reserveCapacity(capacity)
        imagePlacement.reserveCapacity(capacity); layoutDirection.reserveCapacity(capacity)
        mode.reserveCapacity(capacity)
    }

    @inlinable public mutating func append(_ c: ButtonContentConfiguration<Scalar>) {
        width.append(c.bounds.width); height.append(c.bounds.height)
        insetTop.append(c.contentInsets.top); insetLeading.append(c.contentInsets.leading)
        insetBottom.append(c.contentInsets.bottom); insetTrailing.append(c.contentInsets.trailing)
        imageWidth.append(c.imageSize.width); imageHeight.append(c.imageSize.height)
        titleWidth.append(c.titleSize.width); titleHeight.append(c.titleSize.height)
        imagePadding.append(c.imagePadding); displayScale.append(c.displayScale)
        imagePlacement.append(c.imagePlacement.rawValue)
        layoutDirection.append(c.layoutDirection.rawValue)
        mode.append(c.mode.rawValue)
    }

    /// The configuration of control `index`, or `nil` when a raw value is out of range.
    /// - Precondition: `index` is valid in every column.
    @inlinable public func configuration(at index: Int) -> ButtonContentConfiguration<Scalar>? {
        guard let placement = ImagePlacement(rawValue: imagePlacement[index]),
              let direction = LayoutDirection(rawValue: layoutDirection[index]),
              let mode = LayoutMode(rawValue: mode[index])
        else { return nil }
        return ButtonContentConfiguration(
            bounds: LayoutSize(width: width[index], height: height[index]),
            contentInsets: DirectionalEdgeInsets(
                top: insetTop[index], leading: insetLeading[index],
                bottom: insetBottom[index], trailing: insetTrailing[index]),
            imageSize: LayoutSize(width: imageWidth[index], height: imageHeight[index]),
            titleSize: LayoutSize(width: titleWidth[index], height: titleHeight[index]),
            imagePlacement: placement, imagePadding: imagePadding[index],
            layoutDirection: direction, displayScale: displayScale[index], mode: mode)
    }
}

/// The outputs of many button layouts: the image and title frames, one column per component.
public struct ButtonContentFrameColumns<Scalar: LayoutScalar>: Hashable, Sendable {
    public var imageX: [Scalar]
    public var imageY: [Scalar]
    public var imageWidth: [Scalar]
    public var imageHeight: [Scalar]
    public var titleX: [Scalar]
    public var titleY: [Scalar]
    public var titleWidth: [Scalar]
    public var titleHeight: [Scalar]

    /// `count` frames, all zero. Allocate once and reuse: a batch call resizes its output only
    /// when the count differs.
    @inlinable public init(count: Int = 0) {
        let zeros = [Scalar](repeating: 0, count: count)
        (imageX, imageY, imageWidth, imageHeight) = (zeros, zeros, zeros, zeros)
        (titleX, titleY, titleWidth, titleHeight) = (zeros, zeros, zeros, zeros)
    }

    @inlinable public var count: Int { imageX.count }

    /// Resizes every column to `count`, keeping what fits and filling with zeros.
    @inlinable public mutating func resize(to count: Int) {
        func fit(_ column: inout [Scalar]) {
            if column.count > count {
                column.removeLast(column.count - count)
            } else if column.count < count {
                column.append(contentsOf: repeatElement(0, count: count - column.count))
            }
        }
        fit(&imageX); fit(&imageY); fit(&imageWidth); fit(&imageHeight)
        fit(&titleX); fit(&titleY); fit(&titleWidth); fit(&titleHeight)
    }

    /// The frames of control `index`.
    @inlinable public subscript(index: Int) -> ButtonContentFrames<Scalar> {
        ButtonContentFrames(
            imageFrame: LayoutRect(x: imageX[index], y: imageY[index],
                                   width: imageWidth[index], height: imageHeight[index]),
            titleFrame: LayoutRect(x: titleX[index], y: titleY[index],
                                   width: titleWidth[index], height: titleHeight[index]))
    }
}

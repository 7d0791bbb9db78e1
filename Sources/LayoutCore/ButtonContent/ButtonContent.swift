/// Button content layout: where a button's image and title go.
///
/// The image sits on one side of the title (`ImagePlacement`), separated by `imagePadding`, and
/// the two are centered together inside the bounds minus the content insets, as `UIButton`
/// lays out a `UIButton.Configuration`.
///
/// - `ButtonContent.layout(_:)` lays out one control (the readable scalar reference, validated).
/// - `ButtonContentColumns.layout(into:parallelism:)` lays out thousands at once with the SIMD
///   batch kernel, bit for bit the same result.
///
/// Docs/ButtonContent.md states the contract.
public enum ButtonContent {}

/// Where the image goes relative to the title, like `UIButton.Configuration.imagePlacement`.
/// `.leading` and `.trailing` follow the layout direction.
public enum ImagePlacement: UInt8, CaseIterable, Hashable, Sendable, Codable {
    case top = 0
    case leading = 1
    case bottom = 2
    case trailing = 3

    /// Whether the image and the title stand side by side (x is the main axis).
    @inlinable public var isHorizontal: Bool { self == .leading || self == .trailing }
}

/// Everything the layout of one button's content depends on.
@frozen
public struct ButtonContentConfiguration<Scalar: LayoutScalar>: Hashable, Sendable, Codable {
    /// The button's bounds size `W, H`.
    public var bounds: LayoutSize<Scalar>
    /// Insets from the bounds to the content rect; leading and trailing follow the direction.
    public var contentInsets: DirectionalEdgeInsets<Scalar>
    /// The image's fitting size `iw, ih`; an image with a zero side is absent in `.fit`.
    public var imageSize: LayoutSize<Scalar>
    /// The title's fitting size `tw, th`; a title with a zero side is absent in `.fit`.
    public var titleSize: LayoutSize<Scalar>
    public var imagePlacement: ImagePlacement
    /// The spacing `s` between image and title (UIKit's name).
    public var imagePadding: Scalar
    public var layoutDirection: LayoutDirection
    /// Pixels per point to snap frames to (1, 2, 3...), or 0 for no snapping.
    public var displayScale: Scalar
    public var mode: LayoutMode

    @inlinable
    public init(
        bounds: LayoutSize<Scalar>,
        contentInsets: DirectionalEdgeInsets<Scalar> = .zero,
        imageSize: LayoutSize<Scalar>,
        titleSize: LayoutSize<Scalar>,
        imagePlacement: ImagePlacement = .leading,
        imagePadding: Scalar = 0,
        layoutDirection: LayoutDirection = .leftToRight,
        displayScale: Scalar = 0,
        mode: LayoutMode = .fit
    ) {
        self.bounds = bounds
        self.contentInsets = contentInsets
        self.imageSize = imageSize
        self.titleSize = titleSize
        self.imagePlacement = imagePlacement
        self.imagePadding = imagePadding
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.mode = mode
    }
}

/// The result of a button content layout: the image's and the title's frames in the button's
/// own coordinate space.
@frozen
public struct ButtonContentResult<Scalar: LayoutScalar>: Hashable, Sendable, Codable {
    public var imageFrame: LayoutRect<Scalar>
    public var titleFrame: LayoutRect<Scalar>

    @inlinable
    public init(imageFrame: LayoutRect<Scalar>, titleFrame: LayoutRect<Scalar>) {
        self.imageFrame = imageFrame
        self.titleFrame = titleFrame
    }
}

/// The inputs of many button layouts, one column per field (see `ButtonContentConfiguration.InputFields`).
public typealias ButtonContentColumns<Scalar: LayoutScalar> = BatchColumns<ButtonContentConfiguration<Scalar>>

/// The results of many button layouts, one column per field (see `ButtonContentConfiguration.ResultFields`).
public typealias ButtonContentResultColumns<Scalar: LayoutScalar> = BatchResultColumns<ButtonContentConfiguration<Scalar>>

extension ButtonContentConfiguration: BatchLayout {
    /// The input columns: the configuration's fields, enumerations as raw values.
    public struct InputFields: FieldSet {
        public var width = Field<Scalar>(.length, "bounds width W (points)")
        public var height = Field<Scalar>(.length, "bounds height H")
        public var insetTop = Field<Scalar>(.length, default: 0, "content inset, top")
        public var insetLeading = Field<Scalar>(.length, default: 0, "content inset, leading (left in LTR, right in RTL)")
        public var insetBottom = Field<Scalar>(.length, default: 0, "content inset, bottom")
        public var insetTrailing = Field<Scalar>(.length, default: 0, "content inset, trailing")
        public var imageWidth = Field<Scalar>(.length, "image size iw (0 = no image in .fit)")
        public var imageHeight = Field<Scalar>(.length, "image size ih")
        public var titleWidth = Field<Scalar>(.length, "title size tw (0 = no title in .fit)")
        public var titleHeight = Field<Scalar>(.length, "title size th")
        public var imagePadding = Field<Scalar>(.length, default: 0, "spacing s between image and title")
        public var displayScale = Field<Scalar>(.displayScale, default: 0, "pixels per point to snap to (0 = no snapping)")
        public var imagePlacement = Field<UInt8>(
            .cases(of: ImagePlacement.self), default: 1, "image relative to the title")
        public var layoutDirection = Field<UInt8>(
            .cases(of: LayoutDirection.self), default: 0, "layout direction")
        public var mode = Field<UInt8>(
            .cases(of: LayoutMode.self), default: 0, "fit (hardened) or legacy (UIKit's arithmetic, quirks kept)")
        @inlinable public init() {}
    }

    /// The result columns: the image's and the title's frames.
    public struct ResultFields: FieldSet {
        public var imageX = Field<Scalar>(.result)
        public var imageY = Field<Scalar>(.result)
        public var imageWidth = Field<Scalar>(.result)
        public var imageHeight = Field<Scalar>(.result)
        public var titleX = Field<Scalar>(.result)
        public var titleY = Field<Scalar>(.result)
        public var titleWidth = Field<Scalar>(.result)
        public var titleHeight = Field<Scalar>(.result)
        @inlinable public init() {}
    }

    @inlinable
    public static func referenceLayout(_ configuration: Self) -> ButtonContentResult<Scalar> {
        ButtonContent.layout(unchecked: configuration)
    }

    @inlinable
    public static func write(_ c: Self, to columns: InputFields, at index: Int) {
        columns.width[index] = c.bounds.width; columns.height[index] = c.bounds.height
        columns.insetTop[index] = c.contentInsets.top; columns.insetLeading[index] = c.contentInsets.leading
        columns.insetBottom[index] = c.contentInsets.bottom; columns.insetTrailing[index] = c.contentInsets.trailing
        columns.imageWidth[index] = c.imageSize.width; columns.imageHeight[index] = c.imageSize.height
        columns.titleWidth[index] = c.titleSize.width; columns.titleHeight[index] = c.titleSize.height
        columns.imagePadding[index] = c.imagePadding; columns.displayScale[index] = c.displayScale
        columns.imagePlacement[index] = c.imagePlacement.rawValue
        columns.layoutDirection[index] = c.layoutDirection.rawValue
        columns.mode[index] = c.mode.rawValue
    }

    @inlinable
    public static func configuration(in columns: InputFields, at index: Int) -> Self? {
        guard let placement = ImagePlacement(rawValue: columns.imagePlacement[index]),
              let direction = LayoutDirection(rawValue: columns.layoutDirection[index]),
              let mode = LayoutMode(rawValue: columns.mode[index])
        else { return nil }
        return Self(
            bounds: LayoutSize(width: columns.width[index], height: columns.height[index]),
            contentInsets: DirectionalEdgeInsets(
                top: columns.insetTop[index], leading: columns.insetLeading[index],
                bottom: columns.insetBottom[index], trailing: columns.insetTrailing[index]),
            imageSize: LayoutSize(width: columns.imageWidth[index], height: columns.imageHeight[index]),
            titleSize: LayoutSize(width: columns.titleWidth[index], height: columns.titleHeight[index]),
            imagePlacement: placement, imagePadding: columns.imagePadding[index],
            layoutDirection: direction, displayScale: columns.displayScale[index], mode: mode)
    }

    @inlinable
    public static func write(_ result: ButtonContentResult<Scalar>, to columns: ResultFields, at index: Int) {
        (columns.imageX[index], columns.imageY[index]) = (result.imageFrame.x, result.imageFrame.y)
        (columns.imageWidth[index], columns.imageHeight[index]) = (result.imageFrame.width, result.imageFrame.height)
        (columns.titleX[index], columns.titleY[index]) = (result.titleFrame.x, result.titleFrame.y)
        (columns.titleWidth[index], columns.titleHeight[index]) = (result.titleFrame.width, result.titleFrame.height)
    }

    @inlinable
    public static func result(in columns: ResultFields, at index: Int) -> ButtonContentResult<Scalar> {
        ButtonContentResult(
            imageFrame: LayoutRect(x: columns.imageX[index], y: columns.imageY[index], width: columns.imageWidth[index], height: columns.imageHeight[index]),
            titleFrame: LayoutRect(x: columns.titleX[index], y: columns.titleY[index], width: columns.titleWidth[index], height: columns.titleHeight[index]))
    }
}

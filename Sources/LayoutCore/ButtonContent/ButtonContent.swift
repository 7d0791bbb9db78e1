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
public enum ButtonContent: ControlNamespace {}

/// Where the image goes relative to the title, like `UIButton.Configuration.imagePlacement`.
/// `.leading` and `.trailing` follow the layout direction.
public enum ImagePlacement: UInt8, CaseIterable, Hashable, Sendable {
    /// The image above the title (raw value 0).
    case top = 0
    /// The image on the title's leading side (raw value 1): left in left-to-right.
    case leading = 1
    /// The image below the title (raw value 2).
    case bottom = 2
    /// The image on the title's trailing side (raw value 3): right in left-to-right.
    case trailing = 3

    /// Whether the image and the title stand side by side (x is the main axis).
    @inlinable public var isHorizontal: Bool { self == .leading || self == .trailing }
}

/// Everything the layout of one button's content depends on.
@frozen
public struct ButtonContentConfiguration<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The button's bounds size `W, H`.
    public var bounds: LayoutSize<Scalar>
    /// Insets from the bounds to the content rect; leading and trailing follow the direction.
    public var contentInsets: DirectionalEdgeInsets<Scalar>
    /// The image's fitting size `iw, ih`; an image with a zero side is absent in `.fit`.
    public var imageSize: LayoutSize<Scalar>
    /// The title's fitting size `tw, th`; a title with a zero side is absent in `.fit`.
    public var titleSize: LayoutSize<Scalar>
    /// Where the image goes relative to the title.
    public var imagePlacement: ImagePlacement
    /// The spacing `s` between image and title (UIKit's name).
    public var imagePadding: Scalar
    /// Which side leading and trailing (insets, image placement) are on.
    public var layoutDirection: LayoutDirection
    /// Pixels per point to snap frames to (1, 2, 3...), or 0 for no snapping.
    public var displayScale: Scalar
    /// `.fit` (the hardened layout) or `.legacy`, the original Objective-C arithmetic, quirks
    /// included (the gap is always added, sizes pass through, and the block may start before
    /// the content rect).
    public var mode: LayoutMode

    /// A configuration; every parameter is the property of the same name. By default: no
    /// insets, the image leading the title with no gap, left to right, no snapping, `.fit`.
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
public struct ButtonContentResult<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The image's frame (size 0 x 0 for an absent image in `.fit`).
    public var imageFrame: LayoutRect<Scalar>
    /// The title's frame (size 0 x 0 for an absent title in `.fit`).
    public var titleFrame: LayoutRect<Scalar>

    /// A result with these two frames.
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
    /// The namespace whose `layout(_:)` lays out one configuration: ``ButtonContent``.
    public typealias Namespace = ButtonContent

    /// The input columns: the configuration's fields, enumerations as raw values.
    public struct InputFields: FieldSet {
        /// `bounds.width`, in points.
        public let width: Field<Scalar>
        /// `bounds.height`, in points.
        public let height: Field<Scalar>
        /// `contentInsets.top`.
        public let insetTop: Field<Scalar>
        /// `contentInsets.leading` (left in left-to-right, right in right-to-left).
        public let insetLeading: Field<Scalar>
        /// `contentInsets.bottom`.
        public let insetBottom: Field<Scalar>
        /// `contentInsets.trailing`.
        public let insetTrailing: Field<Scalar>
        /// `imageSize.width` (0: no image in `.fit`).
        public let imageWidth: Field<Scalar>
        /// `imageSize.height` (0: no image in `.fit`).
        public let imageHeight: Field<Scalar>
        /// `titleSize.width` (0: no title in `.fit`).
        public let titleWidth: Field<Scalar>
        /// `titleSize.height` (0: no title in `.fit`).
        public let titleHeight: Field<Scalar>
        /// `imagePadding`: the spacing between image and title.
        public let imagePadding: Field<Scalar>
        /// `displayScale`: pixels per point to snap to, 0 for no snapping.
        public let displayScale: Field<Scalar>
        /// `imagePlacement`'s raw value: 0 top, 1 leading, 2 bottom, 3 trailing.
        public let imagePlacement: Field<UInt8>
        /// `layoutDirection`'s raw value: 0 left to right, 1 right to left.
        public let layoutDirection: Field<UInt8>
        /// `mode`'s raw value: 0 fit, 1 legacy.
        public let mode: Field<UInt8>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            width = fields.field("width", .length, "bounds width W (points)")
            height = fields.field("height", .length, "bounds height H")
            insetTop = fields.field("insetTop", .length, default: 0, "content inset, top")
            insetLeading = fields.field("insetLeading", .length, default: 0, "content inset, leading (left in LTR, right in RTL)")
            insetBottom = fields.field("insetBottom", .length, default: 0, "content inset, bottom")
            insetTrailing = fields.field("insetTrailing", .length, default: 0, "content inset, trailing")
            imageWidth = fields.field("imageWidth", .length, "image size iw (0 = no image in .fit)")
            imageHeight = fields.field("imageHeight", .length, "image size ih")
            titleWidth = fields.field("titleWidth", .length, "title size tw (0 = no title in .fit)")
            titleHeight = fields.field("titleHeight", .length, "title size th")
            imagePadding = fields.field("imagePadding", .length, default: 0, "spacing s between image and title")
            displayScale = fields.field("displayScale", .displayScale, default: 0, "pixels per point to snap to (0 = no snapping)")
            imagePlacement = fields.field("imagePlacement", .cases(of: ImagePlacement.self), default: 1, "image relative to the title")
            layoutDirection = fields.field("layoutDirection", .cases(of: LayoutDirection.self), default: 0, "layout direction")
            mode = fields.field("mode", .cases(of: LayoutMode.self), default: 0, "fit (hardened) or legacy (the original Objective-C arithmetic, quirks included)")
        }
    }

    /// The result columns: the image's and the title's frames.
    public struct ResultFields: FieldSet {
        /// `imageFrame.x`.
        public let imageX: Field<Scalar>
        /// `imageFrame.y`.
        public let imageY: Field<Scalar>
        /// `imageFrame.width`.
        public let imageWidth: Field<Scalar>
        /// `imageFrame.height`.
        public let imageHeight: Field<Scalar>
        /// `titleFrame.x`.
        public let titleX: Field<Scalar>
        /// `titleFrame.y`.
        public let titleY: Field<Scalar>
        /// `titleFrame.width`.
        public let titleWidth: Field<Scalar>
        /// `titleFrame.height`.
        public let titleHeight: Field<Scalar>
        /// Declares every field, in order: the schema.
        @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
            imageX = fields.field("imageX", .result)
            imageY = fields.field("imageY", .result)
            imageWidth = fields.field("imageWidth", .result)
            imageHeight = fields.field("imageHeight", .result)
            titleX = fields.field("titleX", .result)
            titleY = fields.field("titleY", .result)
            titleWidth = fields.field("titleWidth", .result)
            titleHeight = fields.field("titleHeight", .result)
        }
    }

    /// The scalar reference without validation: ``ButtonContent/layout(unchecked:)``.
    @inlinable
    public static func _referenceLayout(_ configuration: Self) -> ButtonContentResult<Scalar> {
        ButtonContent.layout(unchecked: configuration)
    }

    /// Writes configuration `c` as control `index` of the (bound) input columns, enumerations
    /// as raw values.
    @inlinable
    public static func _write(_ c: Self, to columns: InputFields, at index: Int) -> (position: Int, value: Double)? {
        columns.width[index] = c.bounds.width; columns.height[index] = c.bounds.height
        columns.insetTop[index] = c.contentInsets.top; columns.insetLeading[index] = c.contentInsets.leading
        columns.insetBottom[index] = c.contentInsets.bottom; columns.insetTrailing[index] = c.contentInsets.trailing
        columns.imageWidth[index] = c.imageSize.width; columns.imageHeight[index] = c.imageSize.height
        columns.titleWidth[index] = c.titleSize.width; columns.titleHeight[index] = c.titleSize.height
        columns.imagePadding[index] = c.imagePadding; columns.displayScale[index] = c.displayScale
        columns.imagePlacement[index] = c.imagePlacement.rawValue
        columns.layoutDirection[index] = c.layoutDirection.rawValue
        columns.mode[index] = c.mode.rawValue
        return nil
    }

    /// The configuration of control `index` of the (bound) input columns, or `nil` when a raw
    /// value (placement, direction, mode) is out of range.
    @inlinable
    public static func _configuration(in columns: InputFields, at index: Int) -> Self? {
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

    /// Writes `result`'s two frames as control `index` of the (bound) result columns.
    @inlinable
    public static func _write(_ result: ButtonContentResult<Scalar>, to columns: ResultFields, at index: Int) {
        (columns.imageX[index], columns.imageY[index]) = (result.imageFrame.x, result.imageFrame.y)
        (columns.imageWidth[index], columns.imageHeight[index]) = (result.imageFrame.width, result.imageFrame.height)
        (columns.titleX[index], columns.titleY[index]) = (result.titleFrame.x, result.titleFrame.y)
        (columns.titleWidth[index], columns.titleHeight[index]) = (result.titleFrame.width, result.titleFrame.height)
    }

    /// The result of control `index` of the (bound) result columns.
    @inlinable
    public static func _result(in columns: ResultFields, at index: Int) -> ButtonContentResult<Scalar> {
        ButtonContentResult(
            imageFrame: LayoutRect(x: columns.imageX[index], y: columns.imageY[index], width: columns.imageWidth[index], height: columns.imageHeight[index]),
            titleFrame: LayoutRect(x: columns.titleX[index], y: columns.titleY[index], width: columns.titleWidth[index], height: columns.titleHeight[index]))
    }
}

#if !hasFeature(Embedded)
// Codable needs the full runtime: not in Embedded Swift (Docs/Embedded.md).
extension ImagePlacement: Codable {}
extension ButtonContentConfiguration: Codable {}
extension ButtonContentResult: Codable {}
#endif

/// Button content layout: where a button's image and title go.
///
/// The image sits on one side of the title (`ImagePlacement`), separated by `imagePadding`, and
/// the two are centered together inside the bounds minus the content insets, as `UIButton`
/// lays out a `UIButton.Configuration`. SPEC section 1 is the contract.
///
/// - `ButtonContent.layout(_:)` lays out one control (the readable scalar reference, validated).
/// - `ButtonContentColumns.layout(into:parallelism:)` lays out thousands at once with the SIMD
///   batch kernel, bit for bit the same result.
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
public struct ButtonContentFrames<Scalar: LayoutScalar>: Hashable, Sendable, Codable {
    public var imageFrame: LayoutRect<Scalar>
    public var titleFrame: LayoutRect<Scalar>

    @inlinable
    public init(imageFrame: LayoutRect<Scalar>, titleFrame: LayoutRect<Scalar>) {
        self.imageFrame = imageFrame
        self.titleFrame = titleFrame
    }
}

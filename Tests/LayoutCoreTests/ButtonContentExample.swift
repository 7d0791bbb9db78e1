import LayoutCore

extension ButtonContentConfiguration {
    /// The worked examples' shorthand: a `bounds` (width, height) button without insets, with
    /// an `image` and a `title` of the given (width, height) placed by `placement`, `padding`
    /// apart.
    static func example(
        bounds: (Scalar, Scalar), image: (Scalar, Scalar), title: (Scalar, Scalar),
        _ placement: ImagePlacement, padding: Scalar, mode: LayoutMode = .fit
    ) -> Self {
        ButtonContentConfiguration(
            bounds: LayoutSize(width: bounds.0, height: bounds.1),
            imageSize: LayoutSize(width: image.0, height: image.1), titleSize: LayoutSize(width: title.0, height: title.1),
            imagePlacement: placement, imagePadding: padding, mode: mode)
    }
}

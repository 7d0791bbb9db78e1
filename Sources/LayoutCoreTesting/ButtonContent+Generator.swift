import LayoutCore

extension ButtonContentConfiguration {
    /// One seeded, valid configuration drawn from `source`, for tests, benchmarks and fuzz
    /// targets.
    ///
    /// A mix of shapes: content that fits, content that overflows the bounds, absent (zero-size)
    /// images or titles, insets larger than the bounds, fractional and huge values, every
    /// placement, direction and display scale. `mode` is chosen by the caller or at random.
    // Specialized for the seeded tests (`SplitMix64`), which draw millions of these.
    @_specialize(where Scalar == Float, Source == SplitMix64)
    @_specialize(where Scalar == Double, Source == SplitMix64)
    public static func generated<Source: ValueSource>(_ source: inout Source, mode: LayoutMode?) -> Self {
        let shape = source.next(below: 8)
        let placement = ImagePlacement(rawValue: UInt8(source.next(below: 4)))!
        let direction = LayoutDirection(rawValue: UInt8(source.next(below: 2)))!
        let chosenMode = mode ?? LayoutMode(rawValue: UInt8(source.next(below: 2)))!
        let scale: Scalar = EdgeValues.displayScale(&source)

        func length(_ typical: Double) -> Scalar { EdgeValues.length(&source, typical: typical) }
        func size(_ typicalWidth: Double, _ typicalHeight: Double) -> LayoutSize<Scalar> {
            LayoutSize(width: length(typicalWidth), height: length(typicalHeight))
        }
        func insets(_ typical: Double) -> DirectionalEdgeInsets<Scalar> {
            DirectionalEdgeInsets(top: length(typical), leading: length(typical),
                                  bottom: length(typical), trailing: length(typical))
        }

        /// Bounds, insets, image and title of typical sizes (drawn in that order).
        func sized(
            bounds: (Double, Double), insets inset: Double, image: (Double, Double), title: (Double, Double)
        ) -> (LayoutSize<Scalar>, DirectionalEdgeInsets<Scalar>, LayoutSize<Scalar>, LayoutSize<Scalar>) {
            (size(bounds.0, bounds.1), insets(inset), size(image.0, image.1), size(title.0, title.1))
        }

        let bounds: LayoutSize<Scalar>
        var contentInsets = DirectionalEdgeInsets<Scalar>.zero
        var imageSize: LayoutSize<Scalar>
        var titleSize: LayoutSize<Scalar>
        var spacing: Scalar = length(12)
        switch shape {
        case 0, 1, 2:
            // Typical controls: room to spare most of the time.
            (bounds, contentInsets, imageSize, titleSize) = sized(bounds: (400, 120), insets: 12, image: (48, 48), title: (160, 24))
        case 3:
            // Overflowing: content much larger than the bounds.
            (bounds, contentInsets, imageSize, titleSize) = sized(bounds: (60, 30), insets: 8, image: (120, 80), title: (300, 60))
        case 4:
            // Insets larger than the bounds.
            (bounds, contentInsets, imageSize, titleSize) = sized(bounds: (20, 20), insets: 40, image: (16, 16), title: (40, 16))
        case 5:
            // Absent items: a zero side on the image, the title or both.
            (bounds, contentInsets, imageSize, titleSize) = sized(bounds: (200, 60), insets: 8, image: (32, 32), title: (100, 20))
            switch source.next(below: 4) {
            case 0: imageSize.width = 0
            case 1: imageSize.height = 0
            case 2: titleSize.width = 0
            default: titleSize = .zero; imageSize.height = 0
            }
        case 6:
            // Huge values anywhere.
            bounds = LayoutSize(width: EdgeValues.hugeLength(&source), height: EdgeValues.hugeLength(&source))
            contentInsets = insets(100_000)
            imageSize = LayoutSize(width: EdgeValues.hugeLength(&source), height: length(1000))
            titleSize = LayoutSize(width: length(500_000), height: EdgeValues.hugeLength(&source))
            spacing = length(100_000)
        default:
            // Exact fits: the content is exactly the content rect's length, or one ulp off it.
            imageSize = size(40, 40)
            titleSize = size(120, 24)
            contentInsets = insets(10)
            let main = placement.isHorizontal
                ? imageSize.width + spacing + titleSize.width
                : imageSize.height + spacing + titleSize.height
            // One ulp below an empty block would be a negative length: keep it at 0.
            let along = max(0, EdgeValues.aroundBoundary(main, &source))
            let across = length(80)
            bounds = placement.isHorizontal
                ? LayoutSize(width: along + contentInsets.leading + contentInsets.trailing,
                             height: across + contentInsets.top + contentInsets.bottom)
                : LayoutSize(width: across + contentInsets.leading + contentInsets.trailing,
                             height: along + contentInsets.top + contentInsets.bottom)
        }
        return Self(
            bounds: clamped(bounds), contentInsets: contentInsets, imageSize: imageSize,
            titleSize: titleSize, imagePlacement: placement, imagePadding: spacing,
            layoutDirection: direction, displayScale: scale, mode: chosenMode)
    }

    private static func clamped(_ size: LayoutSize<Scalar>) -> LayoutSize<Scalar> {
        let maximum = Scalar(LayoutLimits.maximumLength)
        return LayoutSize(width: min(size.width, maximum), height: min(size.height, maximum))
    }
}

// The rest of the testing conformance needs the full runtime (the Embedded Swift arm64 check
// compiles only the generator above).
#if !hasFeature(Embedded)
extension ButtonContentConfiguration: ControlUnderTest {
    /// The generator's mix, then, one time in two, a boundary of the `.fit` arithmetic put
    /// exactly in place or one ulp to either side:
    /// - the content length equals `image + spacing + title` (fits exactly / overflows by an ulp);
    /// - the content length equals `image + spacing` (the title's room is exactly 0: the
    ///   branch between shrinking the title and squeezing it away);
    /// - the content length equals the image alone (the image shrinks or not);
    /// - the cross length equals the image's or the title's cross size (clamped or not).
    /// The insets along the boundary's axis are zeroed, so the content length is exactly the
    /// boundary value (no rounding in `W - left - right`).
    public static func fuzzed(_ source: inout FuzzSource, mode: LayoutMode?) -> Self {
        var c = generated(&source, mode: mode)
        let boundary = source.next(below: 16)
        guard boundary >= 8 else { return c }
        let horizontal = c.imagePlacement.isHorizontal
        let imageMain = horizontal ? c.imageSize.width : c.imageSize.height
        let imageCross = horizontal ? c.imageSize.height : c.imageSize.width
        let titleMain = horizontal ? c.titleSize.width : c.titleSize.height
        let titleCross = horizontal ? c.titleSize.height : c.titleSize.width
        var main: Scalar?
        var cross: Scalar?
        switch boundary {
        case 8, 9: main = imageMain + c.imagePadding + titleMain
        case 10, 11: main = imageMain + c.imagePadding
        case 12: main = imageMain
        case 13: cross = imageCross
        case 14: cross = titleCross
        default:
            main = imageMain + c.imagePadding + titleMain
            cross = max(imageCross, titleCross)
        }
        // Along the main axis when `horizontal` is true, across it otherwise.
        func put(_ length: Scalar, horizontally: Bool) {
            if horizontally {
                c.bounds.width = length
                c.contentInsets.leading = 0
                c.contentInsets.trailing = 0
            } else {
                c.bounds.height = length
                c.contentInsets.top = 0
                c.contentInsets.bottom = 0
            }
        }
        if let main { put(FuzzBoundary.around(main, &source), horizontally: horizontal) }
        if let cross { put(FuzzBoundary.around(cross, &source), horizontally: !horizontal) }
        return c
    }

    /// A plain control that fits, placements, directions, snapping and modes varying with `index`.
    public static func padding(_ index: Int) -> Self {
        Self(
            bounds: LayoutSize(width: 120, height: 44),
            contentInsets: DirectionalEdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10),
            imageSize: LayoutSize(width: 24, height: 24), titleSize: LayoutSize(width: 60, height: 20),
            imagePlacement: ImagePlacement(rawValue: UInt8(index % 4))!, imagePadding: 8,
            layoutDirection: LayoutDirection(rawValue: UInt8(index % 2))!,
            displayScale: index % 2 == 0 ? 2 : 0, mode: index % 3 == 0 ? .legacy : .fit)
    }

    public static var sampleColumns: SampleColumns<Self> { SampleColumns(scalar: \.width, byte: \.imagePlacement, result: \.titleX) }

    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        generated(count: count, seed: seed)
    }
}
#endif

// The batch kernel: SPEC section 1 over structure-of-arrays columns, four controls per SIMD
// vector, with branch-free selects where the reference branches. Each line below mirrors a
// line of `ButtonContent.layout(unchecked:)` and performs the same IEEE operations in the
// same order; the two agree bit for bit (see ButtonContentDifferentialTests).
//
// Lane tricks used here:
// - Enumeration raw values are loaded as floating-point lanes (0.0, 1.0, ...) and compared
//   against scalars: float vectors have fast scalar-operand compares, integer vectors do not.
// - Every `if` of the reference becomes "compute both, keep one with `replacing(with:where:)`",
//   which compiles to masked moves: random placements and modes cost no mispredictions.
// - Where the reference picks a pair with one condition (left/right inset, main/cross axis,
//   first/second item), the pair is exchanged by `Lanes.swapped` (exclusive or: four bitwise
//   instructions for both values, where two selects take six).
// - `min` and `max` are single `minps`/`maxps` instructions (`_Lanes._min`/`_max`).
// - `.fit`-only steps are computed for every lane and kept only where `isFit` holds, so
//   `.fit` and `.legacy` lanes mix freely in one vector.
// - The tail (fewer than four controls) is padded with zeros and goes through the same lane
//   code; padding lanes may compute NaN, which is harmless and never stored.

/// Base pointers of every input and output column of a validated batch.
@usableFromInline
struct _ButtonContentPointers<Scalar: LayoutScalar>: @unchecked Sendable {
    @usableFromInline var width, height, insetTop, insetLeading, insetBottom, insetTrailing: UnsafePointer<Scalar>
    @usableFromInline var imageWidth, imageHeight, titleWidth, titleHeight: UnsafePointer<Scalar>
    @usableFromInline var imagePadding, displayScale: UnsafePointer<Scalar>
    @usableFromInline var imagePlacement, layoutDirection, mode: UnsafePointer<UInt8>
    @usableFromInline var imageX, imageY, imageW, imageH: UnsafeMutablePointer<Scalar>
    @usableFromInline var titleX, titleY, titleW, titleH: UnsafeMutablePointer<Scalar>

    @inlinable
    init(_ input: borrowing _ButtonContentInputPointers<Scalar>,
         imageX: UnsafeMutablePointer<Scalar>, imageY: UnsafeMutablePointer<Scalar>,
         imageW: UnsafeMutablePointer<Scalar>, imageH: UnsafeMutablePointer<Scalar>,
         titleX: UnsafeMutablePointer<Scalar>, titleY: UnsafeMutablePointer<Scalar>,
         titleW: UnsafeMutablePointer<Scalar>, titleH: UnsafeMutablePointer<Scalar>) {
        (width, height) = (input.width, input.height)
        (insetTop, insetLeading, insetBottom, insetTrailing) =
            (input.insetTop, input.insetLeading, input.insetBottom, input.insetTrailing)
        (imageWidth, imageHeight, titleWidth, titleHeight) =
            (input.imageWidth, input.imageHeight, input.titleWidth, input.titleHeight)
        (imagePadding, displayScale) = (input.imagePadding, input.displayScale)
        (imagePlacement, layoutDirection, mode) = (input.imagePlacement, input.layoutDirection, input.mode)
        (self.imageX, self.imageY, self.imageW, self.imageH) = (imageX, imageY, imageW, imageH)
        (self.titleX, self.titleY, self.titleW, self.titleH) = (titleX, titleY, titleW, titleH)
    }
}

/// Base pointers of every input column.
@usableFromInline
struct _ButtonContentInputPointers<Scalar: LayoutScalar> {
    @usableFromInline var width, height, insetTop, insetLeading, insetBottom, insetTrailing: UnsafePointer<Scalar>
    @usableFromInline var imageWidth, imageHeight, titleWidth, titleHeight: UnsafePointer<Scalar>
    @usableFromInline var imagePadding, displayScale: UnsafePointer<Scalar>
    @usableFromInline var imagePlacement, layoutDirection, mode: UnsafePointer<UInt8>

    @inlinable
    init(width: UnsafePointer<Scalar>, height: UnsafePointer<Scalar>,
         insetTop: UnsafePointer<Scalar>, insetLeading: UnsafePointer<Scalar>,
         insetBottom: UnsafePointer<Scalar>, insetTrailing: UnsafePointer<Scalar>,
         imageWidth: UnsafePointer<Scalar>, imageHeight: UnsafePointer<Scalar>,
         titleWidth: UnsafePointer<Scalar>, titleHeight: UnsafePointer<Scalar>,
         imagePadding: UnsafePointer<Scalar>, displayScale: UnsafePointer<Scalar>,
         imagePlacement: UnsafePointer<UInt8>, layoutDirection: UnsafePointer<UInt8>,
         mode: UnsafePointer<UInt8>) {
        (self.width, self.height) = (width, height)
        (self.insetTop, self.insetLeading, self.insetBottom, self.insetTrailing) =
            (insetTop, insetLeading, insetBottom, insetTrailing)
        (self.imageWidth, self.imageHeight, self.titleWidth, self.titleHeight) =
            (imageWidth, imageHeight, titleWidth, titleHeight)
        (self.imagePadding, self.displayScale) = (imagePadding, displayScale)
        (self.imagePlacement, self.layoutDirection, self.mode) = (imagePlacement, layoutDirection, mode)
    }
}

extension ButtonContentColumns {
    /// Lays out every control with the batch kernel, after validating every column.
    ///
    /// Equivalent to `output[i] = try ButtonContent.layout(configuration(at: i)!)` for every
    /// `i`, bit for bit, but four controls per SIMD vector and, for large batches, on every
    /// core. `output` is resized to `count` if needed (reuse it to avoid allocating).
    ///
    /// - Throws: `LayoutError` for the lowest bad element (see `validate()`); `output` is then
    ///   left exactly as it was.
    /// - Complexity: O(count), without allocating when `output.count == count`.
    @inlinable
    public func layout(
        into output: inout ButtonContentFrameColumns<Scalar>, parallelism: Parallelism = .automatic
    ) throws(LayoutError) {
        try validate()
        _layout(into: &output, parallelism: parallelism)
    }

    /// The batch kernel without value validation: NaN, negative sizes or out-of-range raw
    /// values give meaningless frames (never a trap).
    ///
    /// - Precondition: every column has the same length.
    @inlinable
    public func uncheckedLayout(
        into output: inout ButtonContentFrameColumns<Scalar>, parallelism: Parallelism = .automatic
    ) {
        precondition(_columnLengthError() == nil, "ButtonContentColumns: columns of unequal length")
        _layout(into: &output, parallelism: parallelism)
    }

    /// Checks every column: equal lengths, then every value (finite, non-negative, within
    /// `LayoutLimits`; raw values in range), four vectors at a time.
    ///
    /// - Throws: `LayoutError` naming the lowest bad element index, its field and value.
    @inlinable
    public func validate() throws(LayoutError) {
        if let error = _columnLengthError() { throw error }
        let error: LayoutError? = _withInputPointers { p in
            var validator = _BatchValidator(count: count)
            validator.check(p.width, field: "width", rule: .length)
            validator.check(p.height, field: "height", rule: .length)
            validator.check(p.insetTop, field: "insetTop", rule: .length)
            validator.check(p.insetLeading, field: "insetLeading", rule: .length)
            validator.check(p.insetBottom, field: "insetBottom", rule: .length)
            validator.check(p.insetTrailing, field: "insetTrailing", rule: .length)
            validator.check(p.imageWidth, field: "imageWidth", rule: .length)
            validator.check(p.imageHeight, field: "imageHeight", rule: .length)
            validator.check(p.titleWidth, field: "titleWidth", rule: .length)
            validator.check(p.titleHeight, field: "titleHeight", rule: .length)
            validator.check(p.imagePadding, field: "imagePadding", rule: .length)
            validator.check(p.displayScale, field: "displayScale", rule: .displayScale)
            validator.check(p.imagePlacement, field: "imagePlacement", caseCount: UInt8(ImagePlacement.allCases.count))
            validator.check(p.layoutDirection, field: "layoutDirection", caseCount: UInt8(LayoutDirection.allCases.count))
            validator.check(p.mode, field: "mode", caseCount: UInt8(LayoutMode.allCases.count))
            return validator.error
        }
        if let error { throw error }
    }

    @inlinable
    func _columnLengthError() -> LayoutError? {
        var validator = _BatchValidator(count: count)
        validator.checkLength(height.count, field: "height")
        validator.checkLength(insetTop.count, field: "insetTop")
        validator.checkLength(insetLeading.count, field: "insetLeading")
        validator.checkLength(insetBottom.count, field: "insetBottom")
        validator.checkLength(insetTrailing.count, field: "insetTrailing")
        validator.checkLength(imageWidth.count, field: "imageWidth")
        validator.checkLength(imageHeight.count, field: "imageHeight")
        validator.checkLength(titleWidth.count, field: "titleWidth")
        validator.checkLength(titleHeight.count, field: "titleHeight")
        validator.checkLength(imagePadding.count, field: "imagePadding")
        validator.checkLength(displayScale.count, field: "displayScale")
        validator.checkLength(imagePlacement.count, field: "imagePlacement")
        validator.checkLength(layoutDirection.count, field: "layoutDirection")
        validator.checkLength(mode.count, field: "mode")
        return validator.error
    }

    /// Calls `body` with the base pointer of every input column. The arrays are not mutated
    /// meanwhile, so their storage stays put. (Empty arrays still have a valid base address.)
    @inlinable
    func _withInputPointers<R>(_ body: (_ButtonContentInputPointers<Scalar>) -> R) -> R {
        width.withUnsafeBufferPointer { width in
        height.withUnsafeBufferPointer { height in
        insetTop.withUnsafeBufferPointer { insetTop in
        insetLeading.withUnsafeBufferPointer { insetLeading in
        insetBottom.withUnsafeBufferPointer { insetBottom in
        insetTrailing.withUnsafeBufferPointer { insetTrailing in
        imageWidth.withUnsafeBufferPointer { imageWidth in
        imageHeight.withUnsafeBufferPointer { imageHeight in
        titleWidth.withUnsafeBufferPointer { titleWidth in
        titleHeight.withUnsafeBufferPointer { titleHeight in
        imagePadding.withUnsafeBufferPointer { imagePadding in
        displayScale.withUnsafeBufferPointer { displayScale in
        imagePlacement.withUnsafeBufferPointer { imagePlacement in
        layoutDirection.withUnsafeBufferPointer { layoutDirection in
        mode.withUnsafeBufferPointer { mode in
            body(_ButtonContentInputPointers(
                width: width._base, height: height._base,
                insetTop: insetTop._base, insetLeading: insetLeading._base,
                insetBottom: insetBottom._base, insetTrailing: insetTrailing._base,
                imageWidth: imageWidth._base, imageHeight: imageHeight._base,
                titleWidth: titleWidth._base, titleHeight: titleHeight._base,
                imagePadding: imagePadding._base, displayScale: displayScale._base,
                imagePlacement: imagePlacement._base, layoutDirection: layoutDirection._base,
                mode: mode._base))
        }}}}}}}}}}}}}}}
    }

    @inlinable
    func _layout(into output: inout ButtonContentFrameColumns<Scalar>, parallelism: Parallelism) {
        let count = self.count
        if output.count != count { output.resize(to: count) }
        guard count > 0 else { return }
        _withInputPointers { input in
            output.imageX.withUnsafeMutableBufferPointer { imageX in
            output.imageY.withUnsafeMutableBufferPointer { imageY in
            output.imageWidth.withUnsafeMutableBufferPointer { imageW in
            output.imageHeight.withUnsafeMutableBufferPointer { imageH in
            output.titleX.withUnsafeMutableBufferPointer { titleX in
            output.titleY.withUnsafeMutableBufferPointer { titleY in
            output.titleWidth.withUnsafeMutableBufferPointer { titleW in
            output.titleHeight.withUnsafeMutableBufferPointer { titleH in
                let pointers = _ButtonContentPointers(
                    input,
                    imageX: imageX._base, imageY: imageY._base, imageW: imageW._base, imageH: imageH._base,
                    titleX: titleX._base, titleY: titleY._base, titleW: titleW._base, titleH: titleH._base)
                _runBatch(count: count, parallelism: parallelism) { range in
                    ButtonContent._kernel(pointers, range: range)
                }
            }}}}}}}}
        }
    }
}

extension ButtonContent {
    /// Lays out the controls in `range`, four at a time.
    ///
    /// Full groups run the lane code with a constant count, so every load and store is one
    /// vector instruction and no count test is left in the loop; the tail runs the same code
    /// in its own function, with padded loads and partial stores (one shared inlined path for
    /// both made LLVM merge their loads and stores behind per-column branches).
    @inlinable
    static func _kernel<Scalar>(_ p: _ButtonContentPointers<Scalar>, range: Range<Int>) {
        var index = range.lowerBound
        while range.upperBound &- index >= _laneWidth {
            _laneGroup(p, at: index, count: _laneWidth)
            index &+= _laneWidth
        }
        if index < range.upperBound { _tailGroup(p, at: index, count: range.upperBound - index) }
    }

    /// Lays out the last `count` (1..<`_laneWidth`) controls: the lane code with loads that
    /// pad the missing lanes with zeros and stores that write only `count` lanes. Its own
    /// function, so that the full groups' loop keeps its one-instruction loads and stores.
    ///
    /// (It used to copy the controls into a zero-padded scratch group from
    /// `withUnsafeTemporaryAllocation` and run the full-group code there. In the release build
    /// of `layout-bench`, whose subjects are prespecialized, Swift 6.3 miscompiled that
    /// closure's typed `throws(Never)`: the error register came back non-zero and execution
    /// fell into the next function. Every batch whose length was not a multiple of four
    /// crashed there. See Docs/ButtonContent.md, kernel notes.)
    @inlinable @inline(never)
    static func _tailGroup<Scalar>(_ p: _ButtonContentPointers<Scalar>, at index: Int, count: Int) {
        _laneGroup(p, at: index, count: count)
    }

    /// Lays out `count` (1...`_laneWidth`) controls starting at `index`: `layout(unchecked:)` in lanes.
    @inlinable @inline(__always)
    static func _laneGroup<Scalar>(_ p: _ButtonContentPointers<Scalar>, at index: Int, count: Int) {
        typealias Lanes = _Lanes<Scalar>
        let zero = Lanes()
        let width = Lanes.load(p.width, at: index, count: count)
        let height = Lanes.load(p.height, at: index, count: count)
        let insetTop = Lanes.load(p.insetTop, at: index, count: count)
        let insetLeading = Lanes.load(p.insetLeading, at: index, count: count)
        let insetBottom = Lanes.load(p.insetBottom, at: index, count: count)
        let insetTrailing = Lanes.load(p.insetTrailing, at: index, count: count)
        var imageWidth = Lanes.load(p.imageWidth, at: index, count: count)
        var imageHeight = Lanes.load(p.imageHeight, at: index, count: count)
        var titleWidth = Lanes.load(p.titleWidth, at: index, count: count)
        var titleHeight = Lanes.load(p.titleHeight, at: index, count: count)
        var spacing = Lanes.load(p.imagePadding, at: index, count: count)
        let displayScale = Lanes.load(p.displayScale, at: index, count: count)
        let placement = Lanes.load(p.imagePlacement, at: index, count: count)
        let direction = Lanes.load(p.layoutDirection, at: index, count: count)
        let mode = Lanes.load(p.mode, at: index, count: count)

        let isFit = (mode == Scalar(LayoutMode.fit.rawValue))
        let isRightToLeft = (direction == Scalar(LayoutDirection.rightToLeft.rawValue))

        // The content rect.
        let (leftInset, rightInset) = Lanes.swapped(insetLeading, insetTrailing, where: isRightToLeft)
        var contentWidth = width - leftInset - rightInset
        var contentHeight = height - insetTop - insetBottom

        // `.fit`: clamp the content rect at 0, drop absent items and their gap.
        // (`.fit` uses the insets' sum, the same in both directions; see the reference.)
        contentWidth = contentWidth.replacing(with: zero._max(width - (insetLeading + insetTrailing)), where: isFit)
        // `.fit`'s `max(0, x)` is `max(fitFloor, x)`: a floor of `-inf` leaves `.legacy` lanes
        // as they are, and `_max` is one instruction where a select takes three.
        let fitFloor = Lanes(repeating: -.infinity).replacing(with: zero, where: isFit)
        contentHeight = fitFloor._max(contentHeight)
        let imageIsPresent = (imageWidth > 0) & (imageHeight > 0)
        let titleIsPresent = (titleWidth > 0) & (titleHeight > 0)
        let dropImage = isFit & !imageIsPresent
        let dropTitle = isFit & !titleIsPresent
        imageWidth = imageWidth.replacing(with: 0, where: dropImage)
        imageHeight = imageHeight.replacing(with: 0, where: dropImage)
        titleWidth = titleWidth.replacing(with: 0, where: dropTitle)
        titleHeight = titleHeight.replacing(with: 0, where: dropTitle)
        spacing = spacing.replacing(with: 0, where: dropImage | dropTitle)

        // Main and cross axes.
        let isHorizontal = (placement == Scalar(ImagePlacement.leading.rawValue))
            | (placement == Scalar(ImagePlacement.trailing.rawValue))
        let (mainStart, crossStart) = Lanes.swapped(insetTop, leftInset, where: isHorizontal)
        let (mainLength, crossLength) = Lanes.swapped(contentHeight, contentWidth, where: isHorizontal)
        var (imageMain, imageCross) = Lanes.swapped(imageHeight, imageWidth, where: isHorizontal)
        var (titleMain, titleCross) = Lanes.swapped(titleHeight, titleWidth, where: isHorizontal)

        // `.fit`: clamp across; on overflow shrink the title, then the gap and the image.
        // (`min(x, crossLength)` as `min(x, fitCeiling)`, `+inf` for `.legacy` lanes.)
        let fitCeiling = Lanes(repeating: .infinity).replacing(with: crossLength, where: isFit)
        imageCross = imageCross._min(fitCeiling)
        titleCross = titleCross._min(fitCeiling)
        let overflows = isFit & (imageMain + spacing + titleMain > mainLength)
        let roomForTitle = mainLength - imageMain - spacing
        let titleHasRoom = (roomForTitle > 0)
        let shrinkTitle = overflows & titleHasRoom
        let squeezeTitle = overflows & !titleHasRoom
        titleMain = titleMain.replacing(with: titleMain._min(roomForTitle), where: shrinkTitle)
        titleMain = titleMain.replacing(with: 0, where: squeezeTitle)
        spacing = spacing.replacing(with: 0, where: squeezeTitle)
        imageMain = imageMain.replacing(with: imageMain._min(mainLength), where: squeezeTitle)

        // Visual order.
        let imageIsFirst = (placement == Scalar(ImagePlacement.top.rawValue))
            | ((placement == Scalar(ImagePlacement.leading.rawValue)) & !isRightToLeft)
            | ((placement == Scalar(ImagePlacement.trailing.rawValue)) & isRightToLeft)
        let (firstLength, secondLength) = Lanes.swapped(titleMain, imageMain, where: imageIsFirst)

        // Center the block; `.fit` never starts it before the content rect.
        var offset = (mainLength - (firstLength + spacing + secondLength)) * 0.5
        offset = fitFloor._max(offset)
        let firstStart = mainStart + offset
        let secondStart = firstStart + firstLength + spacing
        let (imageMainStart, titleMainStart) = Lanes.swapped(secondStart, firstStart, where: imageIsFirst)
        let imageCrossStart = crossStart + (crossLength - imageCross) * 0.5
        let titleCrossStart = crossStart + (crossLength - titleCross) * 0.5

        // Back to x/y, then snap each axis (edges snapped, size = their difference).
        let (imageX0, imageY0) = Lanes.swapped(imageCrossStart, imageMainStart, where: isHorizontal)
        let (imageWidth0, imageHeight0) = Lanes.swapped(imageCross, imageMain, where: isHorizontal)
        let (titleX0, titleY0) = Lanes.swapped(titleCrossStart, titleMainStart, where: isHorizontal)
        let (titleWidth0, titleHeight0) = Lanes.swapped(titleCross, titleMain, where: isHorizontal)
        let snapping = _Snapping(scale: displayScale, snapping: displayScale > 0)
        let imageX = snapping.edges(origin: imageX0, length: imageWidth0)
        let imageY = snapping.edges(origin: imageY0, length: imageHeight0)
        let titleX = snapping.edges(origin: titleX0, length: titleWidth0)
        let titleY = snapping.edges(origin: titleY0, length: titleHeight0)

        imageX.origin.store(to: p.imageX, at: index, count: count)
        imageY.origin.store(to: p.imageY, at: index, count: count)
        imageX.length.store(to: p.imageW, at: index, count: count)
        imageY.length.store(to: p.imageH, at: index, count: count)
        titleX.origin.store(to: p.titleX, at: index, count: count)
        titleY.origin.store(to: p.titleY, at: index, count: count)
        titleX.length.store(to: p.titleW, at: index, count: count)
        titleY.length.store(to: p.titleH, at: index, count: count)
    }
}

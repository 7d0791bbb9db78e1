// The batch kernel: the button content layout over structure-of-arrays columns, a lane group
// (`LaneVector.width` controls) at a time. Each line mirrors a line of
// `ButtonContent.layout(unchecked:)` with the same IEEE operations in the same order, so the
// two agree bit for bit (ControlSuiteTests and the FuzzDifferential target check it).
// Branch-free, with the exact lane operations of Lanes.swift:
// - raw values are compared as floating-point lanes; every `if` of the reference computes
//   both sides and keeps one per lane (`replacing(with:where:)`), so random placements and
//   modes cost no mispredictions, and `.fit` and `.legacy` lanes mix in one vector;
// - a pair the reference picks with one condition (left/right inset, main/cross axis,
//   first/second item) is exchanged with `Lanes.swapped`, which moves bits;
// - the tail is padded with zeros and runs the same code; padding lanes may compute NaN,
//   which is never stored.

extension ButtonContentConfiguration {
    /// The fused pass: every rule in one pass over the columns (see `_ButtonContentChecks`),
    /// instead of the schema's fifteen scans of one column each, whose set-up and scalar
    /// tails would dominate a short batch.
    @inlinable
    public static func _allValid(_ fields: UnsafePointer<InputFields>, count: Int) -> Bool? {
        let input = fields.pointee
        // The byte columns sixteen at a time, apart from the numbers (`_allBytes`: as lanes
        // beside the numbers they cost more). Each limit is a constant, the enumeration's last
        // raw value plus one: `allCases.count` would build and free an array on every call.
        guard _allBytes(UnsafePointer(input.imagePlacement.base), count: count, below: ImagePlacement.trailing.rawValue + 1),
              _allBytes(UnsafePointer(input.layoutDirection.base), count: count, below: LayoutDirection.rightToLeft.rawValue + 1),
              _allBytes(UnsafePointer(input.mode.base), count: count, below: LayoutMode.legacy.rawValue + 1)
        else { return false }
        var checks = _ButtonContentChecks<Scalar>()
        let width = LaneVector<Scalar>.width
        var index = 0
        while count &- index >= width {
            checks.check(input, at: index, count: width)
            index &+= width
        }
        if index < count { checks.checkTail(fields, at: index, count: count &- index) }
        return checks.allPassed
    }
}

/// The running checks of `ButtonContentConfiguration._allValid`, taken in a lane group at a
/// time and tested once at the end, for the schema's rules: eleven lengths in
/// `0 ... maximumLength`, the scale in `0 ... maximumDisplayScale` (raw values: `_allBytes`).
/// `lowest` (every number) must be `>= 0` (`-0` passes, as in the rule), `highest` (the
/// lengths) `<= maximumLength`, `highestScale` `<= maximumDisplayScale`. A running extreme can
/// drop a NaN (`minps` and `maxps` return one operand when the other is NaN), but the running
/// sum of every number turns NaN or infinite for good and stays far from overflow for valid
/// values (12 values of at most 2^20 per control), so one finiteness test covers NaN and
/// infinities. The zero padding of the tail passes every rule.
@usableFromInline
struct _ButtonContentChecks<Scalar: LayoutScalar> {
    @usableFromInline typealias Lanes = LaneVector<Scalar>
    @usableFromInline var lowest = Lanes()
    @usableFromInline var highest = Lanes()
    @usableFromInline var highestScale = Lanes()
    @usableFromInline var sum = Lanes()

    @inlinable init() {}

    /// Takes in `count` (1...`width`) controls from `index`.
    @inlinable @inline(__always)
    mutating func check(_ p: ButtonContentConfiguration<Scalar>.InputFields, at index: Int, count: Int) {
        let width = Lanes.load(p.width, at: index, count: count)
        let height = Lanes.load(p.height, at: index, count: count)
        let insetTop = Lanes.load(p.insetTop, at: index, count: count)
        let insetLeading = Lanes.load(p.insetLeading, at: index, count: count)
        let insetBottom = Lanes.load(p.insetBottom, at: index, count: count)
        let insetTrailing = Lanes.load(p.insetTrailing, at: index, count: count)
        let imageWidth = Lanes.load(p.imageWidth, at: index, count: count)
        let imageHeight = Lanes.load(p.imageHeight, at: index, count: count)
        let titleWidth = Lanes.load(p.titleWidth, at: index, count: count)
        let titleHeight = Lanes.load(p.titleHeight, at: index, count: count)
        let spacing = Lanes.load(p.imagePadding, at: index, count: count)
        let scale = Lanes.load(p.displayScale, at: index, count: count)

        let lowestLength = ((width._min(height))._min(insetTop._min(insetLeading)))
            ._min((insetBottom._min(insetTrailing))._min(imageWidth._min(imageHeight)))
            ._min((titleWidth._min(titleHeight))._min(spacing))
        lowest = lowest._min(lowestLength._min(scale))
        let highestLength = ((width._max(height))._max(insetTop._max(insetLeading)))
            ._max((insetBottom._max(insetTrailing))._max(imageWidth._max(imageHeight)))
            ._max((titleWidth._max(titleHeight))._max(spacing))
        highest = highest._max(highestLength)
        highestScale = highestScale._max(scale)
        let lengthSum = ((width + height) + (insetTop + insetLeading))
            + ((insetBottom + insetTrailing) + (imageWidth + imageHeight))
            + ((titleWidth + titleHeight) + spacing)
        sum = sum + (lengthSum + scale)
    }

    /// `check` for the last `count` (1..<`width`) controls, in its own function: inlined beside
    /// the full groups, the optimizer merges the two paths' loads behind per-lane count tests.
    /// It takes the fields by address, as `BatchLayout.layoutTail` does.
    @inlinable @inline(never)
    mutating func checkTail(
        _ fields: UnsafePointer<ButtonContentConfiguration<Scalar>.InputFields>, at index: Int, count: Int
    ) {
        check(fields.pointee, at: index, count: count)
    }

    /// Whether every control taken in passes every rule.
    @inlinable
    var allPassed: Bool {
        @inline(__always) get {
            let bad = (lowest < Lanes()) | (highest > Lanes(repeating: Scalar(LayoutLimits.maximumLength)))
                | (highestScale > Lanes(repeating: Scalar(LayoutLimits.maximumDisplayScale)))
                | !((sum - sum) == Lanes())
            return !bad.any
        }
    }
}

extension ButtonContentConfiguration {
    /// Lays out `count` (1...`width`) controls starting at `index`: `layout(unchecked:)` in lanes.
    @inlinable @inline(__always)
    public static func _layoutLaneGroup(_ p: InputFields, _ out: ResultFields, at index: Int, count: Int) {
        typealias Lanes = LaneVector<Scalar>
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
        let snapping = PixelSnapping(scale: displayScale, snapping: displayScale > 0)
        let imageX = snapping.edges(origin: imageX0, length: imageWidth0)
        let imageY = snapping.edges(origin: imageY0, length: imageHeight0)
        let titleX = snapping.edges(origin: titleX0, length: titleWidth0)
        let titleY = snapping.edges(origin: titleY0, length: titleHeight0)

        imageX.origin.store(to: out.imageX, at: index, count: count)
        imageY.origin.store(to: out.imageY, at: index, count: count)
        imageX.length.store(to: out.imageWidth, at: index, count: count)
        imageY.length.store(to: out.imageHeight, at: index, count: count)
        titleX.origin.store(to: out.titleX, at: index, count: count)
        titleY.origin.store(to: out.titleY, at: index, count: count)
        titleX.length.store(to: out.titleWidth, at: index, count: count)
        titleY.length.store(to: out.titleHeight, at: index, count: count)
    }
}

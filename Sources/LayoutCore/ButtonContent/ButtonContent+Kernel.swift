// The batch kernel: the button content layout over structure-of-arrays columns, four controls per SIMD
// vector, with branch-free selects where the reference branches. Each line below mirrors a
// line of `ButtonContent.layout(unchecked:)` and performs the same IEEE operations in the
// same order; the two agree bit for bit (see ControlSuiteTests and the FuzzDifferential target).
//
// Lane tricks used here:
// - Enumeration raw values are loaded as floating-point lanes (0.0, 1.0, ...) and compared
//   against scalars: float vectors have fast scalar-operand compares, integer vectors do not.
// - Every `if` of the reference becomes "compute both, keep one with `replacing(with:where:)`",
//   which compiles to masked moves: random placements and modes cost no mispredictions.
// - Where the reference picks a pair with one condition (left/right inset, main/cross axis,
//   first/second item), the pair is exchanged by `Lanes.swapped` (exclusive or: four bitwise
//   instructions for both values, where two selects take six).
// - `min` and `max` are single `minps`/`maxps` instructions (`LaneVector._min`/`_max`).
// - `.fit`-only steps are computed for every lane and kept only where `isFit` holds, so
//   `.fit` and `.legacy` lanes mix freely in one vector.
// - The tail (fewer than four controls) is padded with zeros and goes through the same lane
//   code; padding lanes may compute NaN, which is harmless and never stored.

extension ButtonContentConfiguration {
    /// The fused pass: every rule at once (see `_ButtonContentChecks`). Without it a batch
    /// ran the schema's fifteen per-column scans, whose set-up and scalar tails cost about
    /// 2,500 instructions per call on a batch of eight controls.
    @inlinable
    public static func _allValid(_ fields: UnsafePointer<InputFields>, count: Int) -> Bool? {
        let input = fields.pointee
        // The byte columns sixteen at a time (`_allBytes`: converted to lanes beside the
        // numbers they cost ~5 instructions per `Double` control more). The limits: each
        // enumeration's last raw value plus one, constants (`allCases.count` makes and frees
        // an array on every call, ~45 instructions each).
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

/// The running checks of `ButtonContentConfiguration._allValid`, a lane group at a time;
/// nothing is tested per group, everything once at the end. The rules are the schema's:
/// eleven lengths in `0 ... maximumLength`, the scale in `0 ... maximumDisplayScale` (the
/// three raw values are checked apart, `_allBytes`).
/// - `lowest`, the minimum of every number, must be `>= 0` (`-0` passes, as in the rule);
/// - `highest`, the maximum of the lengths, `<= maximumLength`; `highestScale`, the maximum of
///   the scale, `<= maximumDisplayScale`;
/// - a running extreme can drop a NaN (`minps` and `maxps` return one operand when the other
///   is NaN), but the running sum of every number turns NaN or infinite for good and stays far
///   from overflow for valid values (12 values of at most 2^20 per control), so one
///   finiteness test at the end covers NaN, and infinities with it;
/// The zero padding of the tail passes every rule.
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

    /// `check` for the last `count` (1..<`width`) controls, in its own function (as in the
    /// slider's pass: inlined beside the full groups, LLVM merges the two paths' loads).
    // The fields by address, as `BatchLayout.layoutTail` takes them.
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

// The scalar reference: one control at a time, as Docs/ButtonContent.md describes it. The batch
// kernel (ButtonContent+Kernel.swift) performs exactly these IEEE operations in exactly this
// order, lane by lane; tests compare the two bit for bit.

extension ButtonContent {
    /// The reference arithmetic without validation. Invalid input (NaN, negative sizes...)
    /// does not trap but gives meaningless frames.
    @inlinable
    public static func layout<Scalar>(
        unchecked c: ButtonContentConfiguration<Scalar>
    ) -> ButtonContentResult<Scalar> {
        let isFit = c.mode == .fit
        let isRightToLeft = c.layoutDirection == .rightToLeft

        // The content rect. In right-to-left the leading inset is on the right.
        let leftInset = isRightToLeft ? c.contentInsets.trailing : c.contentInsets.leading
        let rightInset = isRightToLeft ? c.contentInsets.leading : c.contentInsets.trailing
        var contentWidth = c.bounds.width - leftInset - rightInset
        var contentHeight = c.bounds.height - c.contentInsets.top - c.contentInsets.bottom

        var imageSize = c.imageSize
        var titleSize = c.titleSize
        var spacing = c.imagePadding
        if isFit {
            // Content rect sizes below 0 count as 0. An item is present when both its sizes are
            // positive; an absent item takes no room, and the gap exists only between two
            // present items.
            // `.fit` subtracts the two insets' sum, `W - (leading + trailing)`: the same bits in
            // both directions. `(W - left) - right` rounds differently when the insets swap
            // sides, and near a fit that can flip the shrink decision, so the right-to-left
            // layout would not mirror the left-to-right one (invariant B5, Docs/ButtonContent.md).
            contentWidth = max(0, c.bounds.width - (c.contentInsets.leading + c.contentInsets.trailing))
            contentHeight = max(0, contentHeight)
            let imageIsPresent = imageSize.width > 0 && imageSize.height > 0
            let titleIsPresent = titleSize.width > 0 && titleSize.height > 0
            if !imageIsPresent { imageSize = .zero }
            if !titleIsPresent { titleSize = .zero }
            if !(imageIsPresent && titleIsPresent) { spacing = 0 }
        }

        // Main axis: x when the items stand side by side, y when stacked. Cross axis: the other.
        let isHorizontal = c.imagePlacement.isHorizontal
        let mainStart = isHorizontal ? leftInset : c.contentInsets.top
        let mainLength = isHorizontal ? contentWidth : contentHeight
        let crossStart = isHorizontal ? c.contentInsets.top : leftInset
        let crossLength = isHorizontal ? contentHeight : contentWidth
        var imageMain = isHorizontal ? imageSize.width : imageSize.height
        var imageCross = isHorizontal ? imageSize.height : imageSize.width
        var titleMain = isHorizontal ? titleSize.width : titleSize.height
        var titleCross = isHorizontal ? titleSize.height : titleSize.width

        if isFit {
            // Across, an item never exceeds the content rect.
            imageCross = min(imageCross, crossLength)
            titleCross = min(titleCross, crossLength)
            // Along, on overflow the title shrinks first; once it is squeezed to nothing the
            // gap goes too and the image shrinks to fit.
            if imageMain + spacing + titleMain > mainLength {
                let roomForTitle = mainLength - imageMain - spacing
                if roomForTitle > 0 {
                    titleMain = min(titleMain, roomForTitle)
                } else {
                    titleMain = 0
                    spacing = 0
                    imageMain = min(imageMain, mainLength)
                }
            }
        }

        // Visual order along the main axis: `first`, gap, `second`.
        let imageIsFirst: Bool
        switch c.imagePlacement {
        case .top: imageIsFirst = true
        case .bottom: imageIsFirst = false
        case .leading: imageIsFirst = !isRightToLeft
        case .trailing: imageIsFirst = isRightToLeft
        }
        let firstLength = imageIsFirst ? imageMain : titleMain
        let secondLength = imageIsFirst ? titleMain : imageMain

        // Center the block `first + gap + second`. `.legacy` lets the offset go negative on
        // overflow (the original's bug); `.fit` starts the block at the content rect's edge.
        var offset = (mainLength - (firstLength + spacing + secondLength)) * 0.5
        if isFit { offset = max(0, offset) }
        let firstStart = mainStart + offset
        let secondStart = firstStart + firstLength + spacing

        let imageMainStart = imageIsFirst ? firstStart : secondStart
        let titleMainStart = imageIsFirst ? secondStart : firstStart
        // Across, each item is centered on its own.
        let imageCrossStart = crossStart + (crossLength - imageCross) * 0.5
        let titleCrossStart = crossStart + (crossLength - titleCross) * 0.5

        let imageFrame = isHorizontal
            ? LayoutRect(x: imageMainStart, y: imageCrossStart, width: imageMain, height: imageCross)
            : LayoutRect(x: imageCrossStart, y: imageMainStart, width: imageCross, height: imageMain)
        let titleFrame = isHorizontal
            ? LayoutRect(x: titleMainStart, y: titleCrossStart, width: titleMain, height: titleCross)
            : LayoutRect(x: titleCrossStart, y: titleMainStart, width: titleCross, height: titleMain)
        return ButtonContentResult(
            imageFrame: imageFrame.snapped(scale: c.displayScale),
            titleFrame: titleFrame.snapped(scale: c.displayScale))
    }
}

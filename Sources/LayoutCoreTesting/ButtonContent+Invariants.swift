import LayoutCore

/// The invariants B1-B8 of the button content (Docs/ButtonContent.md), as check functions
/// shared by tests and fuzz targets.
///
/// The checks re-derive what they expect from the contract's wording (visual order, content rect,
/// centering), not from the implementation. Exact checks (B2, B3, grid and idempotence of B8)
/// have no tolerance. Checks "up to rounding" allow a few ulps of the largest coordinate
/// involved unsnapped, and half a pixel (plus those ulps) snapped.
public enum ButtonContentInvariants {
    /// The original button's bugs that `.legacy` keeps: negative origins (B2) and frames
    /// outside the content rect (B4) when the content overflows. Returns the violations found
    /// in the `.legacy` layout.
    public static func legacyViolations<S: LayoutScalar>(
        _ configuration: ButtonContentConfiguration<S>
    ) -> [InvariantViolation] {
        var legacy = configuration
        legacy.mode = .legacy
        return geometryViolations(legacy, ButtonContent.layout(unchecked: legacy), checkOrder: false)
            .filter { $0.invariant == "B2" || $0.invariant == "B4" }
    }

    /// The input of a violation: the configuration and its frames. Described only when a
    /// violation is recorded: formatting the input for every check would dominate the cost of
    /// the check (and of every fuzz execution).
    static func describe<S>(_ c: ButtonContentConfiguration<S>, _ frames: ButtonContentResult<S>) -> String {
        "\(c) -> \(frames)"
    }

    // MARK: - The contract's own vocabulary

    /// Whether the image comes first along the main axis (rule 7 of Docs/ButtonContent.md: visual order).
    static func imageIsFirst(_ placement: ImagePlacement, _ direction: LayoutDirection) -> Bool {
        switch placement {
        case .top: return true
        case .bottom: return false
        case .leading: return direction == .leftToRight
        case .trailing: return direction == .rightToLeft
        }
    }

    /// The content rect: bounds minus insets, leading on the right in RTL, sizes at least 0.
    static func contentRect<S: LayoutScalar>(_ c: ButtonContentConfiguration<S>) -> LayoutRect<S> {
        let rtl = c.layoutDirection == .rightToLeft
        let left = rtl ? c.contentInsets.trailing : c.contentInsets.leading
        let right = rtl ? c.contentInsets.leading : c.contentInsets.trailing
        return LayoutRect(
            x: left, y: c.contentInsets.top,
            width: max(0, c.bounds.width - (left + right)),
            height: max(0, c.bounds.height - c.contentInsets.top - c.contentInsets.bottom))
    }

    /// A few ulps of the largest coordinate in play: "up to rounding" for unsnapped values.
    static func rounding<S: LayoutScalar>(_ c: ButtonContentConfiguration<S>) -> S {
        let insets = c.contentInsets
        let largest = max(c.bounds.width, c.bounds.height, c.imageSize.width + c.titleSize.width + c.imagePadding,
                          c.imageSize.height + c.titleSize.height + c.imagePadding,
                          insets.leading + insets.trailing, insets.top + insets.bottom, 1)
        return 8 * largest.ulp
    }

    /// (start, length) along the main axis and across it.
    static func axes<S>(_ frame: LayoutRect<S>, horizontal: Bool) -> (main: (S, S), cross: (S, S)) {
        horizontal ? ((frame.x, frame.width), (frame.y, frame.height))
                   : ((frame.y, frame.height), (frame.x, frame.width))
    }

    // MARK: - B1, B2, B3 (order), B4

    public static func geometryViolations<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ frames: ButtonContentResult<S>, checkOrder: Bool
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        // Each check is a local function called once per item, not a loop over an array
        // literal: no allocation per fuzz input (under ASan each one records a stack trace).
        func check(_ name: String, _ frame: LayoutRect<S>) {
            if !(frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite) {
                found.append(InvariantViolation("B1", "\(name) frame is not finite: \(frame)", input: describe(c, frames)))
            }
            if frame.width < 0 || frame.height < 0 {
                found.append(InvariantViolation("B1", "\(name) frame has a negative size: \(frame)", input: describe(c, frames)))
            }
            if frame.x < 0 || frame.y < 0 {
                found.append(InvariantViolation("B2", "\(name) frame has a negative origin: \(frame)", input: describe(c, frames)))
            }
            let content = contentRect(c)
            let slack = c.displayScale > 0 ? 0.5 / c.displayScale + rounding(c) : rounding(c)
            if frame.x < content.x - slack || frame.y < content.y - slack
                || frame.maxX > content.maxX + slack || frame.maxY > content.maxY + slack {
                found.append(InvariantViolation("B4", "\(name) frame \(frame) leaves the content rect \(content)", input: describe(c, frames)))
            }
        }
        check("image", frames.imageFrame)
        check("title", frames.titleFrame)
        if checkOrder {
            let horizontal = c.imagePlacement.isHorizontal
            let imageFirst = imageIsFirst(c.imagePlacement, c.layoutDirection)
            let first = axes(imageFirst ? frames.imageFrame : frames.titleFrame, horizontal: horizontal).main
            let second = axes(imageFirst ? frames.titleFrame : frames.imageFrame, horizontal: horizontal).main
            if second.0 < first.0 + first.1 {
                found.append(InvariantViolation(
                    "B3", "the second item starts at \(second.0), before the first one's far edge \(first.0 + first.1)",
                    input: describe(c, frames)))
            }
        }
        return found
    }

    // MARK: - B3 (gap), B6, B7 without snapping

    static func exactLayoutViolations<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ frames: ButtonContentResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let tolerance = rounding(c)
        let horizontal = c.imagePlacement.isHorizontal
        let content = contentRect(c)
        let (mainStart, mainLength) = axes(content, horizontal: horizontal).main
        let (crossStart, crossLength) = axes(content, horizontal: horizontal).cross
        let imageFirst = imageIsFirst(c.imagePlacement, c.layoutDirection)
        let image = axes(frames.imageFrame, horizontal: horizontal)
        let title = axes(frames.titleFrame, horizontal: horizontal)
        let first = imageFirst ? image.main : title.main
        let second = imageFirst ? title.main : image.main

        let imagePresent = c.imageSize.width > 0 && c.imageSize.height > 0
        let titlePresent = c.titleSize.width > 0 && c.titleSize.height > 0
        // B3: between two present items (the title not squeezed away), the gap is the spacing.
        if imagePresent && titlePresent && title.main.1 > 0 {
            let gap = second.0 - (first.0 + first.1)
            if abs(gap - c.imagePadding) > tolerance {
                found.append(InvariantViolation("B3", "gap \(gap) differs from the spacing \(c.imagePadding)", input: describe(c, frames)))
            }
        }
        // B6: equal free space on both sides along the main axis, and across for each item.
        let before = first.0 - mainStart
        let after = (mainStart + mainLength) - (second.0 + second.1)
        if abs(before - after) > tolerance {
            found.append(InvariantViolation("B6", "free space \(before) before and \(after) after the block", input: describe(c, frames)))
        }
        func checkCentered(_ name: String, _ cross: (S, S)) {
            let above = cross.0 - crossStart
            let below = (crossStart + crossLength) - (cross.0 + cross.1)
            if abs(above - below) > tolerance {
                found.append(InvariantViolation("B6", "\(name) is off center across: \(above) vs \(below)", input: describe(c, frames)))
            }
        }
        checkCentered("image", image.cross)
        checkCentered("title", title.cross)
        // B7: sizes untouched when everything fits; shrinking takes the title first.
        let imageInput = axes(LayoutRect(x: 0, y: 0, width: c.imageSize.width, height: c.imageSize.height), horizontal: horizontal)
        let titleInput = axes(LayoutRect(x: 0, y: 0, width: c.titleSize.width, height: c.titleSize.height), horizontal: horizontal)
        if imagePresent && titlePresent
            && imageInput.main.1 + c.imagePadding + titleInput.main.1 <= mainLength
            && imageInput.cross.1 <= crossLength && titleInput.cross.1 <= crossLength {
            if frames.imageFrame.width != c.imageSize.width || frames.imageFrame.height != c.imageSize.height
                || frames.titleFrame.width != c.titleSize.width || frames.titleFrame.height != c.titleSize.height {
                found.append(InvariantViolation("B7", "sizes changed although the content fits", input: describe(c, frames)))
            }
        }
        if imagePresent && image.main.1 < imageInput.main.1 && title.main.1 > 0 {
            found.append(InvariantViolation("B7", "the image shrank while the title kept \(title.main.1)", input: describe(c, frames)))
        }
        return found
    }

    // MARK: - B8 snapping and determinism

    static func snappingViolations<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ frames: ButtonContentResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let again = ButtonContent.layout(unchecked: c)
        if !BitPattern.equal(again.imageFrame, frames.imageFrame) || !BitPattern.equal(again.titleFrame, frames.titleFrame) {
            found.append(InvariantViolation("B8", "the same input gave \(again) the second time", input: describe(c, frames)))
        }
        guard c.displayScale > 0 else { return found }
        let scale = c.displayScale
        // Origins are exact grid points; far edges are grid points up to the one rounding of
        // `x + width`. (Local functions, not loops over array literals: no allocation.)
        func checkOrigin(_ name: String, _ origin: S) {
            if S.snapped(origin, scale: scale) != origin {
                found.append(InvariantViolation("B8", "\(name) origin \(origin) is off the pixel grid", input: describe(c, frames)))
            }
        }
        func checkEdge(_ name: String, _ edge: S) {
            if abs(S.snapped(edge, scale: scale) - edge) > 2 * edge.ulp {
                found.append(InvariantViolation("B8", "\(name) far edge \(edge) is off the pixel grid", input: describe(c, frames)))
            }
        }
        func check(_ name: String, _ frame: LayoutRect<S>) {
            checkOrigin(name, frame.x)
            checkOrigin(name, frame.y)
            checkEdge(name, frame.maxX)
            checkEdge(name, frame.maxY)
            let resnapped = frame.snapped(scale: scale)
            if !BitPattern.equal(resnapped, frame) {
                found.append(InvariantViolation("B8", "snapping \(name) \(frame) again gives \(resnapped)", input: describe(c, frames)))
            }
        }
        check("image", frames.imageFrame)
        check("title", frames.titleFrame)
        return found
    }

    // MARK: - B5 mirror and B8 monotonicity (unsnapped)

    /// B5's mirror property holds when the horizontal insets fit in the bounds. Insets that
    /// exceed the width collapse the content rect to zero width at the left inset (so that
    /// no origin goes negative, B2), and the left inset differs between the two directions.
    static func mirrorViolations<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ frames: ButtonContentResult<S>
    ) -> [InvariantViolation] {
        guard c.bounds.width - (c.contentInsets.leading + c.contentInsets.trailing) >= 0 else { return [] }
        var mirrored = c
        mirrored.layoutDirection = c.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
        let other = ButtonContent.layout(unchecked: mirrored)
        let tolerance = rounding(c)
        var found: [InvariantViolation] = []
        func check(_ name: String, _ a: LayoutRect<S>, _ b: LayoutRect<S>) {
            let mirroredX = c.bounds.width - (b.x + b.width)
            if abs(a.x - mirroredX) > tolerance || abs(a.width - b.width) > tolerance
                || a.y != b.y || a.height != b.height {
                found.append(InvariantViolation(
                    "B5", "\(name) \(a) is not the mirror image of \(b) in the other direction",
                    input: "\(c)"))
            }
        }
        check("image", frames.imageFrame, other.imageFrame)
        check("title", frames.titleFrame, other.titleFrame)
        return found
    }

    static func monotonicityViolations<S: LayoutScalar>(
        _ c: ButtonContentConfiguration<S>, _ frames: ButtonContentResult<S>
    ) -> [InvariantViolation] {
        let maximum = S(LayoutLimits.maximumLength)
        var larger = c
        larger.bounds.width = min(maximum, c.bounds.width + max(1, c.bounds.width / 3))
        larger.bounds.height = min(maximum, c.bounds.height + max(1, c.bounds.height / 3))
        let grown = ButtonContent.layout(unchecked: larger)
        var found: [InvariantViolation] = []
        func check(_ name: String, _ a: LayoutRect<S>, _ b: LayoutRect<S>) {
            if b.width < a.width || b.height < a.height {
                found.append(InvariantViolation(
                    "B8", "\(name) shrank from \(a) to \(b) in a larger button \(larger.bounds)", input: "\(c)"))
            }
        }
        check("image", frames.imageFrame, grown.imageFrame)
        check("title", frames.titleFrame, grown.titleFrame)
        return found
    }
}

extension ButtonContentConfiguration {
    /// Docs/ButtonContent.md, "Inputs".
    public static func documentedRule(of field: String) -> FieldRule? {
        switch field {
        case "width", "height", "insetTop", "insetLeading", "insetBottom", "insetTrailing",
             "imageWidth", "imageHeight", "titleWidth", "titleHeight", "imagePadding": return .documentedLength
        case "displayScale": return .range(0 ... 4)  // "`0 ... 4` (fractions such as 1.5 allowed)"
        case "imagePlacement": return .cases(4)      // top, leading, bottom, trailing
        case "layoutDirection", "mode": return .cases(2)
        default: return nil
        }
    }

    /// Every violation of B1-B8 by the `.fit` layout of this configuration (its `mode` is
    /// ignored). Some invariants need related layouts (the mirrored direction, no snapping, a
    /// larger button); they are computed with the reference.
    public func invariantViolations() -> [InvariantViolation] {
        var fit = self
        fit.mode = .fit
        var unsnapped = fit
        unsnapped.displayScale = 0
        let snappedFrames = ButtonContent.layout(unchecked: fit)
        let exactFrames = ButtonContent.layout(unchecked: unsnapped)
        var found: [InvariantViolation] = []
        found += ButtonContentInvariants.geometryViolations(fit, snappedFrames, checkOrder: true)
        if fit.displayScale > 0 { found += ButtonContentInvariants.geometryViolations(unsnapped, exactFrames, checkOrder: true) }
        found += ButtonContentInvariants.exactLayoutViolations(unsnapped, exactFrames)
        found += ButtonContentInvariants.snappingViolations(fit, snappedFrames)
        found += ButtonContentInvariants.mirrorViolations(unsnapped, exactFrames)
        found += ButtonContentInvariants.monotonicityViolations(unsnapped, exactFrames)
        return found
    }

    /// Negative origins (B2) and frames outside the content rect (B4) when the content
    /// overflows: the bugs of the original button that `.legacy` keeps.
    public static var legacyBugClasses: [String] { ["negative-origin", "outside-content-rect"] }

    public func legacyBug(in result: ButtonContentResult<Scalar>, bugClass: String?) -> (violation: InvariantViolation, bugClass: String)? {
        for violation in ButtonContentInvariants.legacyViolations(self) {
            let found = violation.invariant == "B2" ? Self.legacyBugClasses[0] : Self.legacyBugClasses[1]
            if bugClass == nil || bugClass == found { return (violation, found) }
        }
        return nil
    }
}

// The scalar reference: one control at a time, as Docs/ThumbTrack.md describes it. The batch
// kernel (ThumbTrack+Kernel.swift) performs exactly these IEEE operations in exactly this
// order, lane by lane; tests compare the two bit for bit.
//
// Indices (`n`, `k`, the new index) are small integers (at most 255). The arithmetic on them
// is done in `Scalar`, where every such operation is exact, because that is what the kernel's
// lanes do; the result is the same as integer arithmetic.

extension ThumbTrack {
    /// The reference arithmetic without validation. Invalid input (NaN, a selected index out of
    /// range...) does not trap but gives a meaningless result.
    @inlinable
    public static func layout<Scalar>(
        unchecked c: ThumbTrackConfiguration<Scalar>
    ) -> ThumbTrackResult<Scalar> {
        switch c.mode {
        case .fit: return _fitLayout(c)
        case .legacy: return _legacyLayout(c)
        }
    }

    /// How far a thumb dragged `overshoot` points past an end of the track is drawn past it,
    /// with a rubber band: `(1 - 1 / (overshoot * 0.55 / segmentWidth + 1)) * segmentWidth`,
    /// `UIScrollView`'s rubber band with the segment width as its dimension.
    ///
    /// The offset grows with `overshoot`, stays below `segmentWidth` (T3) and never exceeds
    /// `overshoot` (T8: the thumb never moves farther than the finger). Exactly, the formula
    /// gives less than `0.55 * overshoot` and less than `segmentWidth`; in floating point two
    /// roundings can break that, and are capped:
    /// - `1 - 1 / q` cancels when `q` is close to 1 (an overshoot tiny against the segment):
    ///   its error, about `segmentWidth * ulp(1)`, can exceed the overshoot itself. The offset is
    ///   capped at `overshoot`.
    /// - when `overshoot / segmentWidth` is huge (beyond `2^24` in `Float`), `1 - 1 / q`
    ///   rounds to 1 and the offset to `segmentWidth` itself. It is then
    ///   `segmentWidth.nextDown`, the largest value below it.
    /// Both caps are monotone, so the offset still grows with the overshoot. A track of width 0
    /// gives 0.
    ///
    /// - Parameters:
    ///   - overshoot: the distance past the end, `> 0`.
    ///   - segmentWidth: the track's segment width, `>= 0`.
    @inlinable
    public static func rubberBandOffset<Scalar: LayoutScalar>(
        overshoot: Scalar, segmentWidth: Scalar
    ) -> Scalar {
        var offset = (1 - 1 / (overshoot * 0.55 / segmentWidth + 1)) * segmentWidth
        offset = min(offset, overshoot)
        if offset >= segmentWidth && segmentWidth > 0 { offset = segmentWidth.nextDown }
        return offset
    }

    /// The `.fit` layout (Docs/ThumbTrack.md, "`.fit`").
    @inlinable
    static func _fitLayout<Scalar>(_ c: ThumbTrackConfiguration<Scalar>) -> ThumbTrackResult<Scalar> {
        let inset = c.inset
        let n = Scalar(c.segmentCount)
        let k = Scalar(c.selectedIndex)
        let isRightToLeft = c.layoutDirection == .rightToLeft

        // n equal segments between the insets; the thumb covers one. Validation guarantees
        // `W - 2i >= 0`, but it can be -0 (a width of -0 is a valid length): `max(_, 0)` makes
        // it +0, so that dividing a displacement by the segment width keeps the displacement's
        // sign (-tiny / -0 would be +infinity: a drag to the left sent to the right end).
        let segmentWidth = max(c.bounds.width - 2 * inset, 0) / n
        let thumbHeight = c.bounds.height - 2 * inset

        // rest(j): the thumb's x at segment j. Segment 0 is on the leading side, the right
        // one in right-to-left.
        func rest(_ j: Scalar) -> Scalar {
            let visualIndex = isRightToLeft ? n - 1 - j : j
            return inset + visualIndex * segmentWidth
        }

        var x: Scalar
        var index = k
        switch c.phase {
        case .changed:
            // Follow the finger (screen x), clamped to the track's two rest ends; with the rubber
            // band the thumb goes past an end, by less than a segment.
            x = rest(k) + c.translation
            let lower = inset
            let upper = inset + (n - 1) * segmentWidth
            if x < lower {
                x = c.rubberBand
                    ? lower - rubberBandOffset(overshoot: lower - x, segmentWidth: segmentWidth)
                    : lower
            } else if x > upper {
                x = c.rubberBand
                    ? upper + rubberBandOffset(overshoot: x - upper, segmentWidth: segmentWidth)
                    : upper
            }

        case .ended:
            // The displacement in segments, in the logical direction (towards higher indices),
            // optionally plus the distance the release velocity projects.
            let translation = isRightToLeft ? -c.translation : c.translation
            let velocity = isRightToLeft ? -c.velocity : c.velocity
            let projection: Scalar
            switch c.snapping {
            case .nearest: projection = 0
            case .projected(let rate): projection = (velocity / 1000) * rate / (1 - rate)
            }
            var displacement = (translation + projection) / segmentWidth
            // A track of width 0 gives 0 / 0 when nothing moved: that is no displacement.
            if displacement.isNaN { displacement = 0 }
            // Halves round away from zero: a thumb dragged exactly half a segment moves.
            let steps = displacement.rounded(.toNearestOrAwayFromZero)
            index = min(max(k + steps, 0), n - 1)
            x = rest(index)

        case .cancelled:
            x = rest(k)
        }

        let selectedIndex = _index(index)
        return ThumbTrackResult(
            thumbFrame: LayoutRect(x: x, y: inset, width: segmentWidth, height: thumbHeight),
            selectedIndex: selectedIndex,
            indexChanged: selectedIndex != c.selectedIndex)
    }

    /// The `.legacy` layout (Docs/ThumbTrack.md, "`.legacy`"): the original Objective-C
    /// arithmetic, quirks included, of the switch this control is derived from: its pan
    /// handler, two segments and inset 1 whatever the configuration says. Only the sign of the
    /// translation picks the branch: the selected index, the direction, the velocity, the
    /// snapping and the rubber band are ignored.
    @inlinable
    static func _legacyLayout<Scalar>(_ c: ThumbTrackConfiguration<Scalar>) -> ThumbTrackResult<Scalar> {
        let width = c.bounds.width
        let thumbWidth = width / 2 - 1
        let leftX: Scalar = 1
        let rightX = width / 2 - 1  // one point left of where it belongs: right inset 2
        let dx = c.translation

        // `.changed` (and `.cancelled`, which the original's handler treats the same way): a
        // positive translation is the thumb's x itself (from 0, not from the left inset), a
        // negative one is measured from the right side, whichever side the thumb was on.
        let clampedRight = dx > thumbWidth ? thumbWidth : dx
        let clampedLeft = dx < -thumbWidth ? -thumbWidth : dx
        var x = dx > 0 ? clampedRight : width / 2 + clampedLeft - 1
        var index = Scalar(c.selectedIndex)

        if c.phase == .ended {
            // Right when dragged right by half the thumb; otherwise right unless dragged left by
            // half the thumb (so no movement at all goes right).
            let goesRight = dx > 0 ? clampedRight >= thumbWidth / 2 : !(clampedLeft <= -thumbWidth / 2)
            x = goesRight ? rightX : leftX
            index = goesRight ? 1 : 0
        }

        let selectedIndex = _index(index)
        return ThumbTrackResult(
            thumbFrame: LayoutRect(x: x, y: 1, width: thumbWidth, height: c.bounds.height - 2),
            selectedIndex: selectedIndex,
            indexChanged: selectedIndex != c.selectedIndex)
    }

    /// `Int(value)` for the small integral values a valid layout produces; values that do not
    /// fit (only unchecked garbage gets there) give -1 instead of trapping.
    ///
    /// Through `Double`: `Int(value)` for a generic `BinaryFloatingPoint` runs the stdlib's
    /// generic, bit-by-bit conversion even when specialized; `Double(value)` has fast paths for
    /// `Float` and `Double`, and `Int(Double)` is one instruction.
    @inlinable @inline(__always)
    static func _index<Scalar: LayoutScalar>(_ value: Scalar) -> Int {
        let value = Double(value)
        return value >= -1 && value <= 256 ? Int(value) : -1
    }
}

extension ThumbTrack {
    @inlinable static var segmentCountProblem: LayoutError.Problem {
        .outOfRange(expected: "2...\(LayoutLimits.maximumSegmentCount)")
    }

    @inlinable static func selectedIndexProblem(_ segmentCount: Int) -> LayoutError.Problem {
        .outOfRange(expected: "0...\(segmentCount - 1)")
    }

    @inlinable static var rateProblem: LayoutError.Problem {
        .outOfRange(expected: "> 0.0 and < 1.0")
    }
}

extension ThumbTrackConfiguration {
    /// The rules that tie fields of one control together, in this order: the track fits the
    /// bounds across (`2 * inset <= width`) and along (`2 * inset <= height`), and a `.legacy`
    /// control is the original switch's (`segmentCount == 2`, `inset == 1`). Shared by the
    /// reference and the batch validation so both name the same rule.
    @inlinable
    static func consistencyError(
        width: Scalar, height: Scalar, inset: Scalar, segmentCount: Scalar, isLegacy: Bool, index: Int
    ) -> LayoutError? {
        if !(2 * inset <= width) {
            return error({ $0.inset }, value: Double(inset), .inconsistent(rule: "2 * inset <= width"), index: index)
        }
        if !(2 * inset <= height) {
            return error({ $0.inset }, value: Double(inset), .inconsistent(rule: "2 * inset <= height"), index: index)
        }
        if isLegacy && segmentCount != 2 {
            return error({ $0.segmentCount }, value: Double(segmentCount), .inconsistent(rule: "segmentCount == 2 in .legacy mode"), index: index)
        }
        if isLegacy && inset != 1 {
            return error({ $0.inset }, value: Double(inset), .inconsistent(rule: "inset == 1 in .legacy mode"), index: index)
        }
        return nil
    }
}

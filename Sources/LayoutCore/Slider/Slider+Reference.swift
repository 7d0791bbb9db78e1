// The scalar reference: one slider at a time, as Docs/Slider.md describes it. The batch
// kernel (Slider+Kernel.swift) performs exactly these IEEE operations in exactly this order,
// lane by lane; tests compare the two bit for bit.

extension Slider {
    /// The reference arithmetic without validation. Invalid input (NaN, a minimum above the
    /// maximum...) does not trap but gives a meaningless result.
    @inlinable
    public static func layout<Scalar>(
        unchecked c: SliderConfiguration<Scalar>
    ) -> SliderResult<Scalar> {
        let width = c.bounds.width
        let height = c.bounds.height
        let minimum = c.minimumValue
        let maximum = c.maximumValue
        let range = maximum - minimum
        let isRightToLeft = c.layoutDirection == .rightToLeft

        // Shrink first, never overflow. The track runs from `leadingEnd` to `trailingEnd`
        // (left to right; mirrored below). Insets wider than the control are accepted: the
        // track then has no length and sits at the leading inset, or at the far side of the
        // bounds when that inset alone is wider than the control.
        let available = max(width - c.leadingInset - c.trailingInset, 0)
        let leadingEnd = min(c.leadingInset, width)
        let trailingEnd = min(leadingEnd + available, width)
        let thumbWidth = min(c.thumbSize.width, available)
        let thumbHeight = min(c.thumbSize.height, height)
        let thickness = min(c.trackThickness, height)
        let travel = available - thumbWidth

        // The value.
        let value = c.value
        var newValue: Scalar
        switch c.phase {
        case .none:
            newValue = min(max(value, minimum), maximum)
        case .cancelled:
            newValue = value
        case .changed, .ended:
            // The translation in the logical direction (towards the maximum), as a share of
            // the travel, times the range. Without travel the thumb cannot be dragged.
            let translation = isRightToLeft ? -c.translation : c.translation
            let moved = travel > 0 ? value + translation * range / travel : value
            newValue = min(max(moved, minimum), maximum)
            if c.phase == .ended && c.step > 0 {
                newValue = valueOnStepGrid(newValue, minimum: minimum, maximum: maximum, step: c.step)
            }
        }

        // The thumb at the value's fraction of the travel; the tracks split at its centre. Each
        // frame is computed as two edges on each axis, so that edges that touch are the same
        // number; the minimum of each far edge with the track's end (or the height) keeps
        // rounding from carrying an edge past it.
        let fraction = range > 0 ? min(max((newValue - minimum) / range, 0), 1) : 0
        let thumbLeft = min(leadingEnd + fraction * travel, trailingEnd)
        let thumbRight = min(thumbLeft + thumbWidth, trailingEnd)
        let centre = min(thumbLeft + thumbWidth / 2, trailingEnd)
        let thumbTop = (height - thumbHeight) / 2
        let thumbBottom = min(thumbTop + thumbHeight, height)
        let trackTop = (height - thickness) / 2
        let trackBottom = min(trackTop + thickness, height)

        // Right to left mirrors every edge (`x -> W - x`) before snapping: the minimum end is
        // then on the right.
        let scale = c.displayScale
        let thumb: LayoutRect<Scalar>, minimumTrack: LayoutRect<Scalar>, maximumTrack: LayoutRect<Scalar>
        if isRightToLeft {
            let split = width - centre
            thumb = frame(width - thumbRight, width - thumbLeft, thumbTop, thumbBottom, scale: scale)
            minimumTrack = frame(split, width - leadingEnd, trackTop, trackBottom, scale: scale)
            maximumTrack = frame(width - trailingEnd, split, trackTop, trackBottom, scale: scale)
        } else {
            thumb = frame(thumbLeft, thumbRight, thumbTop, thumbBottom, scale: scale)
            minimumTrack = frame(leadingEnd, centre, trackTop, trackBottom, scale: scale)
            maximumTrack = frame(centre, trailingEnd, trackTop, trackBottom, scale: scale)
        }
        return SliderResult(
            thumbFrame: thumb, minimumTrackFrame: minimumTrack, maximumTrackFrame: maximumTrack,
            value: newValue, valueChanged: newValue != value)
    }

    /// The point of the step grid nearest to `value` (in `minimum ... maximum`): the grid is
    /// `minimum + k * step` for whole `k` while it is at most `maximum`, and `maximum`
    /// itself; exactly half way between two points, the larger wins.
    ///
    /// `k = floor((value - minimum) / step)`; the rounding of that quotient can make
    /// `minimum + k * step` land past `value`, and `k` then goes down by one. The upper
    /// neighbour is `minimum + (k + 1) * step`, or `maximum` where that is beyond it (so a step
    /// wider than the range leaves the grid `{minimum, maximum}`). The two distances are
    /// compared as computed (`upper - value <= value - lower` picks the upper point), which is
    /// exact at the half-step boundary for the values a slider meets (see Docs/Slider.md).
    /// A grid so fine that `value` is `2^p` steps or more from `minimum` (`p` the significand
    /// bits: 23 in `Float`, 52 in `Double`) is below the precision of the value: `value` is
    /// returned as it is.
    ///
    /// - Parameters:
    ///   - value: a value in `minimum ... maximum`.
    ///   - minimum: the range's lower end, the grid's first point.
    ///   - maximum: the range's upper end, always a point of the grid.
    ///   - step: the grid's step, `> 0`.
    @inlinable
    public static func valueOnStepGrid<Scalar: LayoutScalar>(
        _ value: Scalar, minimum: Scalar, maximum: Scalar, step: Scalar
    ) -> Scalar {
        let steps = (value - minimum) / step
        guard steps < Scalar.integralThreshold else { return value }
        // `steps >= +0` (it can be -0 only when `value` is -0 and `minimum` +0, where any
        // zero `k` gives the same points).
        var k = steps.rounded(.down)
        var lower = minimum + k * step
        if lower > value {
            k = k - 1
            lower = minimum + k * step
        }
        let upper = min(minimum + (k + 1) * step, maximum)
        return upper - value <= value - lower ? upper : lower
    }

    /// A frame from its edges, snapped: each edge is snapped (`scale > 0`), the size is the
    /// difference of the snapped edges, one ulp smaller in the rare case where the difference
    /// added back to the origin would pass the far edge (so `x + width` never does).
    @inlinable
    static func frame<Scalar: LayoutScalar>(
        _ left: Scalar, _ right: Scalar, _ top: Scalar, _ bottom: Scalar, scale: Scalar
    ) -> LayoutRect<Scalar> {
        let x = Scalar.snapped(left, scale: scale), maxX = Scalar.snapped(right, scale: scale)
        let y = Scalar.snapped(top, scale: scale), maxY = Scalar.snapped(bottom, scale: scale)
        var width = maxX - x
        if x + width > maxX { width = width.nextDown }
        var height = maxY - y
        if y + height > maxY { height = height.nextDown }
        return LayoutRect(x: x, y: y, width: width, height: height)
    }
}

extension SliderConfiguration {

    /// The rule that ties the range's ends together, `minimumValue <= maximumValue`, named on
    /// `maximumValue`. Shared by the reference and the batch validation.
    @inlinable
    static func rangeError(minimum: Scalar, maximum: Scalar, index: Int) -> LayoutError? {
        minimum <= maximum ? nil
            : error({ $0.maximumValue }, value: Double(maximum), Slider.rangeProblem, index: index)
    }
}

extension Slider {
    @inlinable static var rangeProblem: LayoutError.Problem {
        .inconsistent(rule: "minimumValue <= maximumValue")
    }
}

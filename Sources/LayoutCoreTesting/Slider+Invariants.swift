import LayoutCore

/// The invariants S1-S8 of the slider (Docs/Slider.md) as check functions shared by tests and
/// fuzz targets.
///
/// Every check is a pure function of a configuration and the result under test, plus
/// re-layouts with the reference where an invariant relates two layouts (S5: a larger value;
/// S7: the mirrored control). What they expect is re-derived from the contract's words (the
/// track's ends, the step grid `minimum + k * step`), not taken from the implementation.
///
/// Exactness: containment (S2), the tracks' order and span (S3), the range (S4), the grid
/// (S8) and the half step (S6) are exact. Where two tracks meet, the minimum track's far edge
/// is reported as `x + width`, which may fall one rounding short of the split point, never
/// past it; S7 compares edges up to that rounding (and a pixel when snapping).
public enum SliderInvariants {
    // MARK: - The contract's vocabulary

    /// The track's length before the thumb: `max(0, W - leading - trailing)`.
    public static func available<S: LayoutScalar>(_ c: SliderConfiguration<S>) -> S {
        max(c.bounds.width - c.leadingInset - c.trailingInset, 0)
    }

    /// The track's ends, left to right (`leading`, or `W` when the inset is wider than the
    /// control; then `leading + available`, at most `W`), mirrored (`x -> W - x`, ends
    /// exchanged) in right to left, and snapped.
    public static func trackEnds<S: LayoutScalar>(_ c: SliderConfiguration<S>) -> (left: S, right: S) {
        let width = c.bounds.width
        let start = min(c.leadingInset, width)
        let end = min(start + available(c), width)
        let scale = c.displayScale
        if c.layoutDirection == .rightToLeft {
            return (S.snapped(width - end, scale: scale), S.snapped(width - start, scale: scale))
        }
        return (S.snapped(start, scale: scale), S.snapped(end, scale: scale))
    }

    /// The grid point `minimum + k * step`.
    public static func gridPoint<S: LayoutScalar>(_ c: SliderConfiguration<S>, _ k: S) -> S {
        c.minimumValue + k * c.step
    }

    /// Whether `v` is a point of the step grid: the maximum, or `minimum + k * step` for a
    /// whole `k` (the nearest whole numbers to `(v - minimum) / step` are tried).
    public static func isOnGrid<S: LayoutScalar>(_ c: SliderConfiguration<S>, _ v: S) -> Bool {
        if v == c.maximumValue || v == c.minimumValue { return true }
        let k = ((v - c.minimumValue) / c.step).rounded(.down)
        for candidate in [k - 1, k, k + 1, k + 2] {
            if candidate >= 0 && gridPoint(c, candidate) == v && v <= c.maximumValue { return true }
        }
        return false
    }

    /// Whether the grid is coarse enough for the layout to snap to it: fewer than `2^p`
    /// steps in the range (finer grids are below the value's precision; Docs/Slider.md).
    public static func gridIsResolved<S: LayoutScalar>(_ c: SliderConfiguration<S>) -> Bool {
        c.step > 0 && (c.maximumValue - c.minimumValue) / c.step < S.integralThreshold
    }

    /// Whether `a - b` is exact in floating point (Knuth's two-sum error is zero).
    static func differenceIsExact<S: LayoutScalar>(_ a: S, _ b: S) -> Bool {
        let s = a - b
        let bb = s - a
        return (a - (s - bb)) + (-b - bb) == 0
    }

    /// A few ulps of the largest value in play: "up to rounding".
    public static func rounding<S: LayoutScalar>(_ c: SliderConfiguration<S>) -> S {
        4 * max(c.bounds.width, c.bounds.height, 1).ulp
    }

    // MARK: - S1-S5, S7, S8

    /// Every violation of S1-S5, S7 and S8 by `r`, the layout of `c`. (S6 goes through the
    /// kernel: see `SliderConfiguration.kernelCheckedViolations`.)
    public static func violations<S: LayoutScalar>(
        _ c: SliderConfiguration<S>, _ r: SliderResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        lazy var input = "\(c) -> \(r)"
        func fail(_ invariant: String, _ message: String) {
            found.append(InvariantViolation(invariant, message, input: input))
        }
        let frames = [("thumb", r.thumbFrame), ("minimum track", r.minimumTrackFrame), ("maximum track", r.maximumTrackFrame)]
        let scale = c.displayScale
        let boundsWidth = S.snapped(c.bounds.width, scale: scale)
        let boundsHeight = S.snapped(c.bounds.height, scale: scale)
        let isRightToLeft = c.layoutDirection == .rightToLeft

        // S1: finite, sizes >= 0, the change flag tells the truth.
        for (name, f) in frames {
            if !(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) {
                fail("S1", "the \(name) frame is not finite: \(f)")
            }
            if f.width < 0 || f.height < 0 { fail("S1", "the \(name) frame has a negative size: \(f)") }
        }
        if !r.value.isFinite { fail("S1", "the value \(r.value) is not finite") }
        if r.valueChanged != (r.value != c.value) {
            fail("S1", "valueChanged is \(r.valueChanged) but the value went from \(c.value) to \(r.value)")
        }

        // S2: every frame inside the (snapped) bounds, no negative origin (exact); the thumb
        // inside the track's ends when it fits.
        for (name, f) in frames {
            if f.x < 0 || f.y < 0 { fail("S2", "the \(name) has a negative origin: \(f)") }
            if f.maxX > boundsWidth || f.maxY > boundsHeight {
                fail("S2", "the \(name) \(f) crosses the bounds \(boundsWidth) x \(boundsHeight)")
            }
        }
        let ends = trackEnds(c)
        if c.thumbSize.width <= c.bounds.width - c.leadingInset - c.trailingInset {
            let t = r.thumbFrame
            if t.x < ends.left || t.maxX > ends.right {
                fail("S2", "the thumb \(t.x)...\(t.maxX) leaves the track \(ends.left)...\(ends.right)")
            }
        }

        // S3: the tracks in visual order, touching at one x, spanning the track.
        let (first, second) = isRightToLeft
            ? (r.maximumTrackFrame, r.minimumTrackFrame) : (r.minimumTrackFrame, r.maximumTrackFrame)
        if first.maxX > second.x {
            fail("S3", "the tracks overlap: \(first.maxX) > \(second.x)")
        }
        if second.x - first.maxX > rounding(c) {
            fail("S3", "the tracks do not meet: a gap from \(first.maxX) to \(second.x)")
        }
        if first.x != ends.left || second.maxX > ends.right || ends.right - second.maxX > rounding(c) {
            fail("S3", "the tracks span \(first.x)...\(second.maxX), the track is \(ends.left)...\(ends.right)")
        }
        if first.y != second.y || first.height != second.height {
            fail("S3", "the tracks are not on one line: \(first), \(second)")
        }

        // S4: the value in the range (a cancelled pan gives back the value as it was).
        if c.phase != .cancelled && !(c.minimumValue <= r.value && r.value <= c.maximumValue) {
            fail("S4", "the value \(r.value) is outside \(c.minimumValue)...\(c.maximumValue)")
        }

        // S5: a larger value never moves the thumb toward the minimum end (at rest).
        var atRest = c
        atRest.phase = .none
        let here = Slider.layout(unchecked: atRest).thumbFrame.x
        for larger in [c.value.nextUp, c.value + max(c.step, 1), c.maximumValue] {
            guard larger > c.value else { continue }
            var next = atRest
            next.value = min(larger, S(LayoutLimits.maximumLength))
            let there = Slider.layout(unchecked: next).thumbFrame.x
            if isRightToLeft ? there > here : there < here {
                fail("S5", "value \(next.value) puts the thumb at \(there), value \(c.value) at \(here)")
            }
        }

        // S7: RTL is LTR mirrored (the translation too): the value alike, every edge at `W - x`, the y axis alike.
        var mirrored = c
        mirrored.layoutDirection = isRightToLeft ? .leftToRight : .rightToLeft
        mirrored.translation = -c.translation  // the mirror image of the finger's path
        let m = Slider.layout(unchecked: mirrored)
        if !BitPattern.equal(m.value, r.value) || m.valueChanged != r.valueChanged {
            fail("S7", "the mirrored control's value is \(m.value), not \(r.value)")
        }
        let pixel: S = scale > 0 ? 1 / scale : 0
        let slack = rounding(c) + pixel
        for ((name, f), g) in zip(frames, [m.thumbFrame, m.minimumTrackFrame, m.maximumTrackFrame]) {
            if f.y != g.y || f.height != g.height {
                fail("S7", "the mirrored \(name) moves across: \(g) against \(f)")
            }
            if abs((c.bounds.width - f.maxX) - g.x) > slack || abs((c.bounds.width - f.x) - g.maxX) > slack {
                fail("S7", "the mirrored \(name) \(g) is not \(f) mirrored in \(c.bounds.width)")
            }
        }

        // S8: `.ended` rests on the grid; `.cancelled` gives back the value; a release without
        // translation from a grid point keeps it.
        switch c.phase {
        case .ended where gridIsResolved(c):
            if !isOnGrid(c, r.value) { fail("S8", "released at \(r.value), not a point of the grid") }
            if c.translation == 0 && c.value >= c.minimumValue && c.value <= c.maximumValue
                && isOnGrid(c, c.value) && r.value != c.value {
                fail("S8", "released without translation from the grid point \(c.value), the value went to \(r.value)")
            }
        case .cancelled:
            if !BitPattern.equal(r.value, c.value) { fail("S8", "cancelled, the value went from \(c.value) to \(r.value)") }
        default:
            break
        }
        return found
    }

    // MARK: - S6, through the kernel

    /// The two grid points around `c`'s value (clamped), when the grid is resolved and they
    /// differ.
    static func halfStepNeighbours<S: LayoutScalar>(_ c: SliderConfiguration<S>) -> (S, S)? {
        guard gridIsResolved(c) && c.maximumValue > c.minimumValue else { return nil }
        let v = min(max(c.value, c.minimumValue), c.maximumValue)
        var k = ((v - c.minimumValue) / c.step).rounded(.down)
        if k > 0 && gridPoint(c, k) > v { k -= 1 }
        let lower = gridPoint(c, k)
        let upper = min(gridPoint(c, k + 1), c.maximumValue)
        return lower < upper ? (lower, upper) : nil
    }

}

extension SliderConfiguration {
    /// Docs/Slider.md, "Inputs".
    public static func documentedRule(of field: String) -> FieldRule? {
        switch field {
        case "width", "height", "leadingInset", "trailingInset", "thumbWidth", "thumbHeight",
             "trackThickness", "step": return .documentedLength
        case "minimumValue", "maximumValue", "value", "translation": return .documentedSignedLength
        case "displayScale": return .range(0 ... 4)
        case "phase": return .cases(4)               // none, changed, ended, cancelled
        case "layoutDirection": return .cases(2)
        default: return nil
        }
    }

    /// S1-S5, S7 and S8 on the reference (S6 goes through the kernel: the half-step cases).
    public func invariantViolations() -> [InvariantViolation] { SliderInvariants.violations(self, Slider.layout(unchecked: self)) }

    /// S6: the three releases around one half step of this control's grid.
    public static var kernelCheckedCaseCount: Int { 3 }

    /// Release number `number` (0: one ulp below, 1: exactly at, 2: one ulp above) around the
    /// half-way point between the grid point at or below the value and the next one (or the
    /// maximum), without translation.
    public func kernelCheckedCase(_ number: Int) -> Self {
        var release = self
        release.phase = .ended
        release.translation = 0
        guard let (lower, upper) = SliderInvariants.halfStepNeighbours(self) else { return release }
        let half = lower + (upper - lower) / 2
        release.value = [half.nextDown, half, half.nextUp][number]
        return release
    }

    /// S6: kernel and reference agree at `release` (a `kernelCheckedCase`); exactly half way
    /// the larger point wins; one ulp off, where both distances are exact, the nearer one does.
    public static func kernelCheckedViolations(
        _ release: Self, reference: SliderResult<Scalar>, kernel: SliderResult<Scalar>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        if !ResultBits.equal(reference, kernel, as: Self.self) {
            found.append(InvariantViolation("S6", "kernel \(kernel) and reference \(reference) differ", input: "\(release)"))
        }
        guard release.phase == .ended, let (lower, upper) = SliderInvariants.halfStepNeighbours(release) else { return found }
        let v = release.value
        guard v > lower && v < upper
              && SliderInvariants.differenceIsExact(v, lower) && SliderInvariants.differenceIsExact(upper, v)
        else { return found }
        let below = v - lower, above = upper - v
        let expected = above <= below ? upper : lower
        if reference.value != expected {
            found.append(InvariantViolation(
                "S6", "released at \(v) between \(lower) and \(upper), the value is \(reference.value), expected \(expected)",
                input: "\(release)"))
        }
        return found
    }

    /// `minimumValue <= maximumValue`, named on `maximumValue`.
    public static func expectedCrossFieldProblem(in batch: RawColumns<Self>, index: Int) -> LayoutError? {
        let minimum = batch[{ $0.minimumValue }, index], maximum = batch[{ $0.maximumValue }, index]
        return minimum <= maximum ? nil
            : LayoutError(index: index, field: InputFields.name(of: { $0.maximumValue }), value: Double(maximum),
                          problem: .inconsistent(rule: "minimumValue <= maximumValue"))
    }
}

import LayoutCore

/// The invariants T1-T8 of the thumb track (Docs/ThumbTrack.md), and detectors of the bugs of
/// the original switch that `.legacy` keeps, as check functions shared by tests and fuzz
/// targets.
///
/// Every check is a pure function of a configuration and the result under test (from the
/// reference or the kernel), plus re-layouts with the reference where an invariant relates
/// two layouts (T3 and T5: a neighbouring translation, the mirrored control). What they expect
/// is re-derived from the contract's words (`sw = (W - 2i) / n`, `rest(j) = i + j' * sw`),
/// not taken from the implementation. They check whatever `mode` the configuration has: a
/// `.fit` layout must pass them all, and `.legacy` layouts fail them in the ways the original
/// switch's bugs predict.
///
/// Exactness: T2's origins, T4's rest positions, T5's monotonicity, T7 and T8 are exact. The far
/// edges of T2, the mirror image of T5 and T3's bound allow the rounding of one addition (T3's
/// offset is below `sw`, but `upper + offset` can round up to `upper + sw`) or a few ulps
/// (`rounding(_:)`). T8 allows the rounding of the sum `rest(k) + dx` itself: the thumb lies
/// between `rest(k)` and that sum.
public enum ThumbTrackInvariants {
    // MARK: - The contract's vocabulary

    /// `sw = (W - 2i) / n` (a track of width -0 counts as +0).
    public static func segmentWidth<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>) -> S {
        let track = c.bounds.width - 2 * c.inset
        return (track == 0 ? 0 : track) / S(c.segmentCount)
    }

    /// `rest(j) = i + j' * sw`, `j' = j` in LTR and `n - 1 - j` in RTL.
    public static func rest<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>, _ j: Int) -> S {
        let visual = c.layoutDirection == .rightToLeft ? c.segmentCount - 1 - j : j
        return c.inset + S(visual) * segmentWidth(c)
    }

    /// The largest x of the thumb on the track: `i + (n - 1) * sw`.
    public static func upperEnd<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>) -> S {
        c.inset + S(c.segmentCount - 1) * segmentWidth(c)
    }

    /// A few ulps of the largest value in play: "up to rounding".
    public static func rounding<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>) -> S {
        16 * max(c.bounds.width, c.bounds.height, abs(c.translation), 1).ulp
    }

    /// Whether the rubber band may take the thumb past the ends (a `.fit` feature).
    static func rubberBands<S>(_ c: ThumbTrackConfiguration<S>) -> Bool {
        c.rubberBand && c.phase == .changed && c.mode == .fit
    }

    static func describe<S>(_ c: ThumbTrackConfiguration<S>, _ r: ThumbTrackResult<S>) -> String {
        "\(c) -> \(r)"
    }

    // MARK: - T1-T8

    /// Every violation of T1-T5, T7 and T8 by `result`, the layout of `configuration`. (T6 needs
    /// the kernel: see `halfSegmentViolations(_:)`.)
    public static func violations<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>, _ r: ThumbTrackResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        // Formatted only when a violation is recorded (formatting costs more than the checks).
        lazy var input = describe(c, r)
        func fail(_ invariant: String, _ message: String) {
            found.append(InvariantViolation(invariant, message, input: input))
        }
        let f = r.thumbFrame
        let sw = segmentWidth(c)
        let lower = c.inset
        let upper = upperEnd(c)
        let tolerance = rounding(c)
        let k = c.selectedIndex

        // T1: finite, sizes >= 0, index in range, the change flag tells the truth.
        if !(f.x.isFinite && f.y.isFinite && f.width.isFinite && f.height.isFinite) {  // (no array: no allocation)
            fail("T1", "the thumb frame is not finite: \(f)")
        }
        if f.width < 0 || f.height < 0 { fail("T1", "the thumb frame has a negative size: \(f)") }
        if !(0..<c.segmentCount).contains(r.selectedIndex) {
            fail("T1", "index \(r.selectedIndex) is outside 0..<\(c.segmentCount)")
        }
        if r.indexChanged != (r.selectedIndex != k) {
            fail("T1", "indexChanged is \(r.indexChanged) but the index went from \(k) to \(r.selectedIndex)")
        }

        if rubberBands(c) {
            // T3: past an end by less than a segment (up to the rounding of `end + offset`).
            if f.x < lower - sw || f.x > upper + sw {
                fail("T3", "the rubber band overshoots by a segment or more: x = \(f.x), track \(lower)...\(upper), sw = \(sw)")
            }
        } else {
            // T2: inside the inset track; no negative origin (exact).
            if f.x < 0 || f.y < 0 { fail("T2", "negative origin: \(f)") }
            if f.x < lower || f.x > upper {
                fail("T2", "x = \(f.x) is outside the track's rest range \(lower)...\(upper)")
            }
            if f.y < c.inset { fail("T2", "y = \(f.y) is inside the inset \(c.inset)") }
            if f.maxX > c.bounds.width - c.inset + tolerance || f.maxY > c.bounds.height - c.inset + tolerance {
                fail("T2", "the thumb's far edges \(f.maxX), \(f.maxY) cross the inset \(c.inset) of \(c.bounds)")
            }
        }

        switch c.phase {
        case .ended:
            // T4: exactly on a rest position.
            if (0..<c.segmentCount).contains(r.selectedIndex) && f.x != rest(c, r.selectedIndex) {
                fail("T4", "x = \(f.x) is not rest(\(r.selectedIndex)) = \(rest(c, r.selectedIndex))")
            }
        case .cancelled:
            if r.selectedIndex != k || f.x != rest(c, k) {
                fail("T4", "a cancelled pan leaves the thumb at x = \(f.x), index \(r.selectedIndex), not at rest(\(k)) = \(rest(c, k))")
            }
        case .changed:
            // T8: the index does not move and the thumb does not jump.
            if r.selectedIndex != k { fail("T8", "the index moved from \(k) to \(r.selectedIndex) during the pan") }
            let start = rest(c, k)
            let finger = start + c.translation
            let slack = max(abs(finger), abs(start)).ulp
            let between = f.x >= min(start, finger) - slack && f.x <= max(start, finger) + slack
            if !(abs(f.x - start) <= abs(c.translation) || between) {
                fail("T8", "the thumb moved from \(start) to \(f.x) for a translation of \(c.translation)")
            }
        }

        // T7: no movement keeps the index and the thumb at rest(k).
        if c.translation == 0 && c.velocity == 0 {
            if r.selectedIndex != k || r.indexChanged {
                fail("T7", "no movement changed the index from \(k) to \(r.selectedIndex)")
            }
            if f.x != rest(c, k) { fail("T7", "no movement put the thumb at \(f.x), not at rest(\(k)) = \(rest(c, k))") }
        }

        found += monotonicityViolations(c, r)
        found += mirrorViolations(c, r)
        return found
    }

    /// T5 (and T3 for the rubber band): the thumb's x never decreases as `dx` grows, and after
    /// `.ended` the index moves in the logical direction of `dx`. Checked against layouts at
    /// `dx` one ulp either side and half a segment either side (where rounding and the
    /// decisions live).
    public static func monotonicityViolations<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>, _ r: ThumbTrackResult<S>
    ) -> [InvariantViolation] {
        var found: [InvariantViolation] = []
        let maximum = S(LayoutLimits.maximumLength)
        let half = segmentWidth(c) / 2
        let dx = c.translation
        let invariant = c.rubberBand && c.phase == .changed ? "T3" : "T5"
        // (The four candidates without an array, and one copy of the configuration for all
        // of them: this runs for every fuzz input.)
        var moved = c
        for candidate in 0..<4 {
            let other: S
            switch candidate {
            case 0: other = dx.nextUp
            case 1: other = dx.nextDown
            case 2: other = dx + half
            default: other = dx - half
            }
            guard other != dx && abs(other) <= maximum else { continue }
            moved.translation = other
            let o = ThumbTrack.layout(unchecked: moved)
            let larger = other > dx
            let xInOrder = larger ? o.thumbFrame.x >= r.thumbFrame.x : o.thumbFrame.x <= r.thumbFrame.x
            if !xInOrder {
                found.append(InvariantViolation(
                    invariant, "dx \(dx) -> x \(r.thumbFrame.x) but dx \(other) -> x \(o.thumbFrame.x)",
                    input: describe(c, r)))
            }
            if c.phase == .ended {
                let logicallyLarger = larger != (c.layoutDirection == .rightToLeft)
                let indexInOrder = logicallyLarger ? o.selectedIndex >= r.selectedIndex : o.selectedIndex <= r.selectedIndex
                if !indexInOrder {
                    found.append(InvariantViolation(
                        "T5", "dx \(dx) -> index \(r.selectedIndex) but dx \(other) -> index \(o.selectedIndex)",
                        input: describe(c, r)))
                }
            }
        }
        return found
    }

    /// T5: the mirrored control (other direction, `-dx`, `-v`) gives the same index and the
    /// mirror image of the frame (up to rounding).
    public static func mirrorViolations<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>, _ r: ThumbTrackResult<S>
    ) -> [InvariantViolation] {
        var mirrored = c
        mirrored.layoutDirection = c.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
        mirrored.translation = -c.translation
        mirrored.velocity = -c.velocity
        let m = ThumbTrack.layout(unchecked: mirrored)
        let expectedX = c.bounds.width - r.thumbFrame.x - r.thumbFrame.width
        var found: [InvariantViolation] = []
        if m.selectedIndex != r.selectedIndex || m.indexChanged != r.indexChanged {
            found.append(InvariantViolation(
                "T5", "mirrored, the index is \(m.selectedIndex), not \(r.selectedIndex)", input: describe(c, r)))
        }
        if !(abs(m.thumbFrame.x - expectedX) <= rounding(c)) || m.thumbFrame.width != r.thumbFrame.width {
            found.append(InvariantViolation(
                "T5", "mirrored, the thumb is at x = \(m.thumbFrame.x), not at the mirror image \(expectedX)",
                input: describe(c, r)))
        }
        return found
    }

    // MARK: - T6: the half-segment boundary

    /// How many configurations T6 is about for one control (`halfSegmentCase`).
    public static let halfSegmentCaseCount = 6

    /// The configurations T6 is about for `configuration`'s control: released (`.ended`,
    /// `.nearest`) after a translation of exactly half a segment (`sw / 2`), and one ulp less
    /// and more, towards higher and lower indices. Case `number` (0..<6): half a segment one
    /// ulp less, exactly, one ulp more (0, 1, 2) towards higher indices, then the same towards
    /// lower indices (3, 4, 5).
    public static func halfSegmentCase<S: LayoutScalar>(
        _ c: ThumbTrackConfiguration<S>, _ number: Int
    ) -> ThumbTrackConfiguration<S> {
        var released = c
        released.phase = halfSegmentPhase
        released.snapping = .nearest
        released.velocity = 0
        released.translation = halfSegmentTranslation(c, number)
        return released
    }

    /// The phase of every `halfSegmentCase`.
    public static let halfSegmentPhase = ThumbTrackPhase.ended

    /// The translation of `halfSegmentCase(configuration, number)`.
    public static func halfSegmentTranslation<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>, _ number: Int) -> S {
        let half = segmentWidth(c) / 2
        let sign: S = number < 3 ? 1 : -1
        let translation: S
        switch number % 3 {
        case 0: translation = half.nextDown
        case 1: translation = half
        default: translation = half.nextUp
        }
        // `translation` is logical: towards higher indices for sign 1.
        let logical = sign * translation
        return c.layoutDirection == .rightToLeft ? -logical : logical
    }

    /// The documented decision for one of the `halfSegmentCase`s: a logical translation of at
    /// least half a segment moves the thumb one segment (clamped to the track), less than half
    /// does not. Checked when `sw / 2` is a normal number (then `sw / 2` is exact and
    /// `(sw / 2 ± ulp) / sw` rounds to the side of 0.5 it is on); otherwise `nil`.
    public static func expectedHalfSegmentIndex<S: LayoutScalar>(_ c: ThumbTrackConfiguration<S>) -> Int? {
        let sw = segmentWidth(c)
        guard c.mode == .fit, sw / 2 >= S.leastNormalMagnitude, sw.isFinite else { return nil }
        let half = sw / 2
        let logical = c.layoutDirection == .rightToLeft ? -c.translation : c.translation
        let steps = abs(logical) >= half ? (logical > 0 ? 1 : -1) : 0
        return min(max(c.selectedIndex + steps, 0), c.segmentCount - 1)
    }

    /// Whether two results agree bit for bit (frame bit patterns, index, change flag).
    static func sameBits<S: LayoutScalar>(_ a: ThumbTrackResult<S>, _ b: ThumbTrackResult<S>) -> Bool {
        BitPattern.equal(a.thumbFrame, b.thumbFrame) && a.selectedIndex == b.selectedIndex && a.indexChanged == b.indexChanged
    }

    /// T6 for one of the `halfSegmentCase`s, given its reference and kernel results.
    public static func halfSegmentViolations<S: LayoutScalar>(
        _ released: ThumbTrackConfiguration<S>, reference: ThumbTrackResult<S>, kernel: ThumbTrackResult<S>
    ) -> [InvariantViolation] {
        // The messages are formatted out of line: their temporaries would otherwise sit in this
        // function's frame, which ASan then allocates on its fake stack at every call (six per
        // control in the fuzz target).
        var found: [InvariantViolation] = []
        if !sameBits(reference, kernel) {
            found.append(kernelDisagreement(released, reference: reference, kernel: kernel))
        }
        if let expected = expectedHalfSegmentIndex(released), reference.selectedIndex != expected {
            found.append(wrongHalfSegmentDecision(released, reference: reference, expected: expected))
        }
        return found
    }

    @inline(never)
    static func kernelDisagreement<S: LayoutScalar>(
        _ released: ThumbTrackConfiguration<S>, reference: ThumbTrackResult<S>, kernel: ThumbTrackResult<S>
    ) -> InvariantViolation {
        InvariantViolation(
            "T6", "kernel \(kernel) and reference \(reference) differ at dx = \(released.translation) (\(BitPattern.hex(released.translation)))",
            input: "\(released)")
    }

    @inline(never)
    static func wrongHalfSegmentDecision<S: LayoutScalar>(
        _ released: ThumbTrackConfiguration<S>, reference: ThumbTrackResult<S>, expected: Int
    ) -> InvariantViolation {
        InvariantViolation(
            "T6", "dx = \(released.translation) (half a segment is \(segmentWidth(released) / 2)) gives index \(reference.selectedIndex), expected \(expected)",
            input: "\(released)")
    }

    // MARK: - The original switch's bugs

    /// The first violation that shows `bug` in `result`, the layout of `configuration`, or nil.
    ///
    /// Each detector looks for the bug's symptom, whatever the mode: `.legacy` layouts show
    /// them for the inputs Docs/ThumbTrack.md ("`.legacy`") describes; `.fit` layouts never do.
    public static func detect<S: LayoutScalar>(
        _ bug: ThumbTrackLegacyBug, _ c: ThumbTrackConfiguration<S>, _ r: ThumbTrackResult<S>
    ) -> InvariantViolation? {
        let f = r.thumbFrame
        let tolerance = rounding(c)
        lazy var input = describe(c, r)
        let k = c.selectedIndex
        func violation(_ invariant: String, _ message: String) -> InvariantViolation {
            InvariantViolation(invariant, "\(bug.rawValue): \(message)", input: input)
        }
        switch bug {
        case .jumpsToOtherSide:
            // Dragged one way, the thumb goes the other way by more than the inset (drawn during
            // the pan), or the index moves against the drag (on release).
            if c.phase == .ended {
                let logical = c.layoutDirection == .rightToLeft ? -c.translation : c.translation
                var push = logical
                if case .projected(let rate) = c.snapping, c.mode == .fit {
                    let velocity = c.layoutDirection == .rightToLeft ? -c.velocity : c.velocity
                    push += (velocity / 1000) * rate / (1 - rate)
                }
                let moved = r.selectedIndex - k
                if (moved > 0 && !(push > 0)) || (moved < 0 && !(push < 0)) {
                    return violation("T5", "released after a push of \(push), the index went from \(k) to \(r.selectedIndex)")
                }
            } else {
                let movement = f.x - rest(c, k)
                let opposite = (movement > 0 && c.translation < 0) || (movement < 0 && c.translation > 0)
                if opposite && abs(movement) > c.inset + tolerance {
                    return violation("T8", "dragged by \(c.translation), the thumb moved by \(movement)")
                }
            }
        case .releaseWithoutMovementMoves:
            if c.phase == .ended && c.translation == 0 && c.velocity == 0 && r.selectedIndex != k {
                return violation("T7", "released without movement, the index went from \(k) to \(r.selectedIndex)")
            }
        case .asymmetricInset:
            // At rest at either end, the gap to the bounds is the inset on both sides.
            if c.phase == .ended && (0..<c.segmentCount).contains(r.selectedIndex) {
                let visual = c.layoutDirection == .rightToLeft ? c.segmentCount - 1 - r.selectedIndex : r.selectedIndex
                if visual == 0 && abs(f.x - c.inset) > tolerance {
                    return violation("T4", "at the left end the gap is \(f.x), the inset \(c.inset)")
                }
                let rightGap = c.bounds.width - f.maxX
                if visual == c.segmentCount - 1 && abs(rightGap - c.inset) > tolerance {
                    return violation("T4", "at the right end the gap is \(rightGap), the inset \(c.inset)")
                }
            }
        case .crossesInset:
            if !rubberBands(c) && (f.x < c.inset || f.maxX > c.bounds.width - c.inset + tolerance) {
                return violation("T2", "the thumb \(f.x)...\(f.maxX) crosses the inset \(c.inset) of width \(c.bounds.width)")
            }
        }
        return nil
    }
}

/// The bugs of the original Objective-C switch that `.legacy` keeps, as Docs/ThumbTrack.md
/// lists them.
public enum ThumbTrackLegacyBug: String, CaseIterable, Hashable, Sendable {
    /// The branch follows the sign of the translation, not the side the thumb is on: dragged
    /// left from the left side, the thumb is drawn on the right and lands there (and the
    /// mirror image from the right side). Breaks T8 (during the pan) and T5 (on release).
    case jumpsToOtherSide = "jumps-to-other-side"
    /// A release with `dx == 0` from the left side goes right. Breaks T7.
    case releaseWithoutMovementMoves = "release-without-movement-moves"
    /// The left thumb is inset 1 but the right one 2 (`x = W/2 - 1` for a thumb `W/2 - 1`
    /// wide). Breaks T4 (not on the rest position) and the mirror symmetry of T5.
    case asymmetricInset = "asymmetric-inset"
    /// For small `dx > 0` the thumb's x is `dx` itself, inside the inset. Breaks T2.
    case crossesInset = "crosses-inset"
}

extension ThumbTrackConfiguration {
    /// Docs/ThumbTrack.md, "Inputs" (`selectedIndex` and `projectionRate` depend on other
    /// fields: the control's own oracle, `expectedControlProblem`, states them).
    public static func documentedRule(of field: String) -> FieldRule? {
        switch field {
        case "width", "height", "inset": return .documentedLength
        case "segmentCount": return .range(2 ... 255)
        case "translation", "velocity": return .documentedSignedLength
        case "phase": return .cases(3)               // changed, ended, cancelled
        case "layoutDirection", "snapping", "rubberBand", "mode": return .cases(2)
        default: return nil
        }
    }

    /// T1-T5, T7 and T8 on the reference (T6 goes through the kernel: the half-segment cases).
    public func invariantViolations() -> [InvariantViolation] { ThumbTrackInvariants.violations(self, ThumbTrack.layout(unchecked: self)) }

    /// T6: the six releases around this control's half-segment boundary
    /// (`ThumbTrackInvariants.halfSegmentCase`), which kernel and reference must decide alike
    /// and as documented.
    public static var kernelCheckedCaseCount: Int { ThumbTrackInvariants.halfSegmentCaseCount }

    public func kernelCheckedCase(_ number: Int) -> Self { ThumbTrackInvariants.halfSegmentCase(self, number) }

    public static func kernelCheckedViolations(
        _ configuration: Self, reference: ThumbTrackResult<Scalar>, kernel: ThumbTrackResult<Scalar>
    ) -> [InvariantViolation] {
        ThumbTrackInvariants.halfSegmentViolations(configuration, reference: reference, kernel: kernel)
    }

    /// The original switch's bugs that `.legacy` keeps (`ThumbTrackLegacyBug`).
    public static var legacyBugClasses: [String] { ThumbTrackLegacyBug.allCases.map(\.rawValue) }

    public func legacyBug(in result: ThumbTrackResult<Scalar>, bugClass: String?) -> (violation: InvariantViolation, bugClass: String)? {
        for bug in ThumbTrackLegacyBug.allCases {
            if bugClass == nil || bugClass == bug.rawValue, let violation = ThumbTrackInvariants.detect(bug, self, result) {
                return (violation, bug.rawValue)
            }
        }
        return nil
    }

    /// The selected index is below the segment count; the projection rate is finite, and in
    /// `0 < rate < 1` where the snapping is projected (kind 1).
    public static func expectedControlProblem(at position: Int, in batch: RawColumns<Self>, index: Int) -> LayoutError? {
        switch position {
        case InputFields.position(of: { $0.selectedIndex }):
            let selected = batch[{ $0.selectedIndex }, index]
            return selected < batch[{ $0.segmentCount }, index] ? nil
                : LayoutError(index: index, field: InputFields.name(of: { $0.selectedIndex }), value: Double(selected),
                              problem: .outOfRange(expected: "below the segment count"))
        case InputFields.position(of: { $0.projectionRate }):
            let rate = batch[{ $0.projectionRate }, index]
            let name = InputFields.name(of: { $0.projectionRate })
            if !rate.isFinite { return LayoutError(index: index, field: name, value: Double(rate), problem: .notFinite) }
            if batch[{ $0.snapping }, index] == 1 && !(rate > 0 && rate < 1) {
                return LayoutError(index: index, field: name, value: Double(rate), problem: .outOfRange(expected: "0 < rate < 1"))
            }
            return nil
        default:
            return nil
        }
    }

    /// `2 * inset` fits in the width and in the height; `.legacy` has two segments and inset 1.
    public static func expectedCrossFieldProblem(in batch: RawColumns<Self>, index: Int) -> LayoutError? {
        let inset = batch[{ $0.inset }, index]
        let legacy = batch[{ $0.mode }, index] == LayoutMode.legacy.rawValue
        if !(2 * inset <= batch[{ $0.width }, index]) || !(2 * inset <= batch[{ $0.height }, index]) {
            return LayoutError(index: index, field: InputFields.name(of: { $0.inset }), value: Double(inset),
                               problem: .inconsistent(rule: "2 * inset fits"))
        }
        if legacy && batch[{ $0.segmentCount }, index] != 2 {
            return LayoutError(index: index, field: InputFields.name(of: { $0.segmentCount }), value: Double(batch[{ $0.segmentCount }, index]),
                               problem: .inconsistent(rule: "two segments in .legacy"))
        }
        if legacy && inset != 1 {
            return LayoutError(index: index, field: InputFields.name(of: { $0.inset }), value: Double(inset),
                               problem: .inconsistent(rule: "inset 1 in .legacy"))
        }
        return nil
    }
}

// The batch kernel: the thumb track layout over structure-of-arrays columns, a lane group of
// `FourLaneVector.width` controls at a time, branch-free. Each step mirrors a line of
// `ThumbTrack._fitLayout` or `_legacyLayout` with the same IEEE operations in the same order
// on every non-integer value (negation is a flip of the sign bit), so the two agree bit for
// bit (ControlSuiteTests, ThumbTrackDifferentialTests). Small integers (indices, steps) are
// computed another way where that is shorter, and exactly (each place says why). As in the
// button kernel, bytes are loaded as floating-point lanes, where the indices are computed too
// (exact for integers this small); every `if` and `switch` computes every branch and keeps
// one per lane, so phases, modes and directions mix in one vector without mispredictions;
// padding lanes of the tail may compute NaN or infinities (0 / 0), which are never stored.

extension ThumbTrackConfiguration {
    /// The fused pass: every rule at once (see `_ThumbTrackValidation.allValid`).
    @inlinable
    public static func _allValid(_ input: UnsafePointer<InputFields>, count: Int) -> Bool? {
        _ThumbTrackValidation.allValid(input, count: count)
    }

    /// `selectedIndex < segmentCount`, and a `.projected` rate in `0 < rate < 1` (any
    /// finite rate for `.nearest`), each in its field's turn.
    @inlinable
    public static func _checkFieldRules(
        at position: Int, of input: InputFields, count: Int, into validator: inout BatchValidator
    ) {
        typealias Lanes = FourLaneVector<Scalar>
        let p = input
        if position == InputFields.position(of: { $0.selectedIndex }) {
            validator.checkGroups(width: Lanes.width, groupIsBad: { i in
                let n = Lanes.load(p.segmentCount, at: i, count: Lanes.width)
                let k = Lanes.load(p.selectedIndex, at: i, count: Lanes.width)
                return (!(k < n)).any
            }, elementError: { i in
                p.selectedIndex[i] < p.segmentCount[i] ? nil : LayoutError(
                    index: i, field: InputFields.name(of: { $0.selectedIndex }), value: Double(p.selectedIndex[i]),
                    problem: ThumbTrack.selectedIndexProblem(Int(p.segmentCount[i])))
            })
        } else if position == InputFields.position(of: { $0.projectionRate }) {
            validator.checkGroups(width: Lanes.width, groupIsBad: { i in
                let rate = Lanes.load(p.projectionRate, at: i, count: Lanes.width)
                let isProjected = Lanes.load(p.snapping, at: i, count: Lanes.width) == 1
                return (!rate._isFinite | (isProjected & !((rate > 0) & (rate < 1)))).any
            }, elementError: { i in
                let rate = p.projectionRate[i]
                let problem: LayoutError.Problem
                if !rate.isFinite {
                    problem = .notFinite
                } else if p.snapping[i] == 1 && !(rate > 0 && rate < 1) {
                    problem = ThumbTrack.rateProblem
                } else {
                    return nil
                }
                return LayoutError(index: i, field: InputFields.name(of: { $0.projectionRate }), value: Double(rate), problem: problem)
            })
        }
    }

    /// The rules that tie a control's fields together: `2 * inset <= width`,
    /// `2 * inset <= height`, and `.legacy` means two segments and inset 1.
    @inlinable
    public static func _checkCrossFieldRules(_ input: InputFields, count: Int, into validator: inout BatchValidator) {
        typealias Lanes = FourLaneVector<Scalar>
        let p = input
        validator.checkGroups(width: Lanes.width, groupIsBad: { i in
            let width = Lanes.load(p.width, at: i, count: Lanes.width)
            let height = Lanes.load(p.height, at: i, count: Lanes.width)
            let inset = Lanes.load(p.inset, at: i, count: Lanes.width)
            let n = Lanes.load(p.segmentCount, at: i, count: Lanes.width)
            let isLegacy = Lanes.load(p.mode, at: i, count: Lanes.width) == Scalar(LayoutMode.legacy.rawValue)
            let twoInsets = inset * 2
            return (!(twoInsets <= width) | !(twoInsets <= height)
                    | (isLegacy & (!(n == 2) | !(inset == 1)))).any
        }, elementError: { i in
            consistencyError(
                width: p.width[i], height: p.height[i], inset: p.inset[i],
                segmentCount: Scalar(p.segmentCount[i]),
                isLegacy: p.mode[i] == LayoutMode.legacy.rawValue, index: i)
        })
    }

    /// Four lanes in either precision (`FourLaneVector`): eight `Float` lanes spill registers
    /// and skip `.ended`, the rubber band and `.legacy` less often, so this kernel runs slower.
    @inlinable
    public static var _laneWidth: Int { FourLaneVector<Scalar>.width }

    /// The kernel for one lane group (see `ThumbTrack._laneGroup`).
    @inlinable @inline(__always)
    public static func _layoutLaneGroup(_ input: InputFields, _ output: ResultFields, at index: Int, count: Int) {
        ThumbTrack._laneGroup(input, output, at: index, count: count)
    }
}

/// Vectorized checks of rules `BatchValidator` has no ready-made form for (byte columns
/// compared with each other, rules over several columns), and the fused all-valid pass.
@usableFromInline
enum _ThumbTrackValidation {
    /// Whether every control passes every rule of `ThumbTrackColumns.validate()` (columns of
    /// equal length assumed): the detailed pass's comparisons, so it accepts exactly what that
    /// pass accepts.
    @inlinable
    static func allValid<Scalar: LayoutScalar>(
        _ fields: UnsafePointer<ThumbTrackConfiguration<Scalar>.InputFields>, count: Int
    ) -> Bool {
        let p = fields.pointee
        // The byte columns, sixteen controls per integer vector (vector-against-vector
        // compares; the scalar-operand forms are per-lane loops). `mode` is only noted here:
        // the `.legacy` rule needs `inset`, checked with the numbers below.
        var index = 0
        var hasLegacy = false
        @inline(__always) func window16(at start: Int) -> (bad: SIMDMask<SIMD16<Int8>>, mode: SIMD16<UInt8>) {
            func bytes(_ column: Field<UInt8>) -> SIMD16<UInt8> {
                UnsafeRawPointer(column.base + start).loadUnaligned(as: SIMD16<UInt8>.self)
            }
            let two = SIMD16<UInt8>(repeating: 2), three = SIMD16<UInt8>(repeating: 3)
            let n = bytes(p.segmentCount)
            var bad = (n .< two) .| (bytes(p.selectedIndex) .>= n)
            bad = bad .| (bytes(p.phase) .>= three) .| (bytes(p.layoutDirection) .>= two)
            bad = bad .| (bytes(p.snapping) .>= two) .| (bytes(p.rubberBand) .>= two)
            let mode = bytes(p.mode)
            return (bad .| (mode .>= two), mode)
        }
        if count >= 16 {
            // Bad bytes and `mode` are or-ed over the pass and tested once at the end, through
            // two 64-bit words (`any(_:)` on a `SIMD16` mask calls a generic reduction).
            var anyBad = SIMDMask<SIMD16<Int8>>(repeating: false)
            var anyMode = SIMD16<UInt8>()
            while count &- index >= 16 {
                let window = window16(at: index)
                anyBad = anyBad .| window.bad
                anyMode = anyMode | window.mode
                index &+= 16
            }
            // The rest in one more window, the last sixteen controls (it overlaps controls
            // already checked, which changes nothing; no byte past `count` is read).
            if index < count {
                let window = window16(at: count &- 16)
                anyBad = anyBad .| window.bad
                anyMode = anyMode | window.mode
                index = count
            }
            let badWords = unsafeBitCast(anyBad, to: (UInt64, UInt64).self)
            if badWords.0 | badWords.1 != 0 { return false }
            let modeWords = unsafeBitCast(anyMode, to: (UInt64, UInt64).self)
            hasLegacy = modeWords.0 | modeWords.1 != 0
        } else if count >= 8 {
            // A short batch: the first eight controls and, past eight, the last eight (the two
            // overlap), instead of a control at a time.
            @inline(__always) func window8(at start: Int) -> (bad: SIMDMask<SIMD8<Int8>>, mode: SIMD8<UInt8>) {
                func bytes(_ column: Field<UInt8>) -> SIMD8<UInt8> {
                    UnsafeRawPointer(column.base + start).loadUnaligned(as: SIMD8<UInt8>.self)
                }
                let two = SIMD8<UInt8>(repeating: 2), three = SIMD8<UInt8>(repeating: 3)
                let n = bytes(p.segmentCount)
                var bad = (n .< two) .| (bytes(p.selectedIndex) .>= n)
                bad = bad .| (bytes(p.phase) .>= three) .| (bytes(p.layoutDirection) .>= two)
                bad = bad .| (bytes(p.snapping) .>= two) .| (bytes(p.rubberBand) .>= two)
                let mode = bytes(p.mode)
                return (bad .| (mode .>= two), mode)
            }
            var window = window8(at: 0)
            if count > 8 {
                let last = window8(at: count &- 8)
                window = (window.bad .| last.bad, window.mode | last.mode)
            }
            if unsafeBitCast(window.bad, to: UInt64.self) != 0 { return false }
            hasLegacy = unsafeBitCast(window.mode, to: UInt64.self) != 0
            index = count
        }
        while index < count {
            let n = p.segmentCount[index], mode = p.mode[index]
            if n < 2 || p.selectedIndex[index] >= n || p.phase[index] >= 3 || p.layoutDirection[index] >= 2
                || p.snapping[index] >= 2 || p.rubberBand[index] >= 2 || mode >= 2 { return false }
            hasLegacy = hasLegacy || mode != 0
            index += 1
        }

        // The numbers, a lane group at a time, tested once at the end; each column gets only
        // the checks the others do not imply:
        // - `2 * inset <= width` and `<= height` (false for NaN on either side) with
        //   `inset >= 0` imply `width, height >= 0`; with `width <= maximum`, `inset <= maximum`;
        // - one running maximum of `width`, `height`, `translation` and `velocity` (`Double` is
        //   short of registers); minimums of `inset`, and of `translation` and `velocity`;
        // - the sum `translation + velocity + rate * 0` turns NaN or infinite for good on any
        //   NaN or infinity of the three (so `.nearest` rates are finite too); with the inset
        //   comparisons it catches every NaN a running extreme drops;
        // - a `.projected` rate in `0 < rate < 1`: the running min/max of the rate where
        //   projected, 0.5 elsewhere.
        // A "no" only sends the caller to the detailed pass, which finds the actual error.
        typealias Lanes = FourLaneVector<Scalar>
        let maximum = Scalar(LayoutLimits.maximumLength)
        index = 0
        var allGood = true
        if count >= Lanes.width {
            let half = Lanes(repeating: 0.5)
            var maxLength = Lanes(), minInset = Lanes(), minMotion = Lanes(), sum = Lanes()
            var minRate = half, maxRate = half
            var insetTooWide = Lanes() < Lanes()  // all false
            while count &- index >= Lanes.width {
                let width = Lanes.load(p.width, at: index, count: Lanes.width)
                let height = Lanes.load(p.height, at: index, count: Lanes.width)
                let inset = Lanes.load(p.inset, at: index, count: Lanes.width)
                let translation = Lanes.load(p.translation, at: index, count: Lanes.width)
                let velocity = Lanes.load(p.velocity, at: index, count: Lanes.width)
                let rate = Lanes.load(p.projectionRate, at: index, count: Lanes.width)
                let isProjected = Lanes.load(p.snapping, at: index, count: Lanes.width) == 1
                let twoInsets = inset * 2
                insetTooWide = insetTooWide | !(twoInsets <= width) | !(twoInsets <= height)
                maxLength = Lanes._pick(Lanes._pick(maxLength, ifGreaterThan: width), ifGreaterThan: height)
                minInset = Lanes._pick(minInset, ifLessThan: inset)
                maxLength = Lanes._pick(Lanes._pick(maxLength, ifGreaterThan: translation), ifGreaterThan: velocity)
                minMotion = Lanes._pick(Lanes._pick(minMotion, ifLessThan: translation), ifLessThan: velocity)
                sum = sum + (translation + velocity) + rate * 0
                let projectedRate = half.replacing(with: rate, where: isProjected)
                minRate = Lanes._pick(minRate, ifLessThan: projectedRate)
                maxRate = Lanes._pick(maxRate, ifGreaterThan: projectedRate)
                index &+= Lanes.width
            }
            if MemoryLayout<Scalar>.size == 8 {
                allGood = !anyBadFolded(
                    insetTooWide: insetTooWide.bits, maxLength: maxLength._d, minInset: minInset._d,
                    minMotion: minMotion._d, sum: sum._d, minRate: minRate._d, maxRate: maxRate._d)
            } else {
                var bad = insetTooWide | !(maxLength <= maximum) | !(minInset >= 0)
                bad = bad | !(minMotion >= -maximum) | !sum._isFinite
                bad = bad | !(minRate > 0) | !(maxRate < 1)
                // `any` (the 64-bit words), not `_anyLane`, which here compiles to a chain of
                // compares and conditional moves.
                allGood = !bad.any
            }
            if allGood && hasLegacy {
                var legacyIndex = 0
                while count - legacyIndex >= Lanes.width {
                    let isFit = Lanes.load(p.mode, at: legacyIndex, count: Lanes.width) == 0
                    let n = Lanes.load(p.segmentCount, at: legacyIndex, count: Lanes.width)
                    let inset = Lanes.load(p.inset, at: legacyIndex, count: Lanes.width)
                    if (!(isFit | ((n == 2) & (inset == 1))))._anyLane { return false }
                    legacyIndex += Lanes.width
                }
            }
        }
        if !allGood { return false }
        while index < count {
            let width = p.width[index], height = p.height[index], inset = p.inset[index]
            let translation = p.translation[index], velocity = p.velocity[index]
            let rate = p.projectionRate[index]
            let good = width >= 0 && width <= maximum && height >= 0 && height <= maximum
                && inset >= 0 && inset <= maximum
                && translation >= -maximum && translation <= maximum
                && velocity >= -maximum && velocity <= maximum
                && rate.isFinite && (p.snapping[index] == 0 || (rate > 0 && rate < 1))
                && 2 * inset <= width && 2 * inset <= height
                && (p.mode[index] == 0 || (p.segmentCount[index] == 2 && inset == 1))
            if !good { return false }
            index += 1
        }
        return true
    }
}

extension _ThumbTrackValidation {
    /// The end test of `allValid` for four `Double` lanes (two SSE registers): each running
    /// value's halves folded into one first (`minpd`, `maxpd`, `addpd` or `orpd`), so the test
    /// is one compare of two lanes and two 64-bit words, not two compares and narrowing
    /// shuffles. The folds keep every answer: the minimum of four lanes is the minimum of the
    /// halves' minimums (the maximum likewise); a NaN a fold drops is caught in its own lane by
    /// the inset comparisons or the sum; the sum's halves added are non-finite when either is
    /// (infinities of both signs make a NaN). The test order and the local functions (not
    /// properties of the lane type) are deliberate: they shape the registers of `allValid`'s loop.
    @inlinable @inline(__always)
    static func anyBadFolded(
        insetTooWide: SIMD4<UInt64>, maxLength: SIMD4<Double>, minInset: SIMD4<Double>,
        minMotion: SIMD4<Double>, sum: SIMD4<Double>, minRate: SIMD4<Double>, maxRate: SIMD4<Double>
    ) -> Bool {
        // `a < b ? a : b` and `a > b ? a : b` of the two halves: one `minpd` or `maxpd`.
        func minimum(_ v: SIMD4<Double>) -> SIMD2<Double> {
            v.highHalf.replacing(with: v.lowHalf, where: v.lowHalf .< v.highHalf)
        }
        func maximum(_ v: SIMD4<Double>) -> SIMD2<Double> {
            v.highHalf.replacing(with: v.lowHalf, where: v.lowHalf .> v.highHalf)
        }
        let limit = SIMD2<Double>(repeating: LayoutLimits.maximumLength)
        let total = sum.lowHalf + sum.highHalf
        var bad = .!(minimum(minRate) .> 0) .| .!(maximum(maxRate) .< 1)
        bad = bad .| .!((total .>= -.greatestFiniteMagnitude) .& (total .<= .greatestFiniteMagnitude))
        bad = bad .| .!(minimum(minMotion) .>= -limit)
        bad = bad .| .!(maximum(maxLength) .<= limit) .| .!(minimum(minInset) .>= 0)
        bad = bad .| unsafeBitCast(insetTooWide.lowHalf | insetTooWide.highHalf, to: SIMDMask<SIMD2<Int64>>.self)
        // Through the two 64-bit words: shorter than `any(_:)`'s minimum and conditional move.
        let words = unsafeBitCast(bad, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }
}

extension ThumbTrack {
    /// Lays out `count` (1...`width`) controls starting at `index`:
    /// `layout(unchecked:)` in lanes, both modes computed and one kept per lane.
    @inlinable @inline(__always)
    static func _laneGroup<Scalar>(
        _ q: ThumbTrackConfiguration<Scalar>.InputFields, _ p: ThumbTrackConfiguration<Scalar>.ResultFields,
        at index: Int, count: Int
    ) {
        typealias Lanes = FourLaneVector<Scalar>
        let zero = Lanes()
        let one = Lanes(repeating: 1)
        let width = Lanes.load(q.width, at: index, count: count)
        let height = Lanes.load(q.height, at: index, count: count)
        let inset = Lanes.load(q.inset, at: index, count: count)
        let n = Lanes.load(q.segmentCount, at: index, count: count)
        let k = Lanes.load(q.selectedIndex, at: index, count: count)
        let translation = Lanes.load(q.translation, at: index, count: count)
        let velocity = Lanes.load(q.velocity, at: index, count: count)
        let phase = Lanes.load(q.phase, at: index, count: count)
        let direction = Lanes.load(q.layoutDirection, at: index, count: count)
        let snapping = Lanes.load(q.snapping, at: index, count: count)
        let rate = Lanes.load(q.projectionRate, at: index, count: count)
        let rubberBand = Lanes.load(q.rubberBand, at: index, count: count)
        let mode = Lanes.load(q.mode, at: index, count: count)

        let isFit = (mode == Scalar(LayoutMode.fit.rawValue))
        let isRightToLeft = (direction == Scalar(LayoutDirection.rightToLeft.rawValue))
        let isChanged = (phase == Scalar(ThumbTrackPhase.changed.rawValue))
        let isEnded = (phase == Scalar(ThumbTrackPhase.ended.rawValue))
        let isProjected = (snapping == 1)  // `ThumbTrackSnapping.rawKind` of `.projected`
        let hasRubberBand = (rubberBand == 1)

        // MARK: .fit

        let segmentWidth = (width - inset * 2)._max(zero) / n
        let thumbHeight = height - inset * 2
        let lastIndex = n - 1
        // The reference's `isRightToLeft ? -x : x` is a flip of the sign bit where
        // `directionSignBit` is -0.0 (RTL): exactly IEEE negation, in one `xorps`.
        let directionSignBit = zero.replacing(with: Lanes(repeating: -0.0), where: isRightToLeft)
        // rest(j) = inset + visual(j) * sw. The reference's visual index
        // `isRightToLeft ? (n - 1) - j : j` is `(±j) + offset` (offset `n - 1` in RTL, +0 in
        // LTR): `(-j) + (n - 1)` is `(n - 1) - j` bit for bit (IEEE `a - b` is `a + (-b)`), and
        // `j + 0` is `j` (never -0). A flip and an add instead of a subtraction and a select.
        let visualOffset = zero.replacing(with: lastIndex, where: isRightToLeft)
        let visualK = k._flippingSign(by: directionSignBit) + visualOffset
        let restOfK = inset + visualK * segmentWidth
        var x = restOfK  // `.cancelled`: back to rest(k)
        var selectedIndex = k

        // `.changed`: follow the finger, clamped at the ends. The reference's
        // `x < lower ? lower : (x > upper ? upper : x)` is two `_pick`s, exactly: each picks the
        // reference's operand for every input (NaN and signed zeros included), and the second
        // cannot undo the first, as `lower <= upper` (`upper` is `lower` plus `(n - 1) * sw`,
        // which is `>= +0`).
        let unclamped = restOfK + translation
        let lower = inset
        let upper = inset + lastIndex * segmentWidth
        var changedX = Lanes._pick(upper, ifLessThan: Lanes._pick(lower, ifGreaterThan: unclamped))
        // The rubber band, only where a lane needs it (its two divisions are the costliest part
        // of `.changed`). A lane is past one end at most, and past it where the clamp moved it:
        // one compare (also true for a NaN lane, which only unchecked garbage has).
        let isBanded = isChanged & hasRubberBand & !(changedX == unclamped)
        if isBanded._anyLane {
            // A banded lane is either below the lower end or (otherwise) above the upper one.
            let isBelow = unclamped < lower
            let overshoot = (unclamped - upper).replacing(with: lower - unclamped, where: isBelow)
            var band = (1 - one / (overshoot * 0.55 / segmentWidth + 1)) * segmentWidth
            band = band._min(overshoot)
            band = band.replacing(with: segmentWidth._nextDownOfPositive, where: (band >= segmentWidth) & (segmentWidth > 0))
            let bandedX = (upper + band).replacing(with: lower - band, where: isBelow)
            changedX = changedX.replacing(with: bandedX, where: isBanded)
        }
        x = x.replacing(with: changedX, where: isChanged)

        // `.ended`: displacement in segments, rounded half away from zero, clamped. Skipped when
        // no lane ends (a batch in mid-pan).
        if isEnded._anyLane {
            let logicalTranslation = translation._flippingSign(by: directionSignBit)
            let logicalVelocity = velocity._flippingSign(by: directionSignBit)
            let projection = zero.replacing(with: (logicalVelocity / 1000) * rate / (1 - rate), where: isProjected)
            let displacement = (logicalTranslation + projection) / segmentWidth
            // The steps are capped at ±256 (it saves the rounding a select): `k + steps` stays
            // beyond the last index (at most 254) or below 0 wherever it was, so the clamps give
            // the same index. A NaN displacement (width 0 and no motion: 0 / 0) is no
            // displacement: it stays NaN through the rounding and is made +0 after it.
            var steps = displacement._roundedToNearestOrAwayFromZero(cappedAt: 256)
            steps = steps.replacing(with: zero, where: displacement._isNaN)
            // `min(max(k + steps, 0), n - 1)`: `max(v, 0)` (`0 >= v ? 0 : v`) differs from
            // `_pick`'s `v > 0 ? v : 0` only for NaN, impossible here; the `min` is exact.
            let endedIndex = Lanes._pick(lastIndex, ifLessThan: Lanes._pick(k + steps, ifGreaterThan: zero))
            // rest(endedIndex) from the visual index clamped in its own right: the visual index
            // of `k + steps` is `visual(k) ± steps` (`-steps` in RTL), and clamping to
            // `0...n - 1` commutes with `visual` (it maps that range onto itself), so this is
            // `visual(endedIndex)`: small integers, exact, never -0 (`visual(k) >= +0`), and two
            // additions and a multiply sooner than from `endedIndex`.
            let unclampedVisual = visualK + steps._flippingSign(by: directionSignBit)
            let endedVisual = Lanes._pick(lastIndex, ifLessThan: Lanes._pick(unclampedVisual, ifGreaterThan: zero))
            let endedX = inset + endedVisual * segmentWidth
            x = x.replacing(with: endedX, where: isEnded)
            selectedIndex = selectedIndex.replacing(with: endedIndex, where: isEnded)
        }
        var y = inset
        var thumbWidth = segmentWidth
        var thumbHeightOut = thumbHeight

        // MARK: .legacy, only where a lane is legacy

        let isLegacy = !isFit
        if isLegacy._anyLane {
            let halfWidth = width / 2
            let legacyThumbWidth = halfWidth - 1
            let negativeThumbWidth = -legacyThumbWidth
            let clampedRight = translation.replacing(with: legacyThumbWidth, where: translation > legacyThumbWidth)
            let clampedLeft = translation.replacing(with: negativeThumbWidth, where: translation < negativeThumbWidth)
            let isPositive = translation > 0
            let legacyMovingX = ((halfWidth + clampedLeft) - 1).replacing(with: clampedRight, where: isPositive)
            let goesRight = (isPositive & (clampedRight >= legacyThumbWidth / 2))
                | (!isPositive & !(clampedLeft <= negativeThumbWidth / 2))
            let legacyX = legacyMovingX.replacing(with: one.replacing(with: halfWidth - 1, where: goesRight), where: isEnded)
            let legacyIndex = k.replacing(with: zero.replacing(with: one, where: goesRight), where: isEnded)
            x = x.replacing(with: legacyX, where: isLegacy)
            y = y.replacing(with: one, where: isLegacy)
            thumbWidth = thumbWidth.replacing(with: legacyThumbWidth, where: isLegacy)
            thumbHeightOut = thumbHeightOut.replacing(with: height - 2, where: isLegacy)
            selectedIndex = selectedIndex.replacing(with: legacyIndex, where: isLegacy)
        }

        // MARK: Both modes

        x.store(to: p.thumbX, at: index, count: count)
        y.store(to: p.thumbY, at: index, count: count)
        thumbWidth.store(to: p.thumbWidth, at: index, count: count)
        thumbHeightOut.store(to: p.thumbHeight, at: index, count: count)
        // `indexChanged` compares the stored index bytes with the input's: for indices
        // (0...254) equal bytes are equal values, and the bytes are at hand.
        let selectedBytes = selectedIndex._bytes
        Lanes.store(selectedBytes, to: p.selectedIndex.base, at: index, count: count)
        let changed = Lanes._bytesDiffer(selectedBytes, Lanes._loadBytes(q.selectedIndex.base, at: index, count: count))
        Lanes.store(changed, to: p.indexChanged.base, at: index, count: count)
    }
}

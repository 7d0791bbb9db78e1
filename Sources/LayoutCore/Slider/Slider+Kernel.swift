// The batch kernel: the slider layout over structure-of-arrays columns, in lane groups of
// `LaneVector.width` controls. Each step mirrors a line of `Slider.layout(unchecked:)` with the
// same IEEE operations in the same order, so the two agree bit for bit (ControlSuiteTests,
// SliderExampleTests). As in the other kernels, bytes are compared as floating-point lanes;
// every `if` and `switch` computes every branch and keeps one per lane (no mispredictions);
// `Swift.min` and `Swift.max` are `_min` and `_max` (the same operand picked for every input,
// signed zeros included); padding lanes of the tail may compute NaN or infinities, never
// stored. `x / 2` is `x * 0.5`, the same exactly rounded half. Only the step grid, which only
// a lane that ends a pan with a step needs, runs apart: on a lane group where one lane needs
// it (`_laneGroup`), or, in a long `Double` range, on those lanes packed together (`_kernel`).

extension SliderConfiguration {
    /// The rule that ties the range's ends together: `minimumValue <= maximumValue`.
    @inlinable
    public static func _checkCrossFieldRules(_ input: InputFields, count: Int, into validator: inout BatchValidator) {
        typealias Lanes = LaneVector<Scalar>
        let p = input
        validator.checkGroups(width: Lanes.width, groupIsBad: { i in
            let minimum = Lanes.load(p.minimumValue, at: i, count: Lanes.width)
            let maximum = Lanes.load(p.maximumValue, at: i, count: Lanes.width)
            return (!(minimum <= maximum)).any
        }, elementError: { i in
            rangeError(minimum: p.minimumValue[i], maximum: p.maximumValue[i], index: i)
        })
    }

    /// The fused pass: every rule at once (see `Slider._allValid`).
    @inlinable
    public static func _allValid(_ input: UnsafePointer<InputFields>, count: Int) -> Bool? {
        Slider._allValid(input, count: count)
    }

    /// The kernel for the controls in `range`: one full lane group in `_fullLaneGroup`
    /// (constant counts, no loop), fewer controls in `_tail`, up to `Slider._onePassLength` in
    /// `_onePassGroups` (each group in one pass), more in `_kernel`'s chunks of passes.
    @inlinable
    public static func _layout(
        _ input: UnsafePointer<InputFields>, _ output: UnsafePointer<ResultFields>, range: Range<Int>
    ) {
        if range.count == _laneWidth {
            Slider._fullLaneGroup(input, output, at: range.lowerBound)
            return
        }
        if range.count < _laneWidth {
            if !range.isEmpty { Slider._tail(input, output, at: range.lowerBound, count: range.count) }
            return
        }
        if range.count <= Slider._onePassLength(Scalar.self) {
            Slider._onePassGroups(input, output, range: range)
            return
        }
        Slider._kernel(input, output, range: range)
    }

    /// The kernel for one lane group, every step in one pass (see `Slider._laneGroup`).
    @inlinable @inline(__always)
    public static func _layoutLaneGroup(_ input: InputFields, _ output: ResultFields, at index: Int, count: Int) {
        Slider._laneGroup(input, output, at: index, count: count)
    }
}

extension LaneVectorOf where FloatLanes == EightFloatLanes {
    /// `Scalar.snapped(self, scale:)` per lane, with `snapping` prepared for the group:
    /// lanes that do not snap come back exactly as they are (see `PixelSnapping`).
    @inlinable @inline(__always)
    func _sliderSnapped(_ snapping: PixelSnapping<Scalar>) -> Self {
        // Snapped edges lie in `0...W` or `0...H` (or are -0), and valid input keeps
        // `x = edge * scale` in `0 ..< 2^p`: the rounding of `_roundedToNearestOrAwayFromZero`
        // without its sign split or its test against 2^p (`x`'s sign goes back on, so -0 stays
        // -0). Invalid input, which only `uncheckedLayout` accepts, gives meaningless results.
        let x = self * snapping.scale
        var rounded = (x + snapping.threshold) - snapping.threshold
        let tieWentDown = (rounded - x) == -0.5
        rounded = rounded + Self(repeating: 1).keeping(where: tieWentDown)
        return rounded._or(x._splitSign().sign) / snapping.scale
    }

    /// `Slider.frame`'s size from two snapped edges: `far - near`, one ulp smaller where it
    /// would carry `near` past `far`.
    @inlinable @inline(__always)
    static func _sliderLength(_ near: Self, _ far: Self) -> Self {
        let length = far - near
        return length._nextDownOfPositive(where: near + length > far)
    }
}

extension Slider {
    /// Whether every control passes every rule of `SliderColumns.validate()` (columns of equal
    /// length assumed), in one pass: `_allBytes` for the byte columns, `SliderNumberChecks` for
    /// the numbers. It accepts exactly what the detailed pass accepts; on a "no" the caller
    /// runs that pass, which names the error.
    @inlinable
    static func _allValid<Scalar: LayoutScalar>(
        _ fields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>, count: Int
    ) -> Bool {
        let p = fields.pointee
        // The byte columns (`_allBytes`). Each case count is a constant, the enumeration's last
        // raw value plus one: `allCases.count` would build and free an array on every call.
        guard _allBytes(UnsafePointer(p.phase.base), count: count, below: SliderPhase.cancelled.rawValue + 1),
              _allBytes(UnsafePointer(p.layoutDirection.base), count: count, below: LayoutDirection.rightToLeft.rawValue + 1)
        else { return false }

        // The numbers: full groups with a constant count (one-instruction loads), then the tail.
        var numbers = SliderNumberChecks<Scalar>()
        var index = 0
        let width = LaneVector<Scalar>.width
        while count &- index >= width {
            numbers.check(p, at: index, count: width)
            index &+= width
        }
        if index < count { numbers.merge(SliderNumberChecks.tail(fields, at: index, count: count &- index)) }
        return numbers.allPassed
    }

    /// Lays out the controls in `range` (`Double` ranges longer than `_onePassLength`), one
    /// chunk of `LaneScratch.chunkLength` controls at a time. Only the lanes that end a pan on
    /// a slider with a step (`.ended`, `step > 0`) need the step grid, which a plain lane-group
    /// loop runs for a whole group (about two `Double` groups in five when one control in
    /// eight snaps). So each chunk goes in passes: (1) every lane group's value, clamped, and
    /// which lanes snap; (2) those lanes listed, gathered a lane group at a time, put on their
    /// grid, scattered back; (3) every lane group's frames. Every lane gets exactly the
    /// reference's operations. The last `1 ..< width` controls go through `_tail`.
    @inlinable
    static func _kernel<Scalar>(
        _ inputFields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<SliderConfiguration<Scalar>.ResultFields>,
        range: Range<Int>
    ) {
        let q = inputFields.pointee, p = resultFields.pointee
        let fullEnd = range.upperBound &- range.count % LaneVector<Scalar>.width
        if range.lowerBound < fullEnd {
            // Each capacity is a constant once specialized: the stack-or-heap test folds away.
            withUnsafeTemporaryAllocation(of: Scalar.SIMDMaskScalar.self, capacity: LaneScratch.chunkLength(Scalar.self)) { snaps in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: LaneScratch.chunkLength(Scalar.self)) { origin in
            withUnsafeTemporaryAllocation(of: Scalar.self, capacity: 4 * LaneScratch.maximumLaneWidth) { gathered in
                let scratch = _SliderScratch<Scalar>(
                    snaps: snaps.baseAddress!, origin: origin.baseAddress!, gathered: gathered.baseAddress!)
                var start = range.lowerBound
                while start < fullEnd {
                    let count = Swift.min(LaneScratch.chunkLength(Scalar.self), fullEnd &- start)
                    _chunk(q, p, scratch, at: start, count: count)
                    start &+= count
                }
            }}}
        }
        if fullEnd < range.upperBound { _tail(inputFields, resultFields, at: fullEnd, count: range.upperBound &- fullEnd) }
    }

    /// The longest range `_onePassGroups` lays out: every `Float` range, `Double` ranges of at
    /// most 32 controls; longer ranges go through `_kernel`'s passes.
    // In `Float` one pass is faster at every length: a group's grid shares its division with
    // the test of which lanes snap, so on the whole group it costs little more than the
    // passes' listing, gathering and scattering. In `Double` the passes are faster past 32
    // controls (`layout-bench frame`, Docs/Benchmarks.md; Docs/Performance.md).
    @inlinable
    static func _onePassLength<Scalar: LayoutScalar>(_: Scalar.Type) -> Int {
        MemoryLayout<Scalar>.size == 4 ? Int.max : 32
    }

    /// Lays out the controls in `range`: each full lane group in one pass (`_laneGroup`), the
    /// last `1 ..< width` controls through `_tail`.
    @inlinable @inline(never)
    static func _onePassGroups<Scalar>(
        _ inputFields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<SliderConfiguration<Scalar>.ResultFields>,
        range: Range<Int>
    ) {
        let q = inputFields.pointee, p = resultFields.pointee
        typealias Lanes = LaneVector<Scalar>
        let width = Lanes.width
        let fullEnd = range.upperBound &- range.count % width
        var index = range.lowerBound
        while index < fullEnd {
            _laneGroup(q, p, at: index, count: width)
            index &+= width
        }
        if fullEnd < range.upperBound { _tail(inputFields, resultFields, at: fullEnd, count: range.upperBound &- fullEnd) }
    }

    /// The last `count` (1..<`width`) controls: `_laneGroup` with padded loads and partial
    /// stores, in its own function so that the full groups keep their one-instruction loads.
    @inlinable @inline(never)
    static func _tail<Scalar>(
        _ inputFields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<SliderConfiguration<Scalar>.ResultFields>,
        at index: Int, count: Int
    ) {
        let q = inputFields.pointee, p = resultFields.pointee
        _laneGroup(q, p, at: index, count: count)
    }

    /// One full lane group from `index`: `_laneGroup` with a constant count.
    @inlinable @inline(never)
    static func _fullLaneGroup<Scalar>(
        _ inputFields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<SliderConfiguration<Scalar>.ResultFields>,
        at index: Int
    ) {
        _laneGroup(inputFields.pointee, resultFields.pointee, at: index, count: LaneVector<Scalar>.width)
    }

    /// The passes of `_kernel` over `count` controls from `start` (a multiple of the lane
    /// width, at most `LaneScratch.chunkLength`).
    @inlinable
    static func _chunk<Scalar>(
        _ q: SliderConfiguration<Scalar>.InputFields, _ p: SliderConfiguration<Scalar>.ResultFields,
        _ scratch: _SliderScratch<Scalar>, at start: Int, count: Int
    ) {
        typealias Lanes = LaneVector<Scalar>
        let width = Lanes.width
        // 1. Every lane's value before the grid, into the result column, and which lanes snap.
        var offset = 0
        while offset < count {
            let (newValue, snaps) = _valueLanes(q, at: start &+ offset, count: width)
            newValue.store(to: p.value, at: start &+ offset, count: width)
            UnsafeMutableRawPointer(scratch.snaps + offset).storeBytes(of: snaps, as: LaneMask<Scalar>.self)
            offset &+= width
        }
        // 2. The lanes that snap, listed branch-free (every index is written, the count grows
        //    past it where the lane snaps), then a lane group of them at a time gathered, put
        //    on the grid, scattered back; the last group's missing lanes repeat its first lane.
        var listed = 0
        for index in 0..<count {
            scratch.origin[listed] = Int32(truncatingIfNeeded: index)
            listed &+= Int(truncatingIfNeeded: scratch.snaps[index] & 1)
        }
        var first = 0
        while first < listed {
            let lanes = Swift.min(width, listed &- first)
            let g = scratch.gathered
            for lane in 0..<width {
                let index = start &+ Int(scratch.origin[first &+ (lane < lanes ? lane : 0)])
                g[lane] = p.value[index]
                g[width &+ lane] = q.minimumValue[index]
                g[2 &* width &+ lane] = q.maximumValue[index]
                g[3 &* width &+ lane] = q.step[index]
            }
            let points = _gridPoints(
                newValue: Lanes.load(g, at: 0, count: width), minimum: Lanes.load(g, at: width, count: width),
                maximum: Lanes.load(g, at: 2 &* width, count: width), step: Lanes.load(g, at: 3 &* width, count: width))
            points.store(to: g, at: 0, count: width)
            for lane in 0..<lanes {
                p.value[start &+ Int(scratch.origin[first &+ lane])] = g[lane]
            }
            first &+= width
        }
        // 3. Every frame from the value.
        _geometryPass(q, p, at: start, count: count)
    }

    /// Pass 3 of `_chunk`, in its own function: inlined in `_chunk`, which its other passes
    /// make large, the lane group's code stays a call with a variable count.
    @inlinable @inline(never)
    static func _geometryPass<Scalar>(
        _ q: SliderConfiguration<Scalar>.InputFields, _ p: SliderConfiguration<Scalar>.ResultFields,
        at start: Int, count: Int
    ) {
        typealias Lanes = LaneVector<Scalar>
        let width = Lanes.width
        var offset = 0
        while offset < count {
            _geometryLanes(q, p, newValue: Lanes.load(p.value, at: start &+ offset, count: width),
                           at: start &+ offset, count: width)
            offset &+= width
        }
    }

    /// Lays out `count` (1...`width`) sliders starting at `index`, every step in one pass:
    /// `layout(unchecked:)` in lanes.
    @inlinable @inline(__always)
    static func _laneGroup<Scalar>(
        _ q: SliderConfiguration<Scalar>.InputFields, _ p: SliderConfiguration<Scalar>.ResultFields,
        at index: Int, count: Int
    ) {
        _geometryLanes(q, p, newValue: _finalValueLanes(q, at: index, count: count), at: index, count: count)
    }

    /// The final value of `count` (1...`width`) sliders from `index`: `_valueLanes`, then the
    /// step grid where a lane snaps (skipped when none of the group does).
    @inlinable @inline(__always)
    static func _finalValueLanes<Scalar>(
        _ q: SliderConfiguration<Scalar>.InputFields, at index: Int, count: Int
    ) -> LaneVector<Scalar> {
        typealias Lanes = LaneVector<Scalar>
        let (newValue, snaps) = _valueLanes(q, at: index, count: count)
        guard snaps._anyLane else { return newValue }
        let points = _gridPoints(
            newValue: newValue, minimum: Lanes.load(q.minimumValue, at: index, count: count),
            maximum: Lanes.load(q.maximumValue, at: index, count: count),
            step: Lanes.load(q.step, at: index, count: count))
        return newValue.replacing(with: points, where: snaps)
    }

    /// The value of `count` (1...`width`) sliders from `index` before the step grid (`.none`
    /// clamps `value`, `.changed` and `.ended` clamp it moved where there is travel,
    /// `.cancelled` keeps it), and the lanes that snap to the grid, never `.cancelled`:
    /// `.ended` with `step > 0` and a grid no finer than the value's precision.
    @inlinable @inline(__always)
    static func _valueLanes<Scalar>(
        _ q: SliderConfiguration<Scalar>.InputFields, at index: Int, count: Int
    ) -> (value: LaneVector<Scalar>, snaps: LaneMask<Scalar>) {
        typealias Lanes = LaneVector<Scalar>
        let zero = Lanes()
        let width = Lanes.load(q.width, at: index, count: count)
        let leadingInset = Lanes.load(q.leadingInset, at: index, count: count)
        let trailingInset = Lanes.load(q.trailingInset, at: index, count: count)
        let thumbWidthIn = Lanes.load(q.thumbWidth, at: index, count: count)
        let minimum = Lanes.load(q.minimumValue, at: index, count: count)
        let maximum = Lanes.load(q.maximumValue, at: index, count: count)
        let value = Lanes.load(q.value, at: index, count: count)
        let step = Lanes.load(q.step, at: index, count: count)
        let phase = Lanes.load(q.phase, at: index, count: count)
        let screenTranslation = Lanes.load(q.translation, at: index, count: count)
        let direction = Lanes.load(q.layoutDirection, at: index, count: count)

        let isRightToLeft = direction == Scalar(LayoutDirection.rightToLeft.rawValue)
        let isMoving = (phase == Scalar(SliderPhase.changed.rawValue)) | (phase == Scalar(SliderPhase.ended.rawValue))
        let isEnded = phase == Scalar(SliderPhase.ended.rawValue)
        let isCancelled = phase == Scalar(SliderPhase.cancelled.rawValue)
        let range = maximum - minimum
        let available = ((width - leadingInset) - trailingInset)._max(zero)
        let thumbWidth = thumbWidthIn._min(available)
        let travel = available - thumbWidth

        // The reference's `isRightToLeft ? -dx : dx`: a flip of the sign bit where RTL.
        let directionSignBit = zero.replacing(with: Lanes(repeating: -0.0), where: isRightToLeft)
        let translation = screenTranslation._flippingSign(by: directionSignBit)
        let moved = (value + translation * range / travel).replacing(with: value, where: !(travel > zero))
        let newValue = value.replacing(with: moved, where: isMoving)._max(minimum)._min(maximum)
        let steps = (newValue - minimum) / step
        let snaps = isEnded & (step > zero) & (steps < Lanes(repeating: Scalar.integralThreshold))
        return (newValue.replacing(with: value, where: isCancelled), snaps)
    }

    /// `valueOnStepGrid` in lanes, for lanes whose value is in `minimum ... maximum`, with
    /// `step > 0` and fewer than `2^p` steps from `minimum` (the lanes `_valueLanes` says snap).
    @inlinable @inline(__always)
    static func _gridPoints<Scalar>(
        newValue: LaneVector<Scalar>, minimum: LaneVector<Scalar>, maximum: LaneVector<Scalar>, step: LaneVector<Scalar>
    ) -> LaneVector<Scalar> {
        typealias Lanes = LaneVector<Scalar>
        let one = Lanes(repeating: 1)
        let integral = Lanes(repeating: Scalar.integralThreshold)
        let steps = (newValue - minimum) / step
        // `steps.rounded(.down)` for `0 <= steps < 2^p`: the nearest integer (ties to
        // even, `(s + 2^p) - 2^p`), less one where that is above `steps`. (For `steps == -0`
        // this gives +0 where the reference has -0; both give the same points.)
        let nearest = (steps + integral) - integral
        var k = nearest - one.keeping(where: nearest > steps)
        // `k - 0` is `k` (never -0 here), so the reference's "one less where `lower` is
        // past the value" is one subtraction for every lane, and `lower` is recomputed.
        k = k - one.keeping(where: minimum + k * step > newValue)
        let lower = minimum + k * step
        let upper = (minimum + (k + 1) * step)._min(maximum)
        return lower.replacing(with: upper, where: upper - newValue <= newValue - lower)
    }

    /// The frames of `count` (1...`width`) sliders from `index` with their final value, and the
    /// value and whether it changed, into the result columns.
    // `@_transparent`, not `@inline(__always)`: with the latter the generic specializer makes
    // this a separate function wherever a group runs in one pass (`_tail`, `_onePassGroups`),
    // called with both column structures copied to the stack, `store(count:)` a call too.
    @usableFromInline @_transparent
    static func _geometryLanes<Scalar>(
        _ q: SliderConfiguration<Scalar>.InputFields, _ p: SliderConfiguration<Scalar>.ResultFields,
        newValue: LaneVector<Scalar>, at index: Int, count: Int
    ) {
        typealias Lanes = LaneVector<Scalar>
        let zero = Lanes()
        let one = Lanes(repeating: 1)
        let width = Lanes.load(q.width, at: index, count: count)
        let height = Lanes.load(q.height, at: index, count: count)
        let leadingInset = Lanes.load(q.leadingInset, at: index, count: count)
        let trailingInset = Lanes.load(q.trailingInset, at: index, count: count)
        let thumbWidthIn = Lanes.load(q.thumbWidth, at: index, count: count)
        let thumbHeightIn = Lanes.load(q.thumbHeight, at: index, count: count)
        let thicknessIn = Lanes.load(q.trackThickness, at: index, count: count)
        let minimum = Lanes.load(q.minimumValue, at: index, count: count)
        let maximum = Lanes.load(q.maximumValue, at: index, count: count)
        let value = Lanes.load(q.value, at: index, count: count)
        let direction = Lanes.load(q.layoutDirection, at: index, count: count)
        let scale = Lanes.load(q.displayScale, at: index, count: count)

        let isRightToLeft = direction == Scalar(LayoutDirection.rightToLeft.rawValue)
        let range = maximum - minimum

        // Shrink first, never overflow.
        let available = ((width - leadingInset) - trailingInset)._max(zero)
        let leadingEnd = leadingInset._min(width)
        let trailingEnd = (leadingEnd + available)._min(width)
        let thumbWidth = thumbWidthIn._min(available)
        let thumbHeight = thumbHeightIn._min(height)
        let thickness = thicknessIn._min(height)
        let travel = available - thumbWidth

        // The thumb and the split, as edges (left to right).
        let fraction = ((newValue - minimum) / range)._max(zero)._min(one).keeping(where: range > zero)
        let thumbLeft = (leadingEnd + fraction * travel)._min(trailingEnd)
        let thumbRight = (thumbLeft + thumbWidth)._min(trailingEnd)
        let centre = (thumbLeft + thumbWidth * 0.5)._min(trailingEnd)
        let thumbTop = (height - thumbHeight) * 0.5
        let thumbBottom = (thumbTop + thumbHeight)._min(height)
        let trackTop = (height - thickness) * 0.5
        let trackBottom = (trackTop + thickness)._min(height)

        // Right to left: every edge `x -> W - x`, then each frame's two edges exchanged (the
        // mirror of a left edge is a right edge). The split point is one number for both
        // tracks, snapped once.
        let snapping = PixelSnapping(scale: scale, snapping: scale > zero)
        let leadingX = leadingEnd.replacing(with: width - leadingEnd, where: isRightToLeft)._sliderSnapped(snapping)
        let splitX = centre.replacing(with: width - centre, where: isRightToLeft)._sliderSnapped(snapping)
        let trailingX = trailingEnd.replacing(with: width - trailingEnd, where: isRightToLeft)._sliderSnapped(snapping)
        let thumbNear = thumbLeft.replacing(with: width - thumbRight, where: isRightToLeft)._sliderSnapped(snapping)
        let thumbFar = thumbRight.replacing(with: width - thumbLeft, where: isRightToLeft)._sliderSnapped(snapping)
        // Four selects rather than two `Lanes.swapped` (which would share `splitX`): with the
        // exchanges, the compiler rebuilds the three snapped edges with lane shuffles.
        let minimumLeft = leadingX.replacing(with: splitX, where: isRightToLeft)
        let minimumRight = splitX.replacing(with: leadingX, where: isRightToLeft)
        let maximumLeft = splitX.replacing(with: trailingX, where: isRightToLeft)
        let maximumRight = trailingX.replacing(with: splitX, where: isRightToLeft)
        let thumbY = thumbTop._sliderSnapped(snapping)
        let thumbMaxY = thumbBottom._sliderSnapped(snapping)
        let trackY = trackTop._sliderSnapped(snapping)
        let trackMaxY = trackBottom._sliderSnapped(snapping)
        let trackHeight = Lanes._sliderLength(trackY, trackMaxY)

        // The fourteen stores behind one test of the count: a full group has `count` a
        // constant, so every store is one instruction; `_tail`'s partial group (a variable
        // count) tests it once, and each store's own full-group test folds behind it.
        @_transparent func store(count: Int) {
            thumbNear.store(to: p.thumbX, at: index, count: count)
            thumbY.store(to: p.thumbY, at: index, count: count)
            Lanes._sliderLength(thumbNear, thumbFar).store(to: p.thumbWidth, at: index, count: count)
            Lanes._sliderLength(thumbY, thumbMaxY).store(to: p.thumbHeight, at: index, count: count)
            minimumLeft.store(to: p.minimumTrackX, at: index, count: count)
            trackY.store(to: p.minimumTrackY, at: index, count: count)
            Lanes._sliderLength(minimumLeft, minimumRight).store(to: p.minimumTrackWidth, at: index, count: count)
            trackHeight.store(to: p.minimumTrackHeight, at: index, count: count)
            maximumLeft.store(to: p.maximumTrackX, at: index, count: count)
            trackY.store(to: p.maximumTrackY, at: index, count: count)
            Lanes._sliderLength(maximumLeft, maximumRight).store(to: p.maximumTrackWidth, at: index, count: count)
            trackHeight.store(to: p.maximumTrackHeight, at: index, count: count)
            newValue.store(to: p.value, at: index, count: count)
            Lanes.store(one.keeping(where: !(newValue == value))._bytes, to: p.valueChanged.base, at: index, count: count)
        }
        if count == Lanes.width { store(count: Lanes.width) } else { store(count: count) }
    }
}

/// The running checks of `Slider._allValid`, tested once at the end: a struct with inlined
/// methods (a nested function that captures them compiles to a call per lane group). Each
/// group's numbers are combined first, as balanced trees, and only the result goes into the
/// running value: one column at a time would be a chain of 13 dependent operations per group
/// (the compiler does not reassociate floating-point operations). In `Double` a running
/// extreme can drop a NaN (`minpd` and `maxpd` return one operand when the other is NaN), but
/// the running sum cannot, and valid values keep it far from overflow (13 values of at most
/// 2^20 per control); eight `Float` lanes compare magnitudes as integers (`tooLarge`), NaN
/// included. The zero padding of the tail passes every rule.
@usableFromInline
struct SliderNumberChecks<Scalar: LayoutScalar> {
    @usableFromInline typealias Lanes = LaneVector<Scalar>
    /// The minimum of the eight lengths and the scale: must be `>= 0`.
    @usableFromInline var lowest = Lanes()
    /// `Double`: the minimum of the four signed values: must be `>= -maximumLength`.
    @usableFromInline var lowestSigned = Lanes()
    /// `Double`: the maximum of every number but the scale: must be `<= maximumLength`.
    @usableFromInline var highest = Lanes()
    /// `Double`: the maximum of the scale: must be `<= maximumDisplayScale`.
    @usableFromInline var highestScale = Lanes()
    /// `Double`: the sum of every number: must be finite (NaN and infinities stick).
    @usableFromInline var sum = Lanes()
    /// Eight `Float` lanes: where a magnitude was above its limit, NaN and infinities
    /// included (compared as integers, see `magnitudeAbove`).
    @usableFromInline var tooLarge = SIMDMask<SIMD8<Int32>>(repeating: false)
    /// Lanes where `maximumValue < minimumValue`.
    @usableFromInline var tooLowMaximum = Lanes() < Lanes()

    @inlinable init() {}

    /// Takes in `count` (1...`width`) controls from `index`.
    @inlinable @inline(__always)
    mutating func check(_ p: SliderConfiguration<Scalar>.InputFields, at index: Int, count: Int) {
        let width = Lanes.load(p.width, at: index, count: count)
        let height = Lanes.load(p.height, at: index, count: count)
        let leadingInset = Lanes.load(p.leadingInset, at: index, count: count)
        let trailingInset = Lanes.load(p.trailingInset, at: index, count: count)
        let thumbWidth = Lanes.load(p.thumbWidth, at: index, count: count)
        let thumbHeight = Lanes.load(p.thumbHeight, at: index, count: count)
        let thickness = Lanes.load(p.trackThickness, at: index, count: count)
        let step = Lanes.load(p.step, at: index, count: count)
        let minimum = Lanes.load(p.minimumValue, at: index, count: count)
        let maximum = Lanes.load(p.maximumValue, at: index, count: count)
        let value = Lanes.load(p.value, at: index, count: count)
        let translation = Lanes.load(p.translation, at: index, count: count)
        let scale = Lanes.load(p.displayScale, at: index, count: count)

        tooLowMaximum = tooLowMaximum | (maximum < minimum)
        let lowestLength = ((width._min(height))._min(leadingInset._min(trailingInset)))
            ._min((thumbWidth._min(thumbHeight))._min(thickness._min(step)))
        lowest = lowest._min(lowestLength._min(scale))

        if Lanes._isEightFloats {
            let length = Float(LayoutLimits.maximumLength)
            tooLarge = tooLarge
                .| width.magnitudeAbove(length) .| height.magnitudeAbove(length)
                .| leadingInset.magnitudeAbove(length) .| trailingInset.magnitudeAbove(length)
                .| thumbWidth.magnitudeAbove(length) .| thumbHeight.magnitudeAbove(length)
                .| thickness.magnitudeAbove(length) .| step.magnitudeAbove(length)
                .| minimum.magnitudeAbove(length) .| maximum.magnitudeAbove(length)
                .| value.magnitudeAbove(length) .| translation.magnitudeAbove(length)
                .| scale.magnitudeAbove(Float(LayoutLimits.maximumDisplayScale))
        } else {
            lowestSigned = lowestSigned._min((minimum._min(maximum))._min(value._min(translation)))
            let highestLength = ((width._max(height))._max(leadingInset._max(trailingInset)))
                ._max((thumbWidth._max(thumbHeight))._max(thickness._max(step)))
            let highestSigned = (minimum._max(maximum))._max(value._max(translation))
            highest = highest._max(highestLength._max(highestSigned))
            highestScale = highestScale._max(scale)
            let lengthSum = ((width + height) + (leadingInset + trailingInset))
                + ((thumbWidth + thumbHeight) + (thickness + step))
            let signedSum = (minimum + maximum) + (value + translation)
            sum = sum + ((lengthSum + signedSum) + scale)
        }
    }

    /// `check` of the last `count` (1..<`width`) controls alone, in its own function (inlined
    /// beside the full groups, the optimizer merges the two paths' loads behind per-lane count
    /// tests); `merge(_:)` adds them to the full groups' checks. Returned rather than updated
    /// in place: an `inout` accumulator across a call keeps every running value in memory.
    @inlinable @inline(never)
    static func tail(_ fields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>, at index: Int, count: Int) -> Self {
        var checks = Self()
        checks.check(fields.pointee, at: index, count: count)
        return checks
    }

    /// Takes in the controls `other` took in: the lower minimums, the higher maximums, the
    /// sum of the sums (NaN or infinite if either is) and either's bad lanes.
    @inlinable @inline(__always)
    mutating func merge(_ other: Self) {
        // Only the fields the precision uses: the others then need no zeroing in memory.
        lowest = lowest._min(other.lowest)
        if !Lanes._isEightFloats {
            lowestSigned = lowestSigned._min(other.lowestSigned)
            highest = highest._max(other.highest)
            highestScale = highestScale._max(other.highestScale)
            sum = sum + other.sum
        } else {
            tooLarge = tooLarge .| other.tooLarge
        }
        tooLowMaximum = tooLowMaximum | other.tooLowMaximum
    }

    /// Whether every control taken in passes every rule.
    @inlinable @inline(__always)
    var allPassed: Bool {
        if Lanes._isEightFloats {
            // One mask, tested through its 64-bit words (`any(tooLarge)` is a longer reduction).
            return !((lowest < Lanes()) | tooLowMaximum | LaneMask<Scalar>._from32(tooLarge)).any
        }
        // Four `Double` lanes: each running value's halves folded into one before its test
        // (`_ThumbTrackValidation.anyBadFolded` says why, and why no answer changes). The
        // getter is `@inline(__always)`, as it is too long to be inlined otherwise.
        func minimum(_ v: SIMD4<Double>) -> SIMD2<Double> {
            v.highHalf.replacing(with: v.lowHalf, where: v.lowHalf .< v.highHalf)
        }
        func maximum(_ v: SIMD4<Double>) -> SIMD2<Double> {
            v.highHalf.replacing(with: v.lowHalf, where: v.lowHalf .> v.highHalf)
        }
        let limit = SIMD2<Double>(repeating: LayoutLimits.maximumLength)
        let total = sum._d.lowHalf + sum._d.highHalf
        var bad = (minimum(lowest._d) .< 0) .| (minimum(lowestSigned._d) .< -limit)
        bad = bad .| (maximum(highest._d) .> limit)
        bad = bad .| (maximum(highestScale._d) .> SIMD2(repeating: LayoutLimits.maximumDisplayScale))
        bad = bad .| .!((total - total) .== 0)
        bad = bad .| unsafeBitCast(tooLowMaximum.bits.lowHalf | tooLowMaximum.bits.highHalf, to: SIMDMask<SIMD2<Int64>>.self)
        let words = unsafeBitCast(bad, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }
}

/// Scratch memory of one `Slider._kernel` call.
@usableFromInline
struct _SliderScratch<Scalar: LayoutScalar> {
    /// Per control of the chunk: all ones where it snaps to a step grid.
    @usableFromInline var snaps: UnsafeMutablePointer<Scalar.SIMDMaskScalar>
    /// The controls that snap, listed (index in the chunk).
    @usableFromInline var origin: UnsafeMutablePointer<Int32>
    /// One lane group of listed controls: value, minimum, maximum, step, a lane group each.
    @usableFromInline var gathered: UnsafeMutablePointer<Scalar>

    @inlinable
    init(snaps: UnsafeMutablePointer<Scalar.SIMDMaskScalar>, origin: UnsafeMutablePointer<Int32>,
         gathered: UnsafeMutablePointer<Scalar>) {
        (self.snaps, self.origin, self.gathered) = (snaps, origin, gathered)
    }
}

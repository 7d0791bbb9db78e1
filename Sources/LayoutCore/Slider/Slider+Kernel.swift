// The batch kernel: the slider layout over structure-of-arrays columns, in lane groups of
// `LaneVector.width` controls. Each step mirrors a line of `Slider.layout(unchecked:)` and
// performs the same IEEE operations in the same order; the two agree bit for bit (see
// ControlSuiteTests and SliderExampleTests).
//
// As in the other kernels:
// - bytes (phase, direction) are loaded as floating-point lanes and compared with scalars;
// - every `if` and `switch` of the reference becomes "compute every branch, keep one with
//   `replacing(with:where:)`" (a bitwise select), so random phases and directions cost no
//   mispredictions; only the step grid, which only a lane that ends a pan with a step needs,
//   runs apart: on a lane group where one lane needs it (`_laneGroup`), or, in a `Double`
//   range longer than 32 controls, on those lanes packed together (`_kernel`);
// - `Swift.min(a, b)` and `Swift.max(a, b)` are `_min` and `_max` (one `minps`/`maxps`,
//   the same operand picked for every input including signed zeros);
// - `x / 2` is `x * 0.5`: both are the exactly rounded half of `x`, bit for bit;
// - the tail is padded with zeros and goes through the same lane code; padding lanes may
//   compute NaN or infinities (0 / 0), which is harmless and never stored.

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

    /// The kernel for the controls in `range`.
    ///
    /// `Float` ranges, and `Double` ranges of at most 32 controls (eight lane groups), go a
    /// lane group at a time, each group in one pass (`_laneGroup`: its value, the step grid
    /// on the group itself where one of its lanes snaps, its frames). Longer `Double` ranges
    /// go through `_kernel`'s chunks of passes, the step grid only for the lanes that need it
    /// (`Slider._onePassLength` says why the precisions differ). One full group runs in
    /// `_fullLaneGroup` (constant-length loads and stores, 48 instructions fewer than
    /// `_onePassGroups`'s loop), fewer controls in `_tail`, more in `_onePassGroups`.
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
        // Every edge the slider snaps lies in `0...W` or `0...H` (or is -0), and a valid
        // length is at most 2^20 points and a valid scale at most 4, so `x = edge * scale` is
        // in `0 ..< 2^p` (p = 23 for Float): the rounding needs no sign split and no test
        // against 2^p (see `_roundedToNearestOrAwayFromZero(threshold:)`):
        // `(x + 2^p) - 2^p` rounds ties to even; a tie that went down (`r - x == -0.5`) gets
        // one more; `x`'s sign bit goes back on, so -0 stays -0. Lanes that do not snap have
        // threshold +0 and scale 1 and come back as they are. (Invalid input, which only
        // `uncheckedLayout` lets through, gives meaningless results, as documented.)
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
    /// Whether every control passes every rule of `SliderColumns.validate()`, in one pass
    /// over the columns (columns of equal length assumed). It accepts exactly what the
    /// detailed pass accepts; on a "no" the caller runs that pass, which names the error.
    ///
    /// The byte columns go through the core's `.cases` scan. The numbers go a lane group
    /// at a time, and nothing is tested per group: three running extremes and a running sum
    /// are tested once at the end.
    /// - `lowest`, the minimum of the eight lengths and the scale, must be `>= 0`;
    ///   `lowestSigned`, the minimum of the four signed values, `>= -maximum`;
    /// - `highest`, the maximum of every number but the scale, must be `<= maximum`, and
    ///   `highestScale` `<= maximumDisplayScale`;
    /// - a running extreme can drop a NaN (`minps` and `maxps` return one operand when the
    ///   other is NaN), but the running sum of every number turns NaN for good and stays far
    ///   from overflow for valid values (13 values of at most 2^20 per control), so one
    ///   finiteness test at the end covers NaN, and infinities with it;
    /// - the cross-field rule `minimumValue <= maximumValue`, or-ed into `tooLowMaximum`.
    /// The zero padding of the tail passes every rule.
    @inlinable
    static func _allValid<Scalar: LayoutScalar>(
        _ fields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>, count: Int
    ) -> Bool {
        let p = fields.pointee
        // The byte columns (`_allBytes`: sixteen at a time, a short batch in one or two
        // windows); the case counts from each enumeration's last raw value, constants
        // (`allCases.count` made and freed an array on every call).
        guard _allBytes(UnsafePointer(p.phase.base), count: count, below: SliderPhase.cancelled.rawValue + 1),
              _allBytes(UnsafePointer(p.layoutDirection.base), count: count, below: LayoutDirection.rightToLeft.rawValue + 1)
        else { return false }

        // The numbers: full groups with a constant count, so every load is one instruction,
        // then the tail, padded with zeros.
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

    /// Lays out the controls in `range`, one chunk of `LaneScratch.chunkLength` controls at a
    /// time (`Double` ranges longer than `_onePassLength`).
    ///
    /// Only the lanes that end a pan on a slider with a step (`.ended`, `step > 0`) need the
    /// step grid. A plain lane-group loop runs it for every lane of a group where one lane
    /// needs it: in the benchmark's batch, where one control in eight snaps, about two
    /// `Double` groups in five. So each chunk goes in passes: (1) every lane group's
    /// value, clamped, and which lanes snap to a grid; (2) those lanes listed, gathered a lane
    /// group at a time, put on their grid and scattered back; (3) every lane group's frames
    /// from its value. Every lane gets exactly the reference's operations, wherever they run.
    ///
    /// The passes only see full lane groups; the last `1 ..< width` controls of `range` go
    /// through `_laneGroup`, every step in one pass.
    @inlinable
    static func _kernel<Scalar>(
        _ inputFields: UnsafePointer<SliderConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<SliderConfiguration<Scalar>.ResultFields>,
        range: Range<Int>
    ) {
        let q = inputFields.pointee, p = resultFields.pointee
        let fullEnd = range.upperBound &- range.count % LaneVector<Scalar>.width
        if range.lowerBound < fullEnd {
            // Each capacity is written out as a constant once specialized (see
            // `LaneScratch.chunkLength`), so that the stack-or-heap test folds away.
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
    // Callgrind per call, unchecked, the benchmark's batch where one control in eight snaps
    // (Docs/PerformanceHistory.md, "The slider's `Float` groups in one pass at every length"):
    // - Up to 32 controls one pass wins in both precisions (when it was introduced: `Float`
    //   16 controls 2,317 -> 2,035, 32: 4,249 -> 3,809; `Double` 16: 3,972 -> 3,794, 32:
    //   7,392 -> 7,243).
    // - `Float`, longer: one pass still executes fewer instructions (64 controls 7,665 ->
    //   6,894, 256: 28,837 -> 26,678, 1K: 114,583 -> 105,734, -7.7%) and ran 2-3% faster at
    //   1K and 16K. A group's grid shares its division with the test of which lanes snap, so
    //   on the whole group it costs little more than the passes' listing, gathering and
    //   scattering of its lanes.
    // - `Double`, longer: at 64 one pass saved 1% of the instructions and lost about 3% in the
    //   frame loop's wall-clock time.
    @inlinable
    static func _onePassLength<Scalar: LayoutScalar>(_: Scalar.Type) -> Int {
        MemoryLayout<Scalar>.size == 4 ? Int.max : 32
    }

    /// Lays out the controls in `range`: each full lane group in one pass (`_laneGroup`: its
    /// value, the step grid on the group itself where one of its lanes snaps, its frames);
    /// the last `1 ..< width` controls through `_tail`.
    // Until `_geometryLanes` became `@_transparent`, LLVM left it as a call here (with both
    // column structures copied for it), and this function ran the values and then the frames
    // in two passes instead: 4-9% more instructions per call than one pass now.
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
        // 1. Every lane's value before the grid (final for the lanes that do not snap), into
        //    the result column, and which lanes snap.
        var offset = 0
        while offset < count {
            let (newValue, snaps) = _valueLanes(q, at: start &+ offset, count: width)
            newValue.store(to: p.value, at: start &+ offset, count: width)
            UnsafeMutableRawPointer(scratch.snaps + offset).storeBytes(of: snaps, as: LaneMask<Scalar>.self)
            offset &+= width
        }
        // 2. The lanes that snap, listed (branch-free: every index is written, the count only
        //    grows past it where the lane snaps), then a lane group of them at a time: their
        //    value and range gathered, put on the grid, scattered back. The last group's
        //    missing lanes repeat its first lane and are not written back.
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

    /// Pass 3 of `_chunk`, in its own function: inlined in `_chunk`, whose other passes make
    /// it large, the lane group's code was left as a call with a variable count.
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
    /// `layout(unchecked:)` in lanes. The step grid is skipped when no lane of the group
    /// snaps to one.
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

    /// The value of `count` (1...`width`) sliders from `index` before the step grid: `.none`
    /// clamps `value`; `.changed` and `.ended` clamp it moved (not where there is no
    /// travel); `.cancelled` keeps it as it is. And the lanes that snap to a step grid
    /// (`.ended` with `step > 0`, and a grid no finer than the value's precision): their
    /// value goes through `_gridPoints` (a lane that snaps is never `.cancelled`).
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

        // The reference's `isRightToLeft ? -dx : dx` is a flip of the sign bit where the lane
        // is RTL.
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
    // `@_transparent`, not `@inline(__always)`: with the latter, the generic specializer made
    // this function a separate worker wherever a lane group runs in one pass (`_tail`,
    // `_onePassGroups`), a call that copied both column structures (31 words) onto the stack,
    // and left `store(count:)` below a call too: 118 instructions of a one-group call.
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
        // Four selects rather than two `Lanes.swapped` (which share `splitX`): with the
        // exchanges, LLVM rebuilt the three snapped edges with lane shuffles (26 `shufps`, 13%
        // more instructions per control).
        let minimumLeft = leadingX.replacing(with: splitX, where: isRightToLeft)
        let minimumRight = splitX.replacing(with: leadingX, where: isRightToLeft)
        let maximumLeft = splitX.replacing(with: trailingX, where: isRightToLeft)
        let maximumRight = trailingX.replacing(with: splitX, where: isRightToLeft)
        let thumbY = thumbTop._sliderSnapped(snapping)
        let thumbMaxY = thumbBottom._sliderSnapped(snapping)
        let trackY = trackTop._sliderSnapped(snapping)
        let trackMaxY = trackBottom._sliderSnapped(snapping)
        let trackHeight = Lanes._sliderLength(trackY, trackMaxY)

        // The fourteen stores, behind one test of the count instead of one each: a full group
        // (the passes, `_onePassGroups`, `_fullLaneGroup`) has `count` a constant, so every store
        // is one instruction; `_tail`'s partial group (its count is known here only as a
        // variable) tests it once, and each store's own full-group test folds behind it.
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

/// The running extremes of `Slider._allValid` (a struct with inlined methods rather than a
/// nested function: a nested function that captures them was compiled as a call per lane
/// group, with its loads' count unknown).
///
/// Each group's numbers are first combined among themselves, as balanced trees, and only the
/// group's result goes into the running value: a running value that takes every column in
/// turn is a chain of 13 dependent operations per group (LLVM does not reassociate
/// floating-point operations on its own).
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
    /// beside the full groups, LLVM merged the two paths' loads behind per-lane count tests);
    /// `merge(_:)` adds them to the full groups' checks.
    // Returned rather than updated in place: an `inout` accumulator for a call kept every
    // running value in memory, zeroed before the groups and written back after them (about
    // 25 instructions per batch, callgrind at 8 controls).
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
        // Only the fields the precision uses: the others are never read, and left out here
        // LLVM no longer zeroes them in memory before the groups (eight stores for `Float`).
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
            // One mask, tested through its 64-bit words: the stdlib's `any(tooLarge)` was a
            // reduction of 17 instructions (three rounds of compare and select).
            return !((lowest < Lanes()) | tooLowMaximum | LaneMask<Scalar>._from32(tooLarge)).any
        }
        // Four `Double` lanes: each running value's two halves folded into one before its
        // test (`_ThumbTrackValidation.anyBadFolded` says why and that it keeps every answer;
        // a NaN a fold drops makes the sum NaN): 22 instructions fewer per call (callgrind, 8
        // controls). Longer, this getter was no longer inlined without `@inline(__always)`,
        // and its call cost 30 instructions.
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

// The batch kernel: the toggle transition over structure-of-arrays columns, branch-free. Each
// line mirrors a line of `ToggleTransition.layout(unchecked:)` with the same IEEE operations in
// the same order, so the two agree bit for bit (ControlSuiteTests,
// ToggleTransitionDifferentialTests). Every `if` of the reference computes both sides and keeps
// one per lane (`replacing(with:where:)`), so random states, curves and modes cost no
// mispredictions; raw values are compared as floating-point lanes. `_kernel` runs chunks of
// lane groups in three passes, the ease-in-ease-out solver only on the lanes that need it.
// The solver is the reference's chord across the reference's bracket; the bracket, a multiple
// of 2^-9, comes from a table and one node's `X` instead of nine dependent bisection steps
// (`ToggleEasing.easeInOutTabulated` shows why it is the same bracket): a small integer
// computed another way, exactly. Every floating-point operation that makes a value is the
// reference's.

extension ToggleTransitionConfiguration {
    /// The fused pass: every rule at once.
    @inlinable
    public static func _allValid(_ input: UnsafePointer<InputFields>, count: Int) -> Bool? {
        fusedValidation(input, count: count)
    }

    /// Not API: the kernel's passes take whole lane groups only; the batch runs the last,
    /// partial group in a zero-padded scratch group (`LaneGroups.layoutScratchGroup`), whose
    /// padding lanes compute NaN (0 / 0), never stored.
    @inlinable
    public static var _takesFullGroupsOnly: Bool { true }

    /// The kernel for the controls in `range`: one lane group in one pass (`_laneGroup`), two
    /// `Double` groups in `_shortRange`, more in `_kernel`'s chunks (all in `ToggleTransition`).
    @inlinable
    public static func _layout(
        _ input: UnsafePointer<InputFields>, _ output: UnsafePointer<ResultFields>, range: Range<Int>
    ) {
        if range.count <= LaneVector<Scalar>.width {
            // Whole lane groups only (`_takesFullGroupsOnly`): none or one.
            if !range.isEmpty { ToggleTransition._laneGroup(input, output, at: range.lowerBound) }
            return
        }
        if range.count == 2 &* LaneVector<Scalar>.width, range.count <= ToggleTransition._shortRangeLength {
            ToggleTransition._shortRange(input, output, range: range)
            return
        }
        ToggleTransition._kernel(input, output, range: range)
    }

    /// Not API: one full lane group (`count == _laneWidth`) through the chunked kernel (the
    /// batch entry points use `_layout`, and run a partial group in a padded scratch group).
    @inlinable
    public static func _layoutLaneGroup(_ input: InputFields, _ output: ResultFields, at index: Int, count: Int) {
        withUnsafePointer(to: input) { input in
            withUnsafePointer(to: output) { output in
                ToggleTransition._kernel(input, output, range: index ..< index + count)
            }
        }
    }

    /// Whether every value of every column passes the rules of `validate()` (`FieldRule`'s
    /// comparisons, raw values as floating-point lanes), all columns at once, a group at a time.
    @inlinable
    static func fusedValidation(_ fields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.InputFields>, count: Int) -> Bool {
        let p = fields.pointee
        typealias Lanes = LaneVector<Scalar>
        let zero = Lanes()
        let maximumLength = Lanes(repeating: Scalar(LayoutLimits.maximumLength))
        let largest = Lanes(repeating: Scalar.greatestFiniteMagnitude)
        // Case counts from each enumeration's last raw value, constants: `allCases` would build
        // and free an array on every call (the tests hold this pass to the schema's rules).
        let stateCount = Lanes(repeating: Scalar(ToggleState.indeterminate.rawValue) + 1)
        let targetCount = Lanes(repeating: Scalar(Self.targetStateCount))
        let curveCount = Lanes(repeating: Scalar(ToggleTransitionCurve.easeInOut.rawValue) + 1)
        let flagCount = Lanes(repeating: 2)
        let modeCount = Lanes(repeating: Scalar(LayoutMode.legacy.rawValue) + 1)
        var valid = zero == zero
        @inline(__always) func check(_ index: Int, _ lanes: Int) {
            @inline(__always) func length(_ column: Field<Scalar>) -> LaneMask<Scalar> {
                let v = Lanes.load(column, at: index, count: lanes)
                return (v >= zero) & (v <= maximumLength)
            }
            @inline(__always) func raw(_ column: Field<UInt8>, below caseCount: Lanes) -> LaneMask<Scalar> {
                Lanes.load(column, at: index, count: lanes) < caseCount
            }
            var ok = length(p.width) & length(p.height)
            ok = ok & length(p.offImageWidth) & length(p.offImageHeight)
            ok = ok & length(p.onImageWidth) & length(p.onImageHeight)
            ok = ok & length(p.indeterminateImageWidth) & length(p.indeterminateImageHeight)
            let elapsed = Lanes.load(p.elapsed, at: index, count: lanes)
            ok = ok & (elapsed >= zero - largest) & (elapsed <= largest)
            // Padding lanes of a tail hold 1 here: 0 is not a valid duration.
            let duration = Lanes.load(p.duration, at: index, count: lanes, padding: 1)
            ok = ok & (duration > zero) & (duration <= largest)
            ok = ok & raw(p.from, below: stateCount) & raw(p.to, below: targetCount)
            ok = ok & raw(p.curve, below: curveCount) & raw(p.animated, below: flagCount)
            ok = ok & raw(p.mode, below: modeCount)
            valid = valid & ok
        }
        var index = 0
        let width = LaneVector<Scalar>.width
        while count &- index >= width {
            check(index, width)
            index &+= width
        }
        if index < count { check(index, count &- index) }
        return !(!valid).any
    }

}

/// Scratch memory of one `_kernel` call: one chunk's intermediate values.
@usableFromInline
struct _ToggleScratch<Scalar: LayoutScalar> {
    /// Per control of the chunk: its progress, then (once solved) its eased progress.
    @usableFromInline var eased: UnsafeMutablePointer<Scalar>
    /// Per control of the chunk: all ones where it needs the easing solver.
    @usableFromInline var needsSolver: UnsafeMutablePointer<Scalar.SIMDMaskScalar>
    /// Per control of the chunk: all ones where it is at rest (`_atRest`).
    @usableFromInline var atRest: UnsafeMutablePointer<Scalar.SIMDMaskScalar>
    /// The progress of the controls that need the solver, packed; solved in place.
    @usableFromInline var solving: UnsafeMutablePointer<Scalar>
    /// Where each packed value came from (index in the chunk).
    @usableFromInline var origin: UnsafeMutablePointer<Int32>

    @inlinable
    init(eased: UnsafeMutablePointer<Scalar>, needsSolver: UnsafeMutablePointer<Scalar.SIMDMaskScalar>,
         atRest: UnsafeMutablePointer<Scalar.SIMDMaskScalar>, solving: UnsafeMutablePointer<Scalar>,
         origin: UnsafeMutablePointer<Int32>) {
        (self.eased, self.needsSolver, self.atRest, self.solving, self.origin) = (eased, needsSolver, atRest, solving, origin)
    }
}

/// The lanes that need the easing solver, packed side by side so that one run of the solver
/// serves them all, then put back (in a chunk, and in two `Double` groups).
@usableFromInline
enum _SolverLanes {
    /// Copies `values[index]` for each `index` in `0..<count` where `isSolved(index)` is 1 (it
    /// is 0 elsewhere) to the front of `packed`, in order, with its index in `origin`; returns
    /// how many. Branch-free: every value is written at the packed count, which grows past it
    /// only where the value is solved (so `packed` and `origin` need room for `count`).
    @inlinable @inline(__always)
    static func pack<Scalar>(
        _ values: UnsafePointer<Scalar>, count: Int, into packed: UnsafeMutablePointer<Scalar>,
        origin: UnsafeMutablePointer<Int32>, isSolved: (Int) -> Int
    ) -> Int {
        var packedCount = 0
        for index in 0..<count {
            packed[packedCount] = values[index]
            origin[packedCount] = Int32(truncatingIfNeeded: index)
            packedCount &+= isSolved(index)
        }
        return packedCount
    }

    /// Puts the first `count` packed values back where `pack` took them from.
    @inlinable @inline(__always)
    static func scatter<Scalar>(
        _ packed: UnsafePointer<Scalar>, count: Int, origin: UnsafePointer<Int32>, into values: UnsafeMutablePointer<Scalar>
    ) {
        for value in 0..<count { values[Int(origin[value])] = packed[value] }
    }
}

extension ToggleTransition {
    /// Computes the controls in `range`, one chunk at a time.
    ///
    /// Only the controls animating along `.easeInOut` need the easing solver (about 50 vector
    /// operations and eight scalar loads per lane group); a plain lane-group loop would waste
    /// it on the other lanes, three quarters of a random batch. So each chunk goes in three
    /// passes: (1) each lane group's progress, and which lanes need the solver; (2) those
    /// lanes packed, solved a lane group at a time, scattered back; (3) each lane group's
    /// layers. The solver is a per-value function, so every lane gets the reference's values
    /// wherever it runs. `range` holds whole lane groups (`_takesFullGroupsOnly`).
    @inlinable
    static func _kernel<Scalar>(
        _ inputFields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.ResultFields>, range: Range<Int>
    ) {
        let input = inputFields.pointee, output = resultFields.pointee
        // Every scratch value is written before it is read (`_chunk` pads the one exception):
        // no clearing. Each capacity is a constant once specialized, so the stack-or-heap test
        // folds away even in separate closures.
        withUnsafeTemporaryAllocation(of: Scalar.self, capacity: LaneScratch.chunkLength(Scalar.self)) { eased in
        withUnsafeTemporaryAllocation(of: Scalar.self, capacity: LaneScratch.chunkLength(Scalar.self)) { solving in
        withUnsafeTemporaryAllocation(of: Scalar.SIMDMaskScalar.self, capacity: LaneScratch.chunkLength(Scalar.self)) { needsSolver in
        withUnsafeTemporaryAllocation(of: Scalar.SIMDMaskScalar.self, capacity: LaneScratch.chunkLength(Scalar.self)) { atRest in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: LaneScratch.chunkLength(Scalar.self)) { origin in
            let chunk = LaneScratch.chunkLength(Scalar.self)
            let scratch = _ToggleScratch<Scalar>(
                eased: eased.baseAddress!, needsSolver: needsSolver.baseAddress!, atRest: atRest.baseAddress!,
                solving: solving.baseAddress!, origin: origin.baseAddress!)
            var start = range.lowerBound
            while start < range.upperBound {
                let count = Swift.min(chunk, range.upperBound - start)
                _chunk(input, output, scratch, at: start, count: count)
                start += count
            }
        }}}}}
    }

    /// The longest range that skips `_kernel`'s chunks: eight controls, one `Float` lane group
    /// (`_laneGroup`) or two `Double` (`_shortRange`: one solver run for both, with constant
    /// counts and its buffers on the stack). On one group the chunks' listing, packing and
    /// scattering cost more than they save; from 16 `Float` controls on the chunks are faster
    /// than a group at a time (`layout-bench frame`, Docs/Benchmarks.md).
    @inlinable
    static var _shortRangeLength: Int { 8 }

    /// Lays out two lane groups of `Double` controls (`range.count == 8`): `_chunk`'s three
    /// passes without its scratch columns, the lanes that need the solver solved in one run
    /// (`_easedLanes(_:_:solving:_:)`); the same operations per lane as `_kernel`.
    @inlinable @inline(never)
    static func _shortRange<Scalar>(
        _ inputFields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.ResultFields>, range: Range<Int>
    ) {
        let input = inputFields.pointee, output = resultFields.pointee
        let width = LaneVector<Scalar>.width, start = range.lowerBound
        let first = _begin(input, at: start), second = _begin(input, at: start &+ width)
        var eased = (first.progress, second.progress)
        if (first.needsSolver | second.needsSolver)._anyLane {
            eased = _easedLanes(first.progress, second.progress, solving: first.needsSolver, second.needsSolver)
        }
        _finish(input, output, eased: eased.0, atRest: first.atRest, at: start)
        _finish(input, output, eased: eased.1, atRest: second.atRest, at: start &+ width)
    }

    /// Two lane groups' `progress` with the ease-in-ease-out value in the lanes of `solving`:
    /// those lanes packed, solved in one run (one lane group where at most a group's width need
    /// it, the common case, else two, one after the other) and put back, as `_chunk` does.
    @inlinable @inline(never)
    static func _easedLanes<Scalar>(
        _ firstProgress: LaneVector<Scalar>, _ secondProgress: LaneVector<Scalar>,
        solving firstSolving: LaneMask<Scalar>, _ secondSolving: LaneMask<Scalar>
    ) -> (LaneVector<Scalar>, LaneVector<Scalar>) {
        typealias Lanes = LaneVector<Scalar>
        return withUnsafeTemporaryAllocation(of: Scalar.self, capacity: 4 &* LaneScratch.maximumLaneWidth) { buffer in
        withUnsafeTemporaryAllocation(of: Scalar.SIMDMaskScalar.self, capacity: 2 &* LaneScratch.maximumLaneWidth) { needs in
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 &* LaneScratch.maximumLaneWidth) { origin in
            // The width is read here, not captured: captured, it is a variable in the closure,
            // and every load and store takes its partial-count path (element by element).
            let width = Lanes.width
            let values = buffer.baseAddress!, packed = values + 2 &* width
            let needsSolver = needs.baseAddress!, origin = origin.baseAddress!
            firstProgress.store(to: values, at: 0, count: width)
            secondProgress.store(to: values, at: width, count: width)
            // `packed` starts as a copy: its lanes past the packed count hold some control's
            // progress, solved and never read back.
            firstProgress.store(to: packed, at: 0, count: width)
            secondProgress.store(to: packed, at: width, count: width)
            UnsafeMutableRawPointer(needsSolver).storeBytes(of: firstSolving, as: LaneMask<Scalar>.self)
            UnsafeMutableRawPointer(needsSolver + width).storeBytes(of: secondSolving, as: LaneMask<Scalar>.self)
            let packedCount = _SolverLanes.pack(values, count: 2 &* width, into: packed, origin: origin) {
                Int(truncatingIfNeeded: needsSolver[$0] & 1)
            }
            ToggleEasing.easeInOutTabulated(Lanes.load(packed, at: 0, count: width)).store(to: packed, at: 0, count: width)
            if packedCount > width {
                ToggleEasing.easeInOutTabulated(Lanes.load(packed, at: width, count: width)).store(to: packed, at: width, count: width)
            }
            _SolverLanes.scatter(packed, count: packedCount, origin: origin, into: values)
            return (Lanes.load(values, at: 0, count: width), Lanes.load(values, at: width, count: width))
        }}}
    }

    /// Lays out the lane group at `index` in one pass, with `_kernel`'s operations per lane:
    /// the progress, the solver on the whole group where a lane needs it (the tabulated solver
    /// is short: packing those lanes saves nothing), then the layers. One group, not a loop: a
    /// loop keeps the column addresses on the stack and reads them back.
    @inlinable @inline(never)
    static func _laneGroup<Scalar>(
        _ inputFields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.InputFields>,
        _ resultFields: UnsafePointer<ToggleTransitionConfiguration<Scalar>.ResultFields>, at index: Int
    ) {
        let input = inputFields.pointee, output = resultFields.pointee
        let group = _begin(input, at: index)
        var eased = group.progress
        if group.needsSolver.any {
            eased = group.progress.replacing(with: ToggleEasing.easeInOutTabulated(group.progress), where: group.needsSolver)
        }
        _finish(input, output, eased: eased, atRest: group.atRest, at: index)
    }

    /// The three passes over `count` controls from `start` (a multiple of the lane width, at
    /// most `LaneScratch.chunkLength`).
    @inlinable
    static func _chunk<Scalar>(
        _ input: ToggleTransitionConfiguration<Scalar>.InputFields,
        _ output: ToggleTransitionConfiguration<Scalar>.ResultFields,
        _ scratch: _ToggleScratch<Scalar>, at start: Int, count: Int
    ) {
        typealias Lanes = LaneVector<Scalar>
        // 1. Progress, and which lanes need the solver.
        var offset = 0
        while offset < count {
            let group = _begin(input, at: start + offset)
            group.progress.store(to: scratch.eased, at: offset, count: Lanes.width)
            UnsafeMutableRawPointer(scratch.needsSolver + offset)
                .storeBytes(of: group.needsSolver, as: LaneMask<Scalar>.self)
            UnsafeMutableRawPointer(scratch.atRest + offset).storeBytes(of: group.atRest, as: LaneMask<Scalar>.self)
            offset += Lanes.width
        }
        // 2. The lanes that need the solver packed (`_SolverLanes`), solved, scattered back.
        let solvingCount = _SolverLanes.pack(scratch.eased, count: count, into: scratch.solving, origin: scratch.origin) {
            Int(truncatingIfNeeded: scratch.needsSolver[$0] & 1)
        }
        // The solver reads whole lane groups (the scratch holds whole groups): pad the last.
        var padding = solvingCount
        while padding % Lanes.width != 0 {
            scratch.solving[padding] = 0
            padding += 1
        }
        _solve(scratch.solving, count: solvingCount)
        _SolverLanes.scatter(scratch.solving, count: solvingCount, origin: scratch.origin, into: scratch.eased)
        // 3. Every layer from the eased progress.
        offset = 0
        while offset < count {
            let atRest = UnsafeRawPointer(scratch.atRest + offset).loadUnaligned(as: LaneMask<Scalar>.self)
            _finish(input, output, eased: Lanes.load(scratch.eased, at: offset, count: Lanes.width), atRest: atRest, at: start + offset)
            offset += Lanes.width
        }
    }

    /// Replaces `values[0..<count]` by their ease-in-ease-out values, a lane group at a time
    /// (the tabulated solver has no long dependency chain for neighbouring groups to overlap).
    @inlinable
    static func _solve<Scalar: LayoutScalar>(_ values: UnsafeMutablePointer<Scalar>, count: Int) {
        typealias Lanes = LaneVector<Scalar>
        let w = Lanes.width
        var index = 0
        // The last group may read and write up to `w - 1` values past `count`, padded by
        // `_chunk`: those lanes are unused.
        while index < count {
            ToggleEasing.easeInOutTabulated(Lanes.load(values, at: index, count: w)).store(to: values, at: index, count: w)
            index += w
        }
    }

    /// The progress `clamp(t / d, 0, 1)` of the lane group at `index`, and which lanes need
    /// the easing solver: animating (not at rest) along `.easeInOut`.
    @inlinable @inline(__always)
    static func _begin<Scalar>(
        _ p: ToggleTransitionConfiguration<Scalar>.InputFields, at index: Int
    ) -> (progress: LaneVector<Scalar>, needsSolver: LaneMask<Scalar>, atRest: LaneMask<Scalar>) {
        typealias Lanes = LaneVector<Scalar>
        let elapsed = Lanes.load(p.elapsed, at: index, count: Lanes.width)
        let duration = Lanes.load(p.duration, at: index, count: Lanes.width)
        let isEaseInOut = Lanes.load(p.curve, at: index, count: Lanes.width) == Scalar(ToggleTransitionCurve.easeInOut.rawValue)
        let atRest = _atRest(p, at: index, elapsed: elapsed, duration: duration)
        let progress = (elapsed / duration)._max(Lanes())._min(Lanes(repeating: 1))
        return (progress, isEaseInOut & !atRest, atRest)
    }

    /// `!animated || from == to || t >= d` per lane.
    @inlinable @inline(__always)
    static func _atRest<Scalar>(
        _ p: ToggleTransitionConfiguration<Scalar>.InputFields, at index: Int,
        elapsed: LaneVector<Scalar>, duration: LaneVector<Scalar>
    ) -> LaneMask<Scalar> {
        typealias Lanes = LaneVector<Scalar>
        let animated = Lanes.load(p.animated, at: index, count: Lanes.width)
        let from = Lanes.load(p.from, at: index, count: Lanes.width)
        let to = Lanes.load(p.to, at: index, count: Lanes.width)
        return !(animated == 1) | (from == to) | (elapsed >= duration)
    }

    /// Every layer's alpha, scale and frame for the lane group at `index` (`layout(unchecked:)`
    /// in lanes), from `e`, the eased progress of the lanes that animate (anything for the
    /// others), and the lanes at rest (`_begin`'s, kept from the first pass).
    @inlinable @inline(__always)
    static func _finish<Scalar>(
        _ input: ToggleTransitionConfiguration<Scalar>.InputFields,
        _ output: ToggleTransitionConfiguration<Scalar>.ResultFields, eased e: LaneVector<Scalar>,
        atRest: LaneMask<Scalar>, at index: Int
    ) {
        typealias Lanes = LaneVector<Scalar>
        let count = Lanes.width
        let zero = Lanes(), one = Lanes(repeating: 1)
        let from = Lanes.load(input.from, at: index, count: count)
        let to = Lanes.load(input.to, at: index, count: count)
        let mode = Lanes.load(input.mode, at: index, count: count)

        let isLegacy = (mode == Scalar(LayoutMode.legacy.rawValue))
        let fromIsIndeterminate = (from == Scalar(ToggleState.indeterminate.rawValue))
        let incomingIsOn = (to == Scalar(ToggleState.on.rawValue))
        // Each layer's alpha at rest in `from` and in `to`.
        let offInFrom = zero.replacing(with: one, where: from == Scalar(ToggleState.off.rawValue))
        let onInFrom = zero.replacing(with: one, where: from == Scalar(ToggleState.on.rawValue))
        let indeterminateInFrom = zero.replacing(with: one, where: fromIsIndeterminate)
        let offInTo = zero.replacing(with: one, where: to == Scalar(ToggleState.off.rawValue))
        let onInTo = zero.replacing(with: one, where: incomingIsOn)
        let indeterminateInTo = zero.replacing(with: one, where: to == Scalar(ToggleState.indeterminate.rawValue))

        // Animating: from the rest alphas in `from` towards `to`.
        let incomingFrom = offInFrom.replacing(with: onInFrom, where: incomingIsOn)
        let outgoingFrom = onInFrom.replacing(with: offInFrom, where: incomingIsOn)
        let incomingAlpha = incomingFrom + (one - incomingFrom) * e
        let incomingScale = Lanes(repeating: 0.1) + (one - Lanes(repeating: 0.1)) * e
        let outgoingAlpha = outgoingFrom + (zero - outgoingFrom) * e
        let outgoingScale = one + (Lanes(repeating: 2) - one) * e
        var offAlpha = incomingAlpha.replacing(with: outgoingAlpha, where: incomingIsOn)
        var offScale = incomingScale.replacing(with: outgoingScale, where: incomingIsOn)
        var onAlpha = outgoingAlpha.replacing(with: incomingAlpha, where: incomingIsOn)
        var onScale = outgoingScale.replacing(with: incomingScale, where: incomingIsOn)
        var indeterminateAlpha = indeterminateInFrom + (zero - indeterminateInFrom) * e

        // At rest in `to`: its layer alone, every scale 1.
        offAlpha = offAlpha.replacing(with: offInTo, where: atRest)
        onAlpha = onAlpha.replacing(with: onInTo, where: atRest)
        indeterminateAlpha = indeterminateAlpha.replacing(with: indeterminateInTo, where: atRest)
        offScale = offScale.replacing(with: one, where: atRest)
        onScale = onScale.replacing(with: one, where: atRest)

        // `.legacy` from indeterminate: a request other than `.on` leaves the rest of `from`;
        // the indeterminate layer stays visible in any case.
        let legacyFromIndeterminate = isLegacy & fromIsIndeterminate
        let legacyIgnores = legacyFromIndeterminate & !incomingIsOn
        offAlpha = offAlpha.replacing(with: offInFrom, where: legacyIgnores)
        onAlpha = onAlpha.replacing(with: onInFrom, where: legacyIgnores)
        indeterminateAlpha = indeterminateAlpha.replacing(with: indeterminateInFrom, where: legacyIgnores)
        offScale = offScale.replacing(with: one, where: legacyIgnores)
        onScale = onScale.replacing(with: one, where: legacyIgnores)
        indeterminateAlpha = indeterminateAlpha.replacing(with: one, where: legacyFromIndeterminate)

        // Frames: each image centered in the bounds, scaled about the center.
        let width = Lanes.load(input.width, at: index, count: count)
        let height = Lanes.load(input.height, at: index, count: count)
        let o = output
        func store(_ alpha: Lanes, _ scale: Lanes, imageWidth: Field<Scalar>, imageHeight: Field<Scalar>,
                   to columns: (alpha: Field<Scalar>, scale: Field<Scalar>, x: Field<Scalar>, y: Field<Scalar>,
                                width: Field<Scalar>, height: Field<Scalar>)) {
            // One layer: its image scaled, then centered in the bounds.
            let imageWidth = Lanes.load(imageWidth, at: index, count: count) * scale
            let imageHeight = Lanes.load(imageHeight, at: index, count: count) * scale
            alpha.store(to: columns.alpha, at: index, count: count)
            scale.store(to: columns.scale, at: index, count: count)
            ((width - imageWidth) * Lanes(repeating: 0.5)).store(to: columns.x, at: index, count: count)
            ((height - imageHeight) * Lanes(repeating: 0.5)).store(to: columns.y, at: index, count: count)
            imageWidth.store(to: columns.width, at: index, count: count)
            imageHeight.store(to: columns.height, at: index, count: count)
        }
        store(offAlpha, offScale, imageWidth: input.offImageWidth, imageHeight: input.offImageHeight,
              to: (o.offAlpha, o.offScale, o.offX, o.offY, o.offWidth, o.offHeight))
        store(onAlpha, onScale, imageWidth: input.onImageWidth, imageHeight: input.onImageHeight,
              to: (o.onAlpha, o.onScale, o.onX, o.onY, o.onWidth, o.onHeight))
        // The indeterminate layer's scale is always 1: `* 1` is exact, the reference's bits.
        store(indeterminateAlpha, one, imageWidth: input.indeterminateImageWidth,
              imageHeight: input.indeterminateImageHeight,
              to: (o.indeterminateAlpha, o.indeterminateScale, o.indeterminateX, o.indeterminateY,
                   o.indeterminateWidth, o.indeterminateHeight))
    }
}

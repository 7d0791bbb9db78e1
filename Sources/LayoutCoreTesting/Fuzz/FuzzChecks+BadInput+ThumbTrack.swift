import LayoutCore

extension BadInputFuzzChecks {
    static let thumbFields = [
        "width", "height", "inset", "segmentCount", "selectedIndex", "translation", "velocity",
        "phase", "layoutDirection", "snapping", "projectionRate", "rubberBand", "mode",
    ]

    static func checkThumbTrack<S: LayoutScalar>(_ source: inout FuzzSource, as: S.Type) throws(FuzzFinding) {
        let storage = FuzzStorage.lease { ThumbTrackBadInput<S>() }
        defer { FuzzStorage.release(storage) }
        try storage.pointee.check(&source)
    }
}

/// The thumb-track part of the bad-input check, with storage reused between inputs.
///
/// The oracle follows `ThumbTrackColumns.validate()`'s documentation: lengths first; then the
/// lowest element index, and there, in this order: width, height, inset (lengths), segment
/// count (2...255), selected index (below the count), translation and velocity (signed
/// lengths), phase, direction, snapping kind, projection rate (finite; in 0 < rate < 1 where
/// the kind is projected), rubber band (0 or 1), mode; then the rules that tie fields together
/// (`2 * inset <= width`, `2 * inset <= height`, `.legacy` has two segments and inset 1).
struct ThumbTrackBadInput<S: LayoutScalar> {
    var columns = ThumbTrackArrays<S>()
    var batch = ThumbTrackColumns<S>()
    var output = ThumbTrackResultColumns<S>()
    var unchecked = ThumbTrackResultColumns<S>()
    // Reused between inputs (under ASan an allocation costs about a microsecond).
    var lengths: [Int] = []
    var configurations: [ThumbTrackConfiguration<S>] = []
    var rebuilt = ThumbTrackColumns<S>()

    static var maximum: S { S(LayoutLimits.maximumLength) }


    /// Decodes the columns; returns their lengths in declaration order.
    mutating func decode(_ source: inout FuzzSource) -> [Int] {
        BadInputFuzzChecks.columnLengths(&source, columns: BadInputFuzzChecks.thumbFields.count, into: &lengths)
        let allClean = BadInputFuzzChecks.allClean(&source)
        columns.removeAll(keepingCapacity: true)
        let maximum = Self.maximum
        for index in 0..<(lengths.max() ?? 0) {
            let dirty = !allClean && source.next(below: 4) == 0
            func has(_ field: Int) -> Bool { index < lengths[field] }
            // A valid control is built first (so that its fields agree with each other), then
            // dirty elements get raw values field by field.
            // A clean `.legacy` control is the seed's (two segments, inset 1); a dirty one may
            // break that rule too.
            let legacy = source.next(below: 4) == 0
            let n = legacy && !dirty ? 2 : 2 + source.next(below: dirty ? 4 : 6)
            var inset: S = legacy ? 1 : BadInputFuzzChecks.rawValue(&source, upper: 40, dirty: false)
            var width: S = 2 * inset + BadInputFuzzChecks.rawValue(&source, upper: maximum / 2, dirty: false)
            var height: S = 2 * inset + BadInputFuzzChecks.rawValue(&source, upper: maximum / 2, dirty: false)
            var count = UInt8(n)
            var selected = UInt8(source.next(below: n))
            var rate: S = source.next(below: 2) == 0 ? 0 : 0.998
            var kind: UInt8 = rate == 0 ? 0 : 1
            if dirty {
                width = BadInputFuzzChecks.rawValue(&source, upper: maximum, dirty: true)
                height = BadInputFuzzChecks.rawValue(&source, upper: maximum, dirty: true)
                inset = BadInputFuzzChecks.rawValue(&source, upper: maximum, dirty: true)
                if source.next(below: 4) == 0 { count = source.nextByte() }
                if source.next(below: 4) == 0 { selected = source.nextByte() }
                kind = BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: true)
                rate = BadInputFuzzChecks.rawValue(&source, lower: 0, upper: 1, exclusive: true, dirty: true)
            }
            if has(0) { columns.width.append(width) }
            if has(1) { columns.height.append(height) }
            if has(2) { columns.inset.append(inset) }
            if has(3) { columns.segmentCount.append(count) }
            if has(4) { columns.selectedIndex.append(selected) }
            let translation: S = BadInputFuzzChecks.rawValue(&source, lower: -maximum, upper: maximum, dirty: dirty)
            let velocity: S = BadInputFuzzChecks.rawValue(&source, lower: -maximum, upper: maximum, dirty: dirty)
            if has(5) { columns.translation.append(translation) }
            if has(6) { columns.velocity.append(velocity) }
            let phase = BadInputFuzzChecks.rawCase(&source, caseCount: 3, dirty: dirty)
            let direction = BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: dirty)
            if has(7) { columns.phase.append(phase) }
            if has(8) { columns.layoutDirection.append(direction) }
            if has(9) { columns.snapping.append(kind) }
            if has(10) { columns.projectionRate.append(rate) }
            let rubber = BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: dirty)
            let mode = legacy ? 1 : BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: dirty)
            if has(11) { columns.rubberBand.append(rubber) }
            if has(12) { columns.mode.append(mode) }
        }
        return lengths
    }

    func expectedError(lengths: [Int]) -> LayoutError? {
        if let error = BadInputFuzzChecks.expectedLengthError(names: BadInputFuzzChecks.thumbFields, lengths: lengths) {
            return error
        }
        let maximum = Self.maximum
        let c = columns
        for i in 0..<lengths[0] {
            if let e = BadInputFuzzChecks.expectedProblem(c.width[i], upper: maximum, field: "width", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedProblem(c.height[i], upper: maximum, field: "height", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedProblem(c.inset[i], upper: maximum, field: "inset", index: i) { return e }
            if c.segmentCount[i] < 2 {
                return LayoutError(index: i, field: "segmentCount", value: Double(c.segmentCount[i]),
                                   problem: .outOfRange(expected: "2...255"))
            }
            if c.selectedIndex[i] >= c.segmentCount[i] {
                return LayoutError(index: i, field: "selectedIndex", value: Double(c.selectedIndex[i]),
                                   problem: .outOfRange(expected: "below the segment count"))
            }
            if let e = BadInputFuzzChecks.expectedProblem(c.translation[i], lower: -maximum, upper: maximum, field: "translation", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedProblem(c.velocity[i], lower: -maximum, upper: maximum, field: "velocity", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.phase[i], caseCount: 3, field: "phase", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.layoutDirection[i], caseCount: 2, field: "layoutDirection", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.snapping[i], caseCount: 2, field: "snapping", index: i) { return e }
            let rate = c.projectionRate[i]
            if !rate.isFinite {
                return LayoutError(index: i, field: "projectionRate", value: Double(rate), problem: .notFinite)
            }
            if c.snapping[i] == 1, let e = BadInputFuzzChecks.expectedProblem(
                rate, lower: 0, upper: 1.0.nextDown(S.self), exclusive: true, field: "projectionRate", index: i) {
                return LayoutError(index: i, field: e.field, value: e.value, problem: .outOfRange(expected: "0 < rate < 1"))
            }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.rubberBand[i], caseCount: 2, field: "rubberBand", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.mode[i], caseCount: 2, field: "mode", index: i) { return e }
            let inset = c.inset[i]
            if !(2 * inset <= c.width[i]) || !(2 * inset <= c.height[i]) {
                return LayoutError(index: i, field: "inset", value: Double(inset), problem: .inconsistent(rule: "2 * inset fits"))
            }
            if c.mode[i] == 1 && c.segmentCount[i] != 2 {
                return LayoutError(index: i, field: "segmentCount", value: Double(c.segmentCount[i]),
                                   problem: .inconsistent(rule: "two segments in .legacy"))
            }
            if c.mode[i] == 1 && inset != 1 {
                return LayoutError(index: i, field: "inset", value: Double(inset), problem: .inconsistent(rule: "inset 1 in .legacy"))
            }
        }
        return nil
    }

    /// The configuration of element `index`, or nil when a raw value cannot be represented.
    func configuration(at index: Int) -> ThumbTrackConfiguration<S>? {
        let c = columns
        guard let phase = ThumbTrackPhase(rawValue: c.phase[index]),
              let direction = LayoutDirection(rawValue: c.layoutDirection[index]),
              let snapping = ThumbTrackSnapping(rawKind: c.snapping[index], rate: c.projectionRate[index]),
              c.rubberBand[index] <= 1, let mode = LayoutMode(rawValue: c.mode[index]) else { return nil }
        return ThumbTrackConfiguration(
            bounds: LayoutSize(width: c.width[index], height: c.height[index]), inset: c.inset[index],
            segmentCount: Int(c.segmentCount[index]), selectedIndex: Int(c.selectedIndex[index]),
            translation: c.translation[index], velocity: c.velocity[index], phase: phase,
            layoutDirection: direction, snapping: snapping, rubberBand: c.rubberBand[index] == 1, mode: mode)
    }

    mutating func fillOutput(count: Int) {
        output.resize(to: count)
        output.fill(scalar: BadInputFuzzChecks.sentinel(S.self), byte: 0xEE)
    }

    func outputIsUntouched(count: Int) -> Bool {
        BadInputFuzzChecks.untouched(output.thumbX, count) && BadInputFuzzChecks.untouched(output.thumbY, count)
            && BadInputFuzzChecks.untouched(output.thumbWidth, count) && BadInputFuzzChecks.untouched(output.thumbHeight, count)
            && output.selectedIndex.count == count && output.selectedIndex.allSatisfy { $0 == 0xEE }
            && output.indexChanged.count == count && output.indexChanged.allSatisfy { $0 == 0xEE }
    }

    func result(at index: Int) -> ThumbTrackResult<S> {
        ThumbTrackResult(
            thumbFrame: LayoutRect(x: output.thumbX[index], y: output.thumbY[index],
                                   width: output.thumbWidth[index], height: output.thumbHeight[index]),
            selectedIndex: Int(output.selectedIndex[index]), indexChanged: output.indexChanged[index] != 0)
    }

    mutating func check(_ source: inout FuzzSource) throws(FuzzFinding) {
        let lengths = decode(&source)
        let count = lengths[0]
        let expected = expectedError(lengths: lengths)
        let outputCount = BadInputFuzzChecks.outputCount(&source, batchCount: count)
        fillOutput(count: outputCount)
        let columns = self.columns
        func input() -> String { "[\(S.self)] \(columns)" }

        var thrown: LayoutError?
        do {
            // Built from the arrays: mismatched lengths are refused here.
            batch = try ThumbTrackColumns(arrays: columns.arrays)
            try batch.layout(into: &output, parallelism: .serial)
        } catch {
            thrown = error
        }
        guard let error = thrown else {
            if let expected {
                throw BadInputFuzzChecks.finding("accepted", "the batch accepted bad input; expected \(expected)", input())
            }
            guard output.thumbX.count == count else {
                throw BadInputFuzzChecks.finding("count", "the output has \(output.thumbX.count) elements, expected \(count)", input())
            }
            configurations.removeAll(keepingCapacity: true)
            for index in 0..<count {
                guard let configuration = configuration(at: index) else {
                    throw BadInputFuzzChecks.finding("accepted", "the batch accepted element \(index), which has no configuration", input())
                }
                configurations.append(configuration)
                let reference = ThumbTrack.layout(unchecked: configuration)
                let kernel = result(at: index)
                if !ThumbTrackDifferential.equal(reference, kernel) || output.indexChanged[index] > 1 {
                    throw FuzzFinding(.mismatch, "kernel != reference", message:
                        "element \(index): reference \(reference), kernel \(kernel)\n  input: \(input())")
                }
                // The column API agrees: `configuration(at:)`, the output subscript, and the
                // validated single-control layout (which must accept what the batch accepted).
                guard batch.configuration(at: index) == configuration else {
                    throw BadInputFuzzChecks.finding("columns", "configuration(at: \(index)) is \(String(describing: batch.configuration(at: index))), expected \(configuration)", input())
                }
                guard ThumbTrackDifferential.equal(output[index], kernel) else {
                    throw BadInputFuzzChecks.finding("columns", "output[\(index)] is \(output[index]), the columns hold \(kernel)", input())
                }
                let validated: ThumbTrackResult<S>
                do {
                    validated = try ThumbTrack.layout(configuration)
                } catch {
                    throw BadInputFuzzChecks.finding("refused", "the single-control layout refused element \(index), which the batch accepted: \(error)", input())
                }
                guard ThumbTrackDifferential.equal(validated, reference) else {
                    throw BadInputFuzzChecks.finding("validated", "layout(_:) gave \(validated), layout(unchecked:) \(reference)", input())
                }
            }
            // Columns built by the library's `append` hold the same values (emptied with
            // `removeAll(keepingCapacity:)`, as a caller refilling them every frame would; a
            // `.nearest` control's rate column is written as 0 by `append`).
            rebuilt.removeAll(keepingCapacity: true)
            for configuration in configurations { rebuilt.append(configuration) }
            for index in rebuilt.projectionRate.indices where columns.snapping[index] == 0 {
                rebuilt.projectionRate[index] = columns.projectionRate[index]
            }
            if rebuilt != batch {
                throw BadInputFuzzChecks.finding("columns", "columns rebuilt with append(_:) differ from the columns the configurations came from: \(rebuilt)", input())
            }
            try BatchAPIChecks.check(batch, output, input: input())
            return
        }
        if !BadInputFuzzChecks.describesItself(error) {
            throw BadInputFuzzChecks.finding("description", "the error's text does not name its element, field and value: \(error.description)", input())
        }
        guard let expected else {
            throw BadInputFuzzChecks.finding("refused", "the batch refused valid input: \(error)", input())
        }
        if !BadInputFuzzChecks.sameError(error, expected) {
            throw BadInputFuzzChecks.finding("wrong error", "got \(error), expected \(expected)", input())
        }
        if !outputIsUntouched(count: outputCount) {
            throw BadInputFuzzChecks.finding("output touched", "a refused batch changed its output (\(outputCount) sentinels)", input())
        }
        if case .columnLengthMismatch = expected.problem { return }

        // The single-control entry point gives the same error at index 0, wherever the control
        // can be represented (every raw value in range; a `.nearest` control has no rate).
        let index = expected.index
        let nearestWithBadRate = expected.field == "projectionRate" && columns.snapping[index] == 0
        if let configuration = configuration(at: index), !nearestWithBadRate {
            var single: LayoutError?
            do {
                _ = try ThumbTrack.layout(configuration)
            } catch {
                single = error
            }
            guard let single else {
                throw BadInputFuzzChecks.finding("accepted", "the single-control layout accepted element \(index); the batch said \(expected)", input())
            }
            let placed = LayoutError(index: index, field: single.field, value: single.value, problem: single.problem)
            if single.index != 0 || !BadInputFuzzChecks.sameError(placed, expected) {
                throw BadInputFuzzChecks.finding(
                    "wrong error", "single-control layout: got \(single), expected \(expected) at index 0", input())
            }
        }
        // The unchecked entry points must not trap on bad values.
        batch.uncheckedLayout(into: &unchecked, parallelism: .serial)
        for index in 0..<count {
            if let configuration = configuration(at: index) { _ = ThumbTrack.layout(unchecked: configuration) }
        }
    }
}

extension Double {
    /// The largest value below `self` in precision `S` (`1.0.nextDown(Float.self)`).
    func nextDown<S: LayoutScalar>(_: S.Type) -> S { S(self).nextDown }
}

/// The decoded columns as arrays, in declaration order (their lengths may differ: the
/// batch is built from them with `init(arrays:)`, which refuses unequal lengths).
struct ThumbTrackArrays<S: LayoutScalar>: CustomStringConvertible {
    var width: [S] = []
    var height: [S] = []
    var inset: [S] = []
    var segmentCount: [UInt8] = []
    var selectedIndex: [UInt8] = []
    var translation: [S] = []
    var velocity: [S] = []
    var phase: [UInt8] = []
    var layoutDirection: [UInt8] = []
    var snapping: [UInt8] = []
    var projectionRate: [S] = []
    var rubberBand: [UInt8] = []
    var mode: [UInt8] = []

    mutating func removeAll(keepingCapacity keepCapacity: Bool) {
        width.removeAll(keepingCapacity: keepCapacity)
        height.removeAll(keepingCapacity: keepCapacity)
        inset.removeAll(keepingCapacity: keepCapacity)
        segmentCount.removeAll(keepingCapacity: keepCapacity)
        selectedIndex.removeAll(keepingCapacity: keepCapacity)
        translation.removeAll(keepingCapacity: keepCapacity)
        velocity.removeAll(keepingCapacity: keepCapacity)
        phase.removeAll(keepingCapacity: keepCapacity)
        layoutDirection.removeAll(keepingCapacity: keepCapacity)
        snapping.removeAll(keepingCapacity: keepCapacity)
        projectionRate.removeAll(keepingCapacity: keepCapacity)
        rubberBand.removeAll(keepingCapacity: keepCapacity)
        mode.removeAll(keepingCapacity: keepCapacity)
    }

    var arrays: [ColumnArray<S>] {
        [.scalars(width), .scalars(height), .scalars(inset), .bytes(segmentCount), .bytes(selectedIndex), .scalars(translation), .scalars(velocity), .bytes(phase), .bytes(layoutDirection), .bytes(snapping), .scalars(projectionRate), .bytes(rubberBand), .bytes(mode)]
    }

    var description: String { "\(arrays)" }
}

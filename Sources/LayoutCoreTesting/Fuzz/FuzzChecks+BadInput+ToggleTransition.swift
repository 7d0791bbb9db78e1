import LayoutCore

extension BadInputFuzzChecks {
    static let toggleFloatFields = [
        "width", "height", "offImageWidth", "offImageHeight", "onImageWidth", "onImageHeight",
        "indeterminateImageWidth", "indeterminateImageHeight",
    ]
    static let toggleFields = toggleFloatFields + ["from", "to", "elapsed", "duration", "curve", "animated", "mode"]
    /// The fields whose bad values the single-control entry point reports as the batch does.
    static let toggleSingleControlFields = toggleFloatFields + ["to", "elapsed", "duration"]

    static func checkToggleTransition<S: LayoutScalar>(_ source: inout FuzzSource, as: S.Type) throws(FuzzFinding) {
        let storage = FuzzStorage.lease { ToggleTransitionBadInput<S>() }
        defer { FuzzStorage.release(storage) }
        try storage.pointee.check(&source)
    }
}

/// The toggle-transition part of the bad-input check, with storage reused between inputs.
///
/// The oracle follows `ToggleTransitionColumns.validate()`'s documentation: lengths first; then
/// the lowest element index, and there, in declaration order: the eight sizes (lengths), the
/// `from` state (3 cases), the `to` state (off or on only), the elapsed time (any finite
/// value), the duration (finite, above 0), the curve, `animated` (0 or 1) and the mode.
struct ToggleTransitionBadInput<S: LayoutScalar> {
    var columns = ToggleTransitionArrays<S>()
    var batch = ToggleTransitionColumns<S>()
    var output = ToggleTransitionResultColumns<S>()
    var unchecked = ToggleTransitionResultColumns<S>()
    // Reused between inputs (under ASan an allocation costs about a microsecond).
    var lengths: [Int] = []
    var configurations: [ToggleTransitionConfiguration<S>] = []
    var rebuilt = ToggleTransitionColumns<S>()

    static var maximum: S { S(LayoutLimits.maximumLength) }

    mutating func withSizeColumn(_ field: Int, _ body: (inout [S]) -> Void) {
        switch field {
        case 0: body(&columns.width)
        case 1: body(&columns.height)
        case 2: body(&columns.offImageWidth)
        case 3: body(&columns.offImageHeight)
        case 4: body(&columns.onImageWidth)
        case 5: body(&columns.onImageHeight)
        case 6: body(&columns.indeterminateImageWidth)
        default: body(&columns.indeterminateImageHeight)
        }
    }

    func sizeColumn(_ field: Int) -> [S] {
        switch field {
        case 0: return columns.width
        case 1: return columns.height
        case 2: return columns.offImageWidth
        case 3: return columns.offImageHeight
        case 4: return columns.onImageWidth
        case 5: return columns.onImageHeight
        case 6: return columns.indeterminateImageWidth
        default: return columns.indeterminateImageHeight
        }
    }

    mutating func fillOutput(count: Int) {
        output.resize(to: count)
        output.fill(scalar: BadInputFuzzChecks.sentinel(S.self), byte: 0)
    }

    func outputIsUntouched(count: Int) -> Bool {
        let o = output
        return [o.offAlpha, o.offScale, o.offX, o.offY, o.offWidth, o.offHeight,
                o.onAlpha, o.onScale, o.onX, o.onY, o.onWidth, o.onHeight,
                o.indeterminateAlpha, o.indeterminateScale, o.indeterminateX, o.indeterminateY,
                o.indeterminateWidth, o.indeterminateHeight].allSatisfy { BadInputFuzzChecks.untouched($0, count) }
    }

    mutating func decode(_ source: inout FuzzSource) -> [Int] {
        BadInputFuzzChecks.columnLengths(&source, columns: BadInputFuzzChecks.toggleFields.count, into: &lengths)
        let allClean = BadInputFuzzChecks.allClean(&source)
        columns.removeAll(keepingCapacity: true)
        let maximum = Self.maximum
        let huge = S.greatestFiniteMagnitude
        for index in 0..<(lengths.max() ?? 0) {
            let dirty = !allClean && source.next(below: 4) == 0
            for field in 0..<8 {
                let value: S = BadInputFuzzChecks.rawValue(&source, upper: maximum, dirty: dirty)
                if index < lengths[field] { withSizeColumn(field) { $0.append(value) } }
            }
            let from = BadInputFuzzChecks.rawCase(&source, caseCount: 3, dirty: dirty)
            let to = BadInputFuzzChecks.rawCase(&source, caseCount: dirty ? 3 : 2, dirty: dirty)
            let elapsed: S = BadInputFuzzChecks.rawValue(&source, lower: -huge, upper: huge, dirty: dirty)
            let duration: S = BadInputFuzzChecks.rawValue(&source, lower: 0, upper: huge, exclusive: true, dirty: dirty)
            let curve = BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: dirty)
            let animated = BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: dirty)
            let mode = BadInputFuzzChecks.rawCase(&source, caseCount: 2, dirty: dirty)
            if index < lengths[8] { columns.from.append(from) }
            if index < lengths[9] { columns.to.append(to) }
            if index < lengths[10] { columns.elapsed.append(elapsed) }
            if index < lengths[11] { columns.duration.append(duration) }
            if index < lengths[12] { columns.curve.append(curve) }
            if index < lengths[13] { columns.animated.append(animated) }
            if index < lengths[14] { columns.mode.append(mode) }
        }
        return lengths
    }

    func expectedError(lengths: [Int]) -> LayoutError? {
        if let error = BadInputFuzzChecks.expectedLengthError(names: BadInputFuzzChecks.toggleFields, lengths: lengths) {
            return error
        }
        let maximum = Self.maximum
        let huge = S.greatestFiniteMagnitude
        let c = columns
        for i in 0..<lengths[0] {
            for field in 0..<8 {
                if let e = BadInputFuzzChecks.expectedProblem(
                    sizeColumn(field)[i], upper: maximum, field: BadInputFuzzChecks.toggleFloatFields[field], index: i) {
                    return e
                }
            }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.from[i], caseCount: 3, field: "from", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.to[i], caseCount: 2, field: "to", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedProblem(c.elapsed[i], lower: -huge, upper: huge, field: "elapsed", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedProblem(c.duration[i], lower: 0, upper: huge, exclusive: true, field: "duration", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.curve[i], caseCount: 2, field: "curve", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.animated[i], caseCount: 2, field: "animated", index: i) { return e }
            if let e = BadInputFuzzChecks.expectedCaseProblem(c.mode[i], caseCount: 2, field: "mode", index: i) { return e }
        }
        return nil
    }

    /// The configuration of element `index`, or nil when a raw value cannot be represented.
    func configuration(at index: Int) -> ToggleTransitionConfiguration<S>? {
        let c = columns
        guard let from = ToggleState(rawValue: c.from[index]), let to = ToggleState(rawValue: c.to[index]),
              let curve = ToggleTransitionCurve(rawValue: c.curve[index]), c.animated[index] <= 1,
              let mode = LayoutMode(rawValue: c.mode[index]) else { return nil }
        return ToggleTransitionConfiguration(
            bounds: LayoutSize(width: c.width[index], height: c.height[index]),
            offImageSize: LayoutSize(width: c.offImageWidth[index], height: c.offImageHeight[index]),
            onImageSize: LayoutSize(width: c.onImageWidth[index], height: c.onImageHeight[index]),
            indeterminateImageSize: LayoutSize(width: c.indeterminateImageWidth[index], height: c.indeterminateImageHeight[index]),
            from: from, to: to, elapsed: c.elapsed[index], duration: c.duration[index],
            curve: curve, animated: c.animated[index] == 1, mode: mode)
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
            batch = try ToggleTransitionColumns(arrays: columns.arrays)
            try batch.layout(into: &output, parallelism: .serial)
        } catch {
            thrown = error
        }
        guard let error = thrown else {
            if let expected {
                throw BadInputFuzzChecks.finding("accepted", "the batch accepted bad input; expected \(expected)", input())
            }
            guard output.count == count else {
                throw BadInputFuzzChecks.finding("count", "the output has \(output.count) elements, expected \(count)", input())
            }
            configurations.removeAll(keepingCapacity: true)
            for index in 0..<count {
                guard let configuration = configuration(at: index) else {
                    throw BadInputFuzzChecks.finding("accepted", "the batch accepted element \(index), which has no configuration", input())
                }
                configurations.append(configuration)
                let reference = ToggleTransition.layout(unchecked: configuration)
                let kernel = output[index]
                if !ToggleTransitionDifferential.equal(reference, kernel) {
                    throw FuzzFinding(.mismatch, "kernel != reference", message:
                        "element \(index): reference \(reference), kernel \(kernel)\n  input: \(input())")
                }
                guard batch.configuration(at: index) == configuration else {
                    throw BadInputFuzzChecks.finding("columns", "configuration(at: \(index)) is \(String(describing: batch.configuration(at: index))), expected \(configuration)", input())
                }
                let validated: ToggleTransitionResult<S>
                do {
                    validated = try ToggleTransition.layout(configuration)
                } catch {
                    throw BadInputFuzzChecks.finding("refused", "the single-control layout refused element \(index), which the batch accepted: \(error)", input())
                }
                guard ToggleTransitionDifferential.equal(validated, reference) else {
                    throw BadInputFuzzChecks.finding("validated", "layout(_:) gave \(validated), layout(unchecked:) \(reference)", input())
                }
            }
            rebuilt.removeAll(keepingCapacity: true)
            for configuration in configurations { rebuilt.append(configuration) }
            if rebuilt != batch {
                throw BadInputFuzzChecks.finding("columns", "columns rebuilt with append(_:) differ from the columns the configurations came from: \(rebuilt)", input())
            }
            try BatchAPIChecks.check(batch, output, input: input())
            return
        }
        guard let expected else {
            throw BadInputFuzzChecks.finding("refused", "the batch refused valid input: \(error)", input())
        }
        if !BadInputFuzzChecks.sameError(error, expected) {
            throw BadInputFuzzChecks.finding("wrong error", "got \(error), expected \(expected)", input())
        }
        if !BadInputFuzzChecks.describesItself(error) {
            throw BadInputFuzzChecks.finding("description", "the error's text does not name its element, field and value: \(error.description)", input())
        }
        if !outputIsUntouched(count: outputCount) {
            throw BadInputFuzzChecks.finding("output touched", "a refused batch changed its output (\(outputCount) sentinels)", input())
        }
        if case .columnLengthMismatch = expected.problem { return }

        // The single-control entry point gives the same error at index 0 for a bad size, `to`,
        // elapsed time or duration, wherever the control can be represented.
        let index = expected.index
        if BadInputFuzzChecks.toggleSingleControlFields.contains(expected.field), let configuration = configuration(at: index) {
            var single: LayoutError?
            do {
                _ = try ToggleTransition.layout(configuration)
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
            if let configuration = configuration(at: index) { _ = ToggleTransition.layout(unchecked: configuration) }
        }
    }
}

/// The decoded columns as arrays, in declaration order (their lengths may differ: the
/// batch is built from them with `init(arrays:)`, which refuses unequal lengths).
struct ToggleTransitionArrays<S: LayoutScalar>: CustomStringConvertible {
    var width: [S] = []
    var height: [S] = []
    var offImageWidth: [S] = []
    var offImageHeight: [S] = []
    var onImageWidth: [S] = []
    var onImageHeight: [S] = []
    var indeterminateImageWidth: [S] = []
    var indeterminateImageHeight: [S] = []
    var from: [UInt8] = []
    var to: [UInt8] = []
    var elapsed: [S] = []
    var duration: [S] = []
    var curve: [UInt8] = []
    var animated: [UInt8] = []
    var mode: [UInt8] = []

    mutating func removeAll(keepingCapacity keepCapacity: Bool) {
        width.removeAll(keepingCapacity: keepCapacity)
        height.removeAll(keepingCapacity: keepCapacity)
        offImageWidth.removeAll(keepingCapacity: keepCapacity)
        offImageHeight.removeAll(keepingCapacity: keepCapacity)
        onImageWidth.removeAll(keepingCapacity: keepCapacity)
        onImageHeight.removeAll(keepingCapacity: keepCapacity)
        indeterminateImageWidth.removeAll(keepingCapacity: keepCapacity)
        indeterminateImageHeight.removeAll(keepingCapacity: keepCapacity)
        from.removeAll(keepingCapacity: keepCapacity)
        to.removeAll(keepingCapacity: keepCapacity)
        elapsed.removeAll(keepingCapacity: keepCapacity)
        duration.removeAll(keepingCapacity: keepCapacity)
        curve.removeAll(keepingCapacity: keepCapacity)
        animated.removeAll(keepingCapacity: keepCapacity)
        mode.removeAll(keepingCapacity: keepCapacity)
    }

    var arrays: [ColumnArray<S>] {
        [.scalars(width), .scalars(height), .scalars(offImageWidth), .scalars(offImageHeight), .scalars(onImageWidth), .scalars(onImageHeight), .scalars(indeterminateImageWidth), .scalars(indeterminateImageHeight), .bytes(from), .bytes(to), .scalars(elapsed), .scalars(duration), .bytes(curve), .bytes(animated), .bytes(mode)]
    }

    var description: String { "\(arrays)" }
}

import LayoutCore

/// The bad-input check (SPEC section 5): arbitrary bytes decoded as raw columns, NaNs,
/// infinities, negative and out-of-range values, raw enum values out of range and columns of
/// unequal length included. The checked batch entry point must
/// - throw exactly the `LayoutError` an independent scalar oracle expects (lowest element
///   index, then the first bad field in declaration order; column lengths before values),
/// - leave an output full of sentinels untouched when it throws (whatever its count),
/// - and, when every value is valid, give the reference's bits for every control.
/// The single-control entry point must refuse the same field, and the unchecked entry points
/// must not trap on bad values (equal column lengths: unequal ones are their documented
/// precondition). Nothing here may trap: under libFuzzer a trap is a finding too.
public enum BadInputFuzzChecks {
    /// The first word picks the kernel and the precision.
    public static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(FuzzFinding) {
        var source = FuzzSource(bytes)
        let header = source.nextWord()
        let isDouble = header & 1 == 1
        let kernel = Int((header >> 1) & 7) % kernelCount
        switch (kernel, isDouble) {
        case (0, true): try checkButtonContent(&source, as: Double.self)
        case (0, false): try checkButtonContent(&source, as: Float.self)
        case (1, true): try checkThumbTrack(&source, as: Double.self)
        case (1, false): try checkThumbTrack(&source, as: Float.self)
        case (_, true): try checkToggleTransition(&source, as: Double.self)
        case (_, false): try checkToggleTransition(&source, as: Float.self)
        }
    }

    // MARK: - Raw values

    /// A value for a field accepting `lower ... upper` (`lower` excluded when `exclusive`):
    /// for clean elements a valid one on the 1/16 grid; for dirty elements, half the time
    /// NaN (either sign, quiet or signaling), an infinity, -0, a negative value, exactly the
    /// bounds or one ulp past them, the largest finite value, the smallest subnormal or a raw
    /// bit pattern, and a valid value otherwise.
    static func rawValue<S: LayoutScalar>(
        _ source: inout FuzzSource, lower: S = 0, upper: S, exclusive: Bool = false, dirty: Bool
    ) -> S {
        if dirty {
            switch source.next(below: 32) {
            case 0: return .nan
            case 1: return -S.nan
            case 2: return .signalingNaN
            case 3: return .infinity
            case 4: return -.infinity
            case 5: return -0.0
            case 6: return -(S(source.next(below: 4096)) + 1) / 16
            case 7: return -S.leastNonzeroMagnitude
            case 8: return upper
            case 9: return upper.nextUp
            case 10: return .greatestFiniteMagnitude
            case 11: return S.leastNonzeroMagnitude
            case 12, 13, 14: return source.nextBitPattern()
            case 15: return upper + S(source.next(below: 4096) + 1) / 16
            case 16: return lower
            case 17: return lower.nextDown
            default: break
            }
        }
        // Valid: on the 1/16 grid between the bounds (with an exclusive lower bound, above it).
        let value = min(upper, lower + S(source.next(below: 16 * 1024)) / 16)
        return exclusive && value <= lower ? min(upper, lower + 1) : value
    }

    /// A raw enum value: in range for clean elements, any byte one time in four for dirty ones.
    static func rawCase(_ source: inout FuzzSource, caseCount: Int, dirty: Bool) -> UInt8 {
        dirty && source.next(below: 4) == 0 ? source.nextByte() : UInt8(source.next(below: caseCount))
    }

    /// Column lengths: all `count` three times in four, otherwise one column (any, the first
    /// included) one to three elements shorter or longer. `count` is 0...12, or one time in
    /// eight 13...20 (validation has paths for 16 elements at a time).
    /// (Into `lengths`, whose storage is reused from one input to the next.)
    static func columnLengths(_ source: inout FuzzSource, columns: Int, into lengths: inout [Int]) {
        let count = source.next(below: 8) == 0 ? 13 + source.next(below: 8) : source.next(below: 13)
        lengths.removeAll(keepingCapacity: true)
        lengths.append(contentsOf: repeatElement(count, count: columns))
        if source.next(below: 4) == 0 {
            let column = source.next(below: columns)
            let delta = lengthDeltas[source.next(below: 8)]
            lengths[column] = max(0, count + delta)
        }
    }

    static let lengthDeltas = [1, -1, 2, -2, 3, -3, 1, -1]

    /// One time in four a batch has only clean elements (all valid, for the kernels that have
    /// no rules tying fields together), so that long valid batches, which take the kernels'
    /// all-valid fast paths, are common; otherwise one element in four is dirty.
    static func allClean(_ source: inout FuzzSource) -> Bool {
        source.next(below: 4) == 0
    }

    // MARK: - The oracle

    /// The error SPEC section 5 and `LayoutError` ask for when `value` (of field `field`,
    /// element `index`) is refused by the rule `lower ... upper`; nil when it is accepted.
    /// Written from the documentation, independently of `FieldRule`.
    static func expectedProblem<S: LayoutScalar>(
        _ value: S, lower: S = 0, upper: S, exclusive: Bool = false, field: String, index: Int
    ) -> LayoutError? {
        let aboveLower = exclusive ? value > lower : value >= lower
        if aboveLower && value <= upper { return nil }
        let problem: LayoutError.Problem = !value.isFinite ? .notFinite
            : value < 0 && lower == 0 && !exclusive ? .negative
            : .outOfRange(expected: exclusive ? "above the lower bound, at most the upper" : "between the bounds")
        return LayoutError(index: index, field: field, value: Double(value), problem: problem)
    }

    static func expectedCaseProblem(_ raw: UInt8, caseCount: Int, field: String, index: Int) -> LayoutError? {
        raw < caseCount ? nil : LayoutError(index: index, field: field, value: Double(raw),
                                            problem: .outOfRange(expected: "0...\(caseCount - 1)"))
    }

    /// The first column after the first whose length differs, as the contract reports it.
    static func expectedLengthError(names: [String], lengths: [Int]) -> LayoutError? {
        let count = lengths[0]
        for column in 1..<lengths.count {
            if lengths[column] != count {
                return LayoutError(index: min(lengths[column], count), field: names[column],
                                   value: Double(lengths[column]), problem: .columnLengthMismatch(expected: count))
            }
        }
        return nil
    }

    /// Same index, field and kind of problem, and the same value (NaN matches NaN). The texts of
    /// `outOfRange(expected:)` and `inconsistent(rule:)` are not compared: they are prose.
    static func sameError(_ a: LayoutError, _ b: LayoutError) -> Bool {
        guard a.index == b.index, a.field == b.field,
              a.value == b.value || (a.value.isNaN && b.value.isNaN) else { return false }
        switch (a.problem, b.problem) {
        case (.notFinite, .notFinite), (.negative, .negative), (.outOfRange, .outOfRange),
             (.inconsistent, .inconsistent): return true
        case (.columnLengthMismatch(let x), .columnLengthMismatch(let y)): return x == y
        default: return false
        }
    }

    /// SPEC section 5: the error's text names the element index, the field and the value (for
    /// a column length mismatch: the column and its length).
    ///
    /// Most of an error input's time went into strings, and under ASan every allocation is
    /// expensive: the parts searched for are built without interpolation (which allocates a
    /// buffer even for a short result), as small strings that live inline, and the quoted
    /// field name is matched in place.
    static func describesItself(_ error: LayoutError) -> Bool {
        let text = error.description
        if case .columnLengthMismatch = error.problem {
            return contains(text, error.field, quoted: true) && contains(text, String(Int(error.value)))
        }
        return contains(text, "element " + String(error.index)) && contains(text, error.field, quoted: true)
            && contains(text, error.value.description)
    }

    /// `text.contains(part)` (with `quoted`: `text.contains("'" + part + "'")`) as a plain
    /// byte search (the generic `contains` costs more than a whole batch of layouts).
    static func contains(_ text: String, _ part: String, quoted: Bool = false) -> Bool {
        var text = text
        var part = part
        let quote = UInt8(ascii: "'")
        return text.withUTF8 { t in
            part.withUTF8 { p in
                let extra = quoted ? 1 : 0
                let length = p.count + 2 * extra
                var start = 0
                while start + length <= t.count {
                    if quoted && (t[start] != quote || t[start + length - 1] != quote) {
                        start += 1
                        continue
                    }
                    var offset = 0
                    while offset < p.count && t[start + extra + offset] == p[offset] { offset += 1 }
                    if offset == p.count { return true }
                    start += 1
                }
                return false
            }
        }
    }

    static func finding(_ label: String, _ message: String, _ input: @autoclosure () -> String) -> FuzzFinding {
        FuzzFinding(.badInput, label, message: "\(message)\n  input: \(input())")
    }

    /// The output's count: the batch's three times in four, otherwise any 0...12 (a refused
    /// batch must not even resize it).
    static func outputCount(_ source: inout FuzzSource, batchCount: Int) -> Int {
        source.next(below: 4) == 0 ? source.next(below: 13) : batchCount
    }

    /// Fills `column` with `count` sentinels, reusing its storage.
    static func fill<S: LayoutScalar>(_ column: inout [S], _ count: Int) {
        column.removeAll(keepingCapacity: true)
        column.append(contentsOf: repeatElement(sentinel(S.self), count: count))
    }

    /// Whether `column` still holds exactly `count` sentinels (bit for bit).
    static func untouched<S: LayoutScalar, C: Collection<S>>(_ column: C, _ count: Int) -> Bool {
        column.count == count && column.allSatisfy { BitPattern.equal($0, sentinel(S.self)) && !$0.isNaN }
    }

    static func sentinel<S: LayoutScalar>(_: S.Type) -> S { -7777.125 }

    // MARK: - Button content

    static let buttonFloatFields = [
        "width", "height", "insetTop", "insetLeading", "insetBottom", "insetTrailing",
        "imageWidth", "imageHeight", "titleWidth", "titleHeight", "imagePadding", "displayScale",
    ]
    static let buttonFields = buttonFloatFields + ["imagePlacement", "layoutDirection", "mode"]
    static let buttonCaseCounts = [ImagePlacement.allCases.count, LayoutDirection.allCases.count, LayoutMode.allCases.count]

    static func checkButtonContent<S: LayoutScalar>(_ source: inout FuzzSource, as: S.Type) throws(FuzzFinding) {
        let storage = FuzzStorage.lease { ButtonContentBadInput<S>() }
        defer { FuzzStorage.release(storage) }
        try storage.pointee.check(&source)
    }

    /// The number of kernels the header chooses from: button content, thumb track, toggle
    /// transition.
    static var kernelCount: Int { 3 }
}

/// The button-content part of the bad-input check, with storage reused between inputs.
struct ButtonContentBadInput<S: LayoutScalar> {
    var columns = ButtonContentColumns<S>()
    var output = ButtonContentResultColumns<S>()
    var unchecked = ButtonContentResultColumns<S>()
    // Reused between inputs (under ASan an allocation costs about a microsecond).
    var lengths: [Int] = []
    var configurations: [ButtonContentConfiguration<S>] = []
    var rebuilt = ButtonContentColumns<S>()

    static var maximum: S { S(LayoutLimits.maximumLength) }
    static var scaleMaximum: S { S(LayoutLimits.maximumDisplayScale) }

    /// The decoded columns, as arrays: the twelve float columns and the three raw-value
    /// columns, in declaration order (their lengths may differ).
    var floats: [[S]] = Array(repeating: [], count: 12)
    var cases: [[UInt8]] = Array(repeating: [], count: 3)

    /// Float column `field` (in declaration order).
    func floatColumn(_ field: Int) -> [S] { floats[field] }

    mutating func withFloatColumn(_ field: Int, _ body: (inout [S]) -> Void) { body(&floats[field]) }

    mutating func withCaseColumn(_ field: Int, _ body: (inout [UInt8]) -> Void) { body(&cases[field]) }

    static func upper(_ field: Int) -> S { field == 11 ? scaleMaximum : maximum }

    /// The configuration of element `index`, with enum raw values out of range replaced by
    /// the first case (only used where they are in range, or for the float fields alone).
    func configuration(at index: Int) -> ButtonContentConfiguration<S> {
        let f = floats
        return ButtonContentConfiguration(
            bounds: LayoutSize(width: f[0][index], height: f[1][index]),
            contentInsets: DirectionalEdgeInsets(
                top: f[2][index], leading: f[3][index], bottom: f[4][index], trailing: f[5][index]),
            imageSize: LayoutSize(width: f[6][index], height: f[7][index]),
            titleSize: LayoutSize(width: f[8][index], height: f[9][index]),
            imagePlacement: ImagePlacement(rawValue: cases[0][index]) ?? .top,
            imagePadding: f[10][index],
            layoutDirection: LayoutDirection(rawValue: cases[1][index]) ?? .leftToRight,
            displayScale: f[11][index],
            mode: LayoutMode(rawValue: cases[2][index]) ?? .fit)
    }

    mutating func decode(_ source: inout FuzzSource) -> [Int] {
        let fieldCount = BadInputFuzzChecks.buttonFields.count
        BadInputFuzzChecks.columnLengths(&source, columns: fieldCount, into: &lengths)
        let allClean = BadInputFuzzChecks.allClean(&source)
        for field in floats.indices { floats[field].removeAll(keepingCapacity: true) }
        for field in cases.indices { cases[field].removeAll(keepingCapacity: true) }
        // Element by element, so that a dirty element has its bad values side by side; each
        // column stops at its own length.
        let longest = lengths.max() ?? 0
        for index in 0..<longest {
            let dirty = !allClean && source.next(below: 4) == 0
            for field in 0..<12 where index < lengths[field] {
                let value: S = BadInputFuzzChecks.rawValue(&source, upper: Self.upper(field), dirty: dirty)
                withFloatColumn(field) { $0.append(value) }
            }
            for field in 0..<3 where index < lengths[12 + field] {
                let raw = BadInputFuzzChecks.rawCase(&source, caseCount: BadInputFuzzChecks.buttonCaseCounts[field], dirty: dirty)
                withCaseColumn(field) { $0.append(raw) }
            }
        }
        return lengths
    }

    /// The oracle: column lengths first, then element by element, field by field.
    func expectedError(lengths: [Int]) -> LayoutError? {
        if let error = BadInputFuzzChecks.expectedLengthError(names: BadInputFuzzChecks.buttonFields, lengths: lengths) {
            return error
        }
        for index in 0..<lengths[0] {
            for field in 0..<12 {
                if let error = BadInputFuzzChecks.expectedProblem(
                    floatColumn(field)[index], upper: Self.upper(field),
                    field: BadInputFuzzChecks.buttonFloatFields[field], index: index) {
                    return error
                }
            }
            for field in 0..<3 {
                if let error = BadInputFuzzChecks.expectedCaseProblem(
                    cases[field][index], caseCount: BadInputFuzzChecks.buttonCaseCounts[field],
                    field: BadInputFuzzChecks.buttonFields[12 + field], index: index) {
                    return error
                }
            }
        }
        return nil
    }

    mutating func fillOutput(count: Int) {
        output.resize(to: count)
        output.fill(scalar: BadInputFuzzChecks.sentinel(S.self), byte: 0xEE)
    }

    func outputIsUntouched(count: Int) -> Bool {
        BadInputFuzzChecks.untouched(output.imageX, count) && BadInputFuzzChecks.untouched(output.imageY, count)
            && BadInputFuzzChecks.untouched(output.imageWidth, count) && BadInputFuzzChecks.untouched(output.imageHeight, count)
            && BadInputFuzzChecks.untouched(output.titleX, count) && BadInputFuzzChecks.untouched(output.titleY, count)
            && BadInputFuzzChecks.untouched(output.titleWidth, count) && BadInputFuzzChecks.untouched(output.titleHeight, count)
    }

    func frames(at index: Int) -> ButtonContentResult<S> {
        ButtonContentResult(
            imageFrame: LayoutRect(x: output.imageX[index], y: output.imageY[index],
                                   width: output.imageWidth[index], height: output.imageHeight[index]),
            titleFrame: LayoutRect(x: output.titleX[index], y: output.titleY[index],
                                   width: output.titleWidth[index], height: output.titleHeight[index]))
    }

    mutating func check(_ source: inout FuzzSource) throws(FuzzFinding) {
        let lengths = decode(&source)
        let count = lengths[0]
        let expected = expectedError(lengths: lengths)
        let outputCount = BadInputFuzzChecks.outputCount(&source, batchCount: count)
        fillOutput(count: outputCount)
        let floats = self.floats, cases = self.cases
        func input() -> String { "[\(S.self)] \(floats) \(cases)" }

        var thrown: LayoutError?
        do {
            // Built from the arrays: mismatched lengths are refused here.
            columns = try ButtonContentColumns(arrays: floats.map { .scalars($0) } + cases.map { .bytes($0) })
            try columns.layout(into: &output, parallelism: .serial)
        } catch {
            thrown = error
        }
        guard let error = thrown else {
            if let expected {
                throw BadInputFuzzChecks.finding("accepted", "the batch accepted bad input; expected \(expected)", input())
            }
            guard output.imageX.count == count else {
                throw BadInputFuzzChecks.finding("count", "the output has \(output.imageX.count) elements, expected \(count)", input())
            }
            configurations.removeAll(keepingCapacity: true)
            for index in 0..<count {
                let configuration = configuration(at: index)
                configurations.append(configuration)
                let reference = ButtonContent.layout(unchecked: configuration)
                let kernel = frames(at: index)
                if !BitPattern.equal(reference.imageFrame, kernel.imageFrame)
                    || !BitPattern.equal(reference.titleFrame, kernel.titleFrame) {
                    throw FuzzFinding(.mismatch, "kernel != reference", message:
                        "element \(index): reference \(reference), kernel \(kernel)\n  input: \(input())")
                }
                // The column API agrees: `configuration(at:)`, the output subscript, and the
                // validated single-control layout (which must accept what the batch accepted).
                guard columns.configuration(at: index) == configuration else {
                    throw BadInputFuzzChecks.finding("columns", "configuration(at: \(index)) is \(String(describing: columns.configuration(at: index))), expected \(configuration)", input())
                }
                let subscripted = output[index]
                guard BitPattern.equal(subscripted.imageFrame, kernel.imageFrame),
                      BitPattern.equal(subscripted.titleFrame, kernel.titleFrame) else {
                    throw BadInputFuzzChecks.finding("columns", "output[\(index)] is \(subscripted), the columns hold \(kernel)", input())
                }
                let validated: ButtonContentResult<S>
                do {
                    validated = try ButtonContent.layout(configuration)
                } catch {
                    throw BadInputFuzzChecks.finding("refused", "the single-control layout refused element \(index), which the batch accepted: \(error)", input())
                }
                guard BitPattern.equal(validated.imageFrame, reference.imageFrame),
                      BitPattern.equal(validated.titleFrame, reference.titleFrame) else {
                    throw BadInputFuzzChecks.finding("validated", "layout(_:) gave \(validated), layout(unchecked:) \(reference)", input())
                }
            }
            // Columns built by the library's `append` hold the same values (emptied with
            // `removeAll(keepingCapacity:)`, as a caller refilling them every frame would).
            rebuilt.removeAll(keepingCapacity: true)
            for configuration in configurations { rebuilt.append(configuration) }
            if rebuilt != columns {
                throw BadInputFuzzChecks.finding("columns", "columns rebuilt with append(_:) differ from the columns the configurations came from: \(rebuilt)", input())
            }
            try BatchAPIChecks.check(columns, output, input: input())
            // One column through its view: read in place, written in place (on a copy).
            let widths = columns.width.withUnsafeBufferPointer { Array($0) }
            var edited = columns
            edited.width.update(from: widths.map { $0 + 1 })
            edited.width.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices { buffer[index] -= 1 }
            }
            guard widths == floats[0], Array(columns.width) == floats[0],
                  Array(edited.width) == widths.map({ ($0 + 1) - 1 }) else {
                throw BadInputFuzzChecks.finding("columns", "the width column's views disagree", input())
            }
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

        // The single-control entry point refuses the same first bad number, at index 0.
        if let field = BadInputFuzzChecks.buttonFloatFields.firstIndex(of: expected.field) {
            let index = expected.index
            var single: LayoutError?
            do {
                _ = try ButtonContent.layout(configuration(at: index))
            } catch {
                single = error
            }
            guard let single else {
                throw BadInputFuzzChecks.finding(
                    "accepted", "the single-control layout accepted \(expected.field) = \(floatColumn(field)[index])", input())
            }
            let placed = LayoutError(index: index, field: single.field, value: single.value, problem: single.problem)
            if single.index != 0 || !BadInputFuzzChecks.sameError(placed, expected) {
                throw BadInputFuzzChecks.finding(
                    "wrong error", "single-control layout: got \(single), expected \(expected) at index 0", input())
            }
        }
        // The unchecked entry points must not trap on bad values.
        columns.uncheckedLayout(into: &unchecked, parallelism: .serial)
        for index in 0..<count {
            _ = ButtonContent.layout(unchecked: configuration(at: index))
        }
    }
}

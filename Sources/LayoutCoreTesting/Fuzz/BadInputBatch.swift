import LayoutCore

/// The raw columns the bad-input check decodes, one array per input field in declaration
/// order (their lengths may differ: the batch is built from them with `init(arrays:)`, which
/// refuses unequal lengths). A control's oracle hooks read them by field.
public struct RawColumns<C: BatchLayout>: CustomStringConvertible {
    /// Per field: the values of a scalar field (empty for a byte field).
    var scalars: [[C.Scalar]]
    /// Per field: the values of a byte field (empty for a scalar field).
    var bytes: [[UInt8]]
    /// Which fields hold bytes.
    let holdsBytes: [Bool]

    init() {
        holdsBytes = (0..<C.InputFields.fieldCount).map(C.InputFields.holdsBytes(at:))
        scalars = Array(repeating: [], count: holdsBytes.count)
        bytes = Array(repeating: [], count: holdsBytes.count)
    }

    /// Element `index` of a scalar field.
    public subscript(field: KeyPath<C.InputFields, Field<C.Scalar>>, index: Int) -> C.Scalar {
        scalars[C.InputFields.position(of: field)][index]
    }

    /// Element `index` of a byte field.
    public subscript(field: KeyPath<C.InputFields, Field<UInt8>>, index: Int) -> UInt8 {
        bytes[C.InputFields.position(of: field)][index]
    }

    /// Element `index` of the scalar field that `field` reads (`{ $0.width }`): the form the
    /// controls' oracles use, since it folds to the field's position where a key path literal
    /// is made anew (a runtime type lookup) on every call.
    public subscript(field: (C.InputFields) -> Field<C.Scalar>, index: Int) -> C.Scalar {
        scalars[C.InputFields.position(of: field)][index]
    }

    /// Element `index` of the byte field that `field` reads (`{ $0.mode }`).
    public subscript(field: (C.InputFields) -> Field<UInt8>, index: Int) -> UInt8 {
        bytes[C.InputFields.position(of: field)][index]
    }

    /// Element `index` of the field at `position`, as a `Double` (for error values).
    public func value(at position: Int, _ index: Int) -> Double {
        holdsBytes[position] ? Double(bytes[position][index]) : Double(scalars[position][index])
    }

    mutating func removeAll() {
        for position in holdsBytes.indices {
            scalars[position].removeAll(keepingCapacity: true)
            bytes[position].removeAll(keepingCapacity: true)
        }
    }

    var arrays: [ColumnArray<C.Scalar>] {
        holdsBytes.indices.map { holdsBytes[$0] ? .bytes(bytes[$0]) : .scalars(scalars[$0]) }
    }

    public var description: String { "[\(C.Scalar.self)] \(arrays)" }
}

/// Which of the bad-input check's costly parts an input runs, decided by bits 4-15 of its
/// first word (bits 0-3 pick the precision and the control), so that each part costs in
/// proportion: a fuzzer mutating the header reaches every part, and the corpus replays a
/// share of each.
struct BadInputSampling {
    /// The batch types' own API on an accepted batch (`BatchAPIChecks`: arrays round trip,
    /// a copy grown past a page, NaN comparison) and the column views: one accepted batch in
    /// four (bits 4-5 zero).
    var batchAPI: Bool
    /// Every mutating call of the batch and result API on a copy sharing the decoded batch's
    /// storage (`BatchLayerChecks.valueSemantics`): one accepted batch in 32 (bits 6-10 all set).
    var valueSemantics: Bool
    /// Bits 11-15, 0...31: with `batchAPI`, which element gets a value its column cannot hold,
    /// and which value (`BatchLayerChecks.unrepresentableValues`).
    var draw: Int

    init(header: UInt64) {
        batchAPI = (header >> 4) & 3 == 0
        valueSemantics = (header >> 6) & 31 == 31
        draw = Int((header >> 11) & 31)
    }

    static let everything = BadInputSampling(batchAPI: true, valueSemantics: true)

    init(batchAPI: Bool, valueSemantics: Bool, draw: Int = 0) {
        (self.batchAPI, self.valueSemantics, self.draw) = (batchAPI, valueSemantics, draw)
    }
}

/// The bad-input check of one control, generic over the registry, with storage reused
/// between inputs (under ASan an allocation costs about a microsecond).
///
/// The oracle reads each field's rule from the control's declaration (`InputFields.rules`)
/// and evaluates it as the documentation states it, independently of the library's
/// validation code: a range refuses NaN and the infinities (`notFinite`), a value below a
/// lower bound of 0 (`negative`) and anything else outside it (`outOfRange`); a byte field
/// with `n` cases refuses `n` and above. Fields the control checks itself, and the rules that
/// tie fields together, come from the control (`expectedControlProblem`,
/// `expectedCrossFieldProblem`). The lowest element wins, then the first field in
/// declaration order; column lengths come before values.
struct BadInputBatch<C: ControlUnderTest> {
    var raw = RawColumns<C>()
    var columns = BatchColumns<C>()
    var output = BatchResultColumns<C>()
    var unchecked = BatchResultColumns<C>()
    var lengths: [Int] = []
    var configurations: [C] = []
    /// The single-control layouts of an accepted batch, compared with its output at once.
    var validated: [C.Result] = []
    var rebuilt = BatchColumns<C>()
    /// One decoded element as a valid configuration's columns, read field by field.
    var row = BatchColumns<C>(capacity: 1)
    /// The rules the oracle holds the batch to, and draws boundary values from: each range's
    /// and enumeration's bounds as the documentation states them (`documentedRule(of:)`), not as
    /// the library declares them; the fields a control checks itself as declared (their oracle
    /// is the control's `expectedControlProblem`). A declared range or enumeration the
    /// documentation does not state stops the check: it must be documented first.
    let rules: [FieldRule] = zip(C.InputFields.rules, C.InputFields.names).map { declared, name in
        switch declared.kind {
        case .range, .cases:
            guard let documented = C.documentedRule(of: name) else {
                fatalError("\(C.controlName): the field '\(name)' has no documented rule (documentedRule(of:))")
            }
            return documented
        case .checkedByControl, .result:
            return declared
        }
    }
    let names = C.InputFields.names

    // MARK: - Decoding

    /// Decodes the raw columns: element by element, a valid control (`C.generated`, or the
    /// padding when the generator let an invalid value through) whose fields agree with each
    /// other, then, for dirty elements, about half its fields replaced by raw values drawn
    /// from their rules (NaN, infinities, -0, bounds and one ulp past them, raw bit patterns,
    /// out-of-range bytes). Each column stops at its own length.
    ///
    /// One batch in four has a single fault: one field of one element is dirty, every other
    /// value valid (for an enumeration, its first refused raw value). Only then does a fused
    /// all-valid pass (`allValid`) decide alone: with several bad values the detailed pass runs
    /// anyway and names the first, so a fused pass that lets one kind of bad value through
    /// (`to` = indeterminate, say) would go unseen.
    mutating func decode(_ source: inout FuzzSource) {
        BadInputFuzzChecks.columnLengths(&source, columns: rules.count, into: &lengths)
        // One time in four a batch has only clean elements (all valid, for the kernels that
        // have no rules tying fields together), so that long valid batches, which take the
        // kernels' all-valid fast paths, are common; one time in four a single fault;
        // otherwise one element in four is dirty. (`draw % 4 == 0` stays the all-clean
        // decision, so that the committed corpus keeps its meaning.)
        let draw = source.next(below: 8)
        let allClean = draw % 4 == 0
        let singleFault = draw % 4 == 1
        let faultIndex = singleFault ? source.next(below: max(1, lengths[0])) : -1
        let faultField = singleFault ? source.next(below: rules.count) : -1
        raw.removeAll()
        for index in 0..<(lengths.max() ?? 0) {
            let dirty = singleFault ? index == faultIndex : !allClean && source.next(below: 4) == 0
            var c = C.generated(&source, mode: nil)
            if !c.isValid { c = C.padding(index) }
            row.removeAll(keepingCapacity: true)
            row.append(c)
            for position in rules.indices {
                let replace = singleFault ? dirty && position == faultField : dirty && source.next(below: 2) == 0
                switch row.value(field: position, at: 0) {
                case .byte(let valid):
                    let value = !replace ? valid
                        : singleFault ? singleFaultByte(&source, rules[position]) : rawByte(&source, rules[position])
                    if index < lengths[position] { raw.bytes[position].append(value) }
                case .scalar(let valid):
                    let value = replace ? rawScalar(&source, rules[position]) : valid
                    if index < lengths[position] { raw.scalars[position].append(value) }
                }
            }
        }
    }

    /// The one bad byte of a single-fault batch: for an enumeration the case count itself, the
    /// first refused raw value (what a pass comparing against a wrong count lets through);
    /// otherwise as `rawByte`. Its own function, never inlined, so that reaching it is new
    /// coverage and libFuzzer keeps single-fault inputs.
    @inline(never)
    func singleFaultByte(_ source: inout FuzzSource, _ rule: FieldRule) -> UInt8 {
        rule.kind == .cases ? UInt8(clamping: Int(rule.upper)) : rawByte(&source, rule)
    }

    /// A dirty byte: any byte one time in two, otherwise a valid case or a value next to a
    /// bound of the rule.
    func rawByte(_ source: inout FuzzSource, _ rule: FieldRule) -> UInt8 {
        switch rule.kind {
        case .cases:
            // As `rawCase` (`w % 4 == 0`: any byte), except that one time in eight it is the
            // first refused raw value, the case count itself: what a pass comparing against a
            // wrong count lets through.
            let draw = source.next(below: 8)
            if draw % 4 == 0 { return source.nextByte() }
            if draw == 1 { return UInt8(clamping: Int(rule.upper)) }
            return UInt8(source.next(below: Int(rule.upper)))
        case .range:
            let bounds = [rule.lower - 1, rule.lower, rule.upper, rule.upper + 1].map { UInt8(clamping: Int($0)) }
            return source.next(below: 2) == 0 ? source.nextByte() : bounds[source.next(below: 4)]
        default: return source.nextByte()
        }
    }

    /// A dirty scalar for `rule` (`BadInputFuzzChecks.rawValue`); fields the control checks
    /// itself get the unit interval's bounds and the special values around them.
    func rawScalar(_ source: inout FuzzSource, _ rule: FieldRule) -> C.Scalar {
        switch rule.kind {
        case .range:
            return BadInputFuzzChecks.rawValue(
                &source, lower: C.Scalar(rule.lower), upper: C.Scalar(rule.upper), exclusive: rule.lowerIsExclusive, dirty: true)
        default:
            return BadInputFuzzChecks.rawValue(&source, lower: 0, upper: 1, exclusive: true, dirty: true)
        }
    }

    // MARK: - The oracle

    /// The error the batch must throw, or `nil` when it must accept it.
    func expectedError() -> LayoutError? {
        if let error = BadInputFuzzChecks.expectedLengthError(names: names, lengths: lengths) { return error }
        for index in 0..<lengths[0] {
            if let error = expectedError(element: index) { return error }
        }
        return nil
    }

    /// The error element `index` alone must give (its first bad field, then the rules that
    /// tie its fields together), or `nil` when it is valid. Column lengths must be equal.
    func expectedError(element index: Int) -> LayoutError? {
        for position in rules.indices {
            if let error = expectedProblem(at: position, index) { return error }
        }
        return C.expectedCrossFieldProblem(in: raw, index: index)
    }

    func expectedProblem(at position: Int, _ index: Int) -> LayoutError? {
        let rule = rules[position]
        switch rule.kind {
        case .range where raw.holdsBytes[position]:
            let value = Double(raw.bytes[position][index])
            return value >= rule.lower && value <= rule.upper ? nil
                : LayoutError(index: index, field: names[position], value: value, problem: .outOfRange(expected: "between the bounds"))
        case .range:
            return BadInputFuzzChecks.expectedProblem(
                raw.scalars[position][index], lower: C.Scalar(rule.lower), upper: C.Scalar(rule.upper),
                exclusive: rule.lowerIsExclusive, field: names[position], index: index)
        case .cases:
            return BadInputFuzzChecks.expectedCaseProblem(
                raw.bytes[position][index], caseCount: Int(rule.upper), field: names[position], index: index)
        case .checkedByControl:
            return C.expectedControlProblem(at: position, in: raw, index: index)
        case .result:
            return nil
        }
    }

    // MARK: - The check

    /// Whether the output still holds exactly `count` sentinels in every field.
    func outputIsUntouched(count: Int) -> Bool {
        guard output.count == count else { return false }
        let sentinel = BadInputFuzzChecks.sentinel(C.Scalar.self)
        for position in 0..<C.ResultFields.fieldCount {
            for index in 0..<count {
                switch output.value(field: position, at: index) {
                case .scalar(let value): if !BitPattern.equal(value, sentinel) || value.isNaN { return false }
                case .byte(let value): if value != 0xEE { return false }
                }
            }
        }
        return true
    }

    /// Whether `configuration`, written as columns, gives element `index`'s raw values bit
    /// for bit (a configuration read from raw columns may drop a value it ignores).
    /// (Written into `row`, whose storage is reused: no allocation per element.)
    mutating func represents(_ configuration: C, element index: Int) -> Bool {
        row.removeAll(keepingCapacity: true)
        row.append(configuration)
        for position in rules.indices {
            switch row.value(field: position, at: 0) {
            case .byte(let value): if value != raw.bytes[position][index] { return false }
            case .scalar(let value): if !BitPattern.equal(value, raw.scalars[position][index]) { return false }
            }
        }
        return true
    }

    mutating func check(_ source: inout FuzzSource, sampling: BadInputSampling) throws(FuzzFinding) {
        decode(&source)
        let count = lengths[0]
        let expected = expectedError()
        let outputCount = BadInputFuzzChecks.outputCount(&source, batchCount: count)
        output.resize(to: outputCount)
        output.fill(scalar: BadInputFuzzChecks.sentinel(C.Scalar.self), byte: 0xEE)
        let raw = self.raw
        func input() -> String { "\(C.controlName) \(raw)" }

        // The control's fused validation pass and the schema's rules, on the same batch.
        var verdicts: (fused: Bool, schema: Bool)?
        let thrown = LayoutError.thrown { () throws(LayoutError) in
            // Built from the arrays (in the storage kept from the last input): mismatched
            // lengths are refused here.
            try columns.assign(arrays: raw.arrays)
            verdicts = columns.fusedPassAccepts.map { ($0, columns.schemaRulesAccept) }
            try columns.layout(into: &output, parallelism: .serial)
        }
        if let verdicts, verdicts.fused != verdicts.schema {
            throw BadInputFuzzChecks.finding(
                "fused pass", "the fused validation pass " + (verdicts.fused ? "accepts" : "refuses")
                    + " a batch the schema's rules " + (verdicts.schema ? "accept" : "refuse"), input())
        }
        guard let error = thrown else {
            if let expected {
                throw BadInputFuzzChecks.finding("accepted", "the batch accepted bad input; expected \(expected)", input())
            }
            try checkAccepted(count: count, sampling: sampling, input: input())
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
        // The public `validate()` (its own path: the threaded checked layout's validation)
        // names the same error.
        guard let validated = LayoutError.thrown(by: columns.validate) else {
            throw BadInputFuzzChecks.finding("accepted", "validate() accepted the batch layout(into:) refused with \(error)", input())
        }
        if !BadInputFuzzChecks.sameError(validated, error) {
            throw BadInputFuzzChecks.finding("wrong error", "validate(): got \(validated), layout(into:) threw \(error)", input())
        }

        // The single-control entry point gives the same error at index 0, wherever the
        // element is a configuration (every raw value representable).
        let index = expected.index
        if let configuration = columns.configuration(at: index), represents(configuration, element: index) {
            guard let single = LayoutError.thrown(by: { () throws(LayoutError) in _ = try C.Namespace.layout(configuration) }) else {
                throw BadInputFuzzChecks.finding("accepted", "the single-control validation accepted element \(index); the batch said \(expected)", input())
            }
            if single.index != 0 || !BadInputFuzzChecks.sameError(single.placed(at: index), expected) {
                throw BadInputFuzzChecks.finding(
                    "wrong error", "single-control validation: got \(single), expected \(expected) at index 0", input())
            }
        }
        try checkEveryElementAlone(count: count, input: input())
        // The unchecked entry points must not trap on bad values.
        columns.uncheckedLayout(into: &unchecked, parallelism: .serial)
        for index in 0..<count {
            if let configuration = columns.configuration(at: index) { _ = C.referenceLayout(configuration) }
        }
    }

    /// Every element of a refused batch (equal column lengths) that is a configuration (every
    /// raw value representable), on its own: its `validate()` refuses it with the error of its
    /// own first bad field (or cross-field rule) at index 0, as the oracle has it, or accepts it
    /// when the oracle finds it valid. The batch names only its lowest bad element; this
    /// holds the single-control validation to the same rules on all the others.
    mutating func checkEveryElementAlone(count: Int, input: @autoclosure () -> String) throws(FuzzFinding) {
        for index in 0..<count {
            guard let configuration = columns.configuration(at: index), represents(configuration, element: index) else { continue }
            let expected = expectedError(element: index)
            switch (LayoutError.thrown(by: configuration.validate), expected) {
            case (nil, nil):
                continue
            case (nil, let expected?):
                throw BadInputFuzzChecks.finding("accepted", "validate() accepted element \(index) alone; expected \(expected) at index 0", input())
            case (let single?, nil):
                throw BadInputFuzzChecks.finding("refused", "validate() refused element \(index) alone, which is valid: \(single)", input())
            case (let single?, let expected?):
                if single.index != 0 || !BadInputFuzzChecks.sameError(single.placed(at: index), expected) {
                    throw BadInputFuzzChecks.finding(
                        "wrong error", "validate() of element \(index) alone: got \(single), expected \(expected) at index 0", input())
                }
            }
        }
    }

    /// An accepted batch: the kernel's bits are the reference's, and the batch API agrees
    /// with itself (`configuration(at:)`, the output subscript, `append`, the validated
    /// single-control layout).
    mutating func checkAccepted(count: Int, sampling: BadInputSampling, input: @autoclosure () -> String) throws(FuzzFinding) {
        guard output.count == count else {
            throw BadInputFuzzChecks.finding("count", "the output has \(output.count) elements, expected \(count)", input())
        }
        configurations.removeAll(keepingCapacity: true)
        validated.removeAll(keepingCapacity: true)
        for index in 0..<count {
            guard let configuration = columns.configuration(at: index) else {
                throw BadInputFuzzChecks.finding("accepted", "the batch accepted element \(index), which has no configuration", input())
            }
            configurations.append(configuration)
            do {
                validated.append(try C.Namespace.layout(configuration))
            } catch {
                throw BadInputFuzzChecks.finding("refused", "the single-control layout refused element \(index), which the batch accepted: \(error)", input())
            }
        }
        // The kernel's bits against the single-control layouts, every column at once.
        if let index = ResultBits.firstDifference(validated, output) {
            throw FuzzFinding(.mismatch, "kernel != reference", message:
                "element \(index): reference \(validated[index]), kernel \(output[index])\n  input: \(input())")
        }
        // Columns built by the library's `append` (emptied with `removeAll(keepingCapacity:)`,
        // as a caller refilling them every frame would) hold the same configurations.
        rebuilt.removeAll(keepingCapacity: true)
        for configuration in configurations { rebuilt.append(configuration) }
        for index in 0..<count {
            if rebuilt.configuration(at: index) != configurations[index] {
                throw BadInputFuzzChecks.finding("columns", "append(_:) then configuration(at: \(index)) gave \(String(describing: rebuilt.configuration(at: index))), expected \(configurations[index])", input())
            }
        }
        if sampling.batchAPI {
            try BatchAPIChecks.check(columns, output, input: input())
            try checkColumnViews(input: input())
            do {
                try columns.validate()
            } catch {
                throw BadInputFuzzChecks.finding("refused", "validate() refused a batch layout(into:) accepted: \(error)", input())
            }
            // A decoded element with a value its column cannot hold (for the controls that
            // have such values), by `replace(at:with:)` and `append`.
            if count > 0, C.unrepresentable(configurations[0], draw: 0) != nil {
                FuzzReach.unrepresentable += 1
                if let failure = BatchLayerChecks<C>.unrepresentableValues(
                    configurations: configurations, index: sampling.draw % count, draw: sampling.draw) {
                    throw BadInputFuzzChecks.finding("unrepresentable", failure, input())
                }
            }
        }
        if sampling.valueSemantics {
            FuzzReach.valueSemantics += 1
            // The decoded configurations (padded to the six the check needs), and three more
            // to append.
            var decoded = configurations
            while decoded.count < 6 { decoded.append(C.padding(decoded.count)) }
            let extra = [C.padding(7), decoded[decoded.count - 1], decoded[0]]
            if let failure = BatchLayerChecks<C>.valueSemantics(configurations: decoded, extra: extra, minimumGrowth: 1) {
                throw BadInputFuzzChecks.finding("value semantics", failure, input())
            }
        }
    }

    /// One scalar column, one byte column and one result column through their `Column`
    /// views: read in place and as a collection, written in place and element by element (on
    /// copies, which must leave the originals alone).
    func checkColumnViews(input: @autoclosure () -> String) throws(FuzzFinding) {
        let keys = C.sampleColumns
        func fail(_ what: String) -> FuzzFinding { BadInputFuzzChecks.finding("columns", "the \(what) column's views disagree", input()) }
        let scalars = columns[dynamicMember: keys.scalar].withUnsafeBufferPointer { Array($0) }
        var edited = columns
        edited[dynamicMember: keys.scalar].update(from: scalars.map { $0 + 1 })
        edited[dynamicMember: keys.scalar].withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] -= 1 }
        }
        guard scalars == raw.scalars[C.InputFields.position(of: keys.scalar)],
              Array(columns[dynamicMember: keys.scalar]) == scalars,
              Array(edited[dynamicMember: keys.scalar]) == scalars.map({ ($0 + 1) - 1 }) else { throw fail("scalar") }
        let bytes = Array(columns[dynamicMember: keys.byte])
        for index in bytes.indices { edited[dynamicMember: keys.byte][index] = bytes[index] &+ 1 }
        guard bytes == raw.bytes[C.InputFields.position(of: keys.byte)],
              Array(edited[dynamicMember: keys.byte]) == bytes.map({ $0 &+ 1 }),
              Array(columns[dynamicMember: keys.byte]) == bytes else { throw fail("byte") }
        let results = Array(output[dynamicMember: keys.result])
        var copy = output
        copy[dynamicMember: keys.result].withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = 0 }
        }
        let after = output[dynamicMember: keys.result]
        guard results.count == output.count, after.count == results.count,
              results.indices.allSatisfy({ BitPattern.equal(results[$0], after[$0]) }),
              copy[dynamicMember: keys.result].allSatisfy({ $0 == 0 })
        else { throw fail("result") }
    }
}

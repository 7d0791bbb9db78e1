import LayoutCore

/// The sequence check (`FuzzSequences`): a fuzz input is a sequence of at most 64 calls on
/// three batch slots, three result slots and four column-view slots of one control, and
/// every value the sequence made (every batch, result columns, copy and column view) has a
/// model of plain arrays, which the same calls change (SequenceModel.swift). After each call
/// every live value must hold exactly its model's bits, its count, and the values it quotes
/// as passed; an error must be the one the documented rules give (the bad-input oracle,
/// `documentedRule(of:)`, lowest index, first field, the value as passed); a refused layout
/// must leave its output as it was; an accepted one must give the reference's bits.
///
/// The calls cover every mutating path of `BatchColumns`, `BatchResultColumns` and `Column`:
/// initializers, copies (`let b = a`) at any point, `append`, `append(contentsOf:)`, growth,
/// `replace(at:with:)`, `removeAll(keepingCapacity:)` both ways and refills,
/// `reserveCapacity`, `assign(arrays:)` (refused shapes included), element and bulk writes
/// through a batch's columns by name and through views taken before or after (`update(from:)`,
/// `withUnsafeMutableBufferPointer`), a view assigned or swapped into a batch, a copy of a
/// column taken and written during an access to it, values a column cannot hold, result
/// writes and `resize`, `layout(into:)` and `uncheckedLayout(into:)` on one thread or (twice
/// an input at most) several, `validate()`, `==`, and values dropped.
///
/// Input: byte 0 picks the control (as in every target), bit 0 of byte 1 the precision; then
/// each call is an opcode byte (`SequenceStep`) and its arguments: slots, indices and values
/// a byte each (a raw bit pattern after its selector), configurations a kind byte and then
/// what `ControlUnderTest.fuzzed` decodes, or a few bytes.
enum SequenceFuzzChecks<C: ControlUnderTest> {
    static func check(_ source: inout FuzzSource, logging: Bool) -> FuzzFinding? {
        let scratch = FuzzStorage.lease { SequenceScratch<C>() }
        defer { FuzzStorage.release(scratch) }
        var run = SequenceRun<C>(scratch: scratch, logging: logging)
        do throws(FuzzFinding) {
            try run.run(&source)
        } catch {
            return error
        }
        return nil
    }
}

/// What the sequence check keeps from one input to the next: one-control batches that turn
/// a configuration into its column values and back, the bad-input oracle (the documented
/// rules), and the field layout.
struct SequenceScratch<C: ControlUnderTest> {
    /// One control: a configuration's column values (`replace(at: 0, with:)`, then read).
    var row = BatchColumns<C>(count: 1)
    /// The configurations of controls whose columns were written (`assign(arrays:)`, read back).
    var deriver = BatchColumns<C>()
    /// A reference result as columns, compared field by field with a layout's.
    var expectedRow = BatchResultColumns<C>(count: 1)
    /// The oracle: documented rules and names (its raw columns are set to a model's).
    var oracle = BadInputBatch<C>()
    let empty = RawColumns<C>()
    let resultHoldsBytes = (0..<C.ResultFields.fieldCount).map(C.ResultFields.holdsBytes(at:))
    let keys = C.sampleColumns
    let scalarPosition = C.InputFields.position(of: C.sampleColumns.scalar)
    let bytePosition = C.InputFields.position(of: C.sampleColumns.byte)
    let resultPosition = C.ResultFields.position(of: C.sampleColumns.result)
}

/// Which calls an input is made of: its opcode byte modulo the count.
enum SequenceStep: Int, CaseIterable {
    case newBatch, copyBatch, append, appendContents, grow, replace, removeAll, reserveCapacity
    case assignArrays, batchElementWrite, batchBulkWrite, takeView, viewElementWrite, viewBulkWrite
    case assignView, swapView, layout, uncheckedLayout, copyResults, resultWrite, resizeResults
    case validate, drop, equality
}

/// The calls of one sequence, as code (for a finding's message).
final class SequenceLog {
    var calls: [String] = []
}

struct SequenceRun<C: ControlUnderTest> {
    static var batchSlots: Int { 3 }
    static var resultSlots: Int { 3 }
    static var viewSlots: Int { 4 }
    static var maximumSteps: Int { 64 }
    /// The most controls a batch holds (past the 16, 32 and 64 of its geometric growth).
    static var maximumCount: Int { 72 }

    var batches: [BatchColumns<C>?]
    var batchModels: [SequenceBatchModel<C>]
    var results: [BatchResultColumns<C>?]
    var resultModels: [SequenceResultModel<C>]
    var views: [SequenceView<C>?]
    let scratch: UnsafeMutablePointer<SequenceScratch<C>>
    var step = 0
    var threadedLayouts = 0
    /// Batch slots the current call changed (validated after it).
    var touched = 0
    /// The calls so far, as code, when the finding's message needs them.
    let log: SequenceLog?

    init(scratch: UnsafeMutablePointer<SequenceScratch<C>>, logging: Bool) {
        self.scratch = scratch
        let empty = scratch.pointee.empty
        batches = [BatchColumns<C>(), nil, nil]
        batchModels = Array(repeating: SequenceBatchModel(empty: empty), count: Self.batchSlots)
        results = [BatchResultColumns<C>(), nil, nil]
        resultModels = Array(repeating: SequenceResultModel(holdsBytes: scratch.pointee.resultHoldsBytes), count: Self.resultSlots)
        views = Array(repeating: nil, count: Self.viewSlots)
        log = logging ? SequenceLog() : nil
    }

    var keys: SampleColumns<C> { scratch.pointee.keys }
    var fieldCount: Int { scratch.pointee.empty.holdsBytes.count }

    func note(_ text: @autoclosure () -> String) {
        log?.calls.append("\(step): " + text())
    }

    func fail(_ label: String, _ message: String) -> FuzzFinding {
        var text = "[\(C.controlName), \(C.Scalar.self)] step \(step): \(message)"
        if let log {
            text += "\n  calls by step (b: batches, r: results, v: column views; steps not listed did nothing):"
            for call in log.calls { text += "\n    \(call)" }
        }
        return FuzzFinding(.sequence, label, message: text)
    }

    // MARK: - The sequence

    mutating func run(_ source: inout FuzzSource) throws(FuzzFinding) {
        while step < Self.maximumSteps && source.position < source.bytes.count {
            let op = SequenceStep(rawValue: Int(source.nextByte()) % SequenceStep.allCases.count).unsafelyUnwrapped
            FuzzReach.sequenceSteps[op.rawValue] += 1
            touched = 0
            try perform(op, &source)
            try verifyAll()
            step += 1
        }
        // Last, every live batch's errors (after a call only the batches it changed and
        // those holding quoted values are validated).
        touched = (1 << Self.batchSlots) - 1
        try verifyAll()
    }

    mutating func perform(_ op: SequenceStep, _ source: inout FuzzSource) throws(FuzzFinding) {
        switch op {
        case .newBatch: try newBatch(&source)
        case .copyBatch: copyBatch(&source)
        case .append: append(&source)
        case .appendContents: appendContents(&source)
        case .grow: grow(&source)
        case .replace: replace(&source)
        case .removeAll: try removeAll(&source)
        case .reserveCapacity: try reserveCapacity(&source)
        case .assignArrays: try assignArrays(&source)
        case .batchElementWrite: batchElementWrite(&source)
        case .batchBulkWrite: batchBulkWrite(&source)
        case .takeView: takeView(&source)
        case .viewElementWrite: viewElementWrite(&source)
        case .viewBulkWrite: viewBulkWrite(&source)
        case .assignView: assignView(&source)
        case .swapView: swapView(&source)
        case .layout: try layout(&source, checked: true)
        case .uncheckedLayout: try layout(&source, checked: false)
        case .copyResults: copyResults(&source)
        case .resultWrite: resultWrite(&source)
        case .resizeResults: resizeResults(&source)
        case .validate: try validate(&source)
        case .drop: drop(&source)
        case .equality: try equality(&source)
        }
    }

    // MARK: - Drawing arguments

    func slot(_ source: inout FuzzSource, _ count: Int) -> Int { Int(source.nextByte()) % count }

    func index(_ source: inout FuzzSource, below count: Int) -> Int { Int(source.nextByte()) % count }

    /// A scalar to write into a column: valid values, -0, NaNs (quiet, negative, signaling,
    /// or any raw bit pattern, payloads included), infinities, the length limit and one ulp
    /// past it, the extremes.
    func scalarValue(_ source: inout FuzzSource) -> C.Scalar {
        switch source.nextByte() % 20 {
        case 0: return 0
        case 1: return -0.0
        case 2: return 1
        case 3: return 20
        case 4: return -1
        case 5: return .nan
        case 6: return -.nan
        case 7: return .signalingNaN
        case 8: return .infinity
        case 9: return -.infinity
        case 10: return C.Scalar(LayoutLimits.maximumLength)
        case 11: return C.Scalar(LayoutLimits.maximumLength).nextUp
        case 12: return .greatestFiniteMagnitude
        case 13: return .leastNonzeroMagnitude
        case 14, 15: return source.nextBitPattern()
        default: return C.Scalar(source.next(below: 4096)) / 16
        }
    }

    func byteValue(_ source: inout FuzzSource) -> UInt8 {
        switch source.nextByte() % 8 {
        case 0: return 0
        case 1: return 1
        case 2: return 2
        case 3: return 3
        case 4: return 254
        case 5: return 255
        default: return source.nextByte()
        }
    }

    func parallelism(_ source: inout FuzzSource) -> Parallelism {
        switch source.nextByte() % 8 {
        case 5: return .automatic
        case 6: return .threads(1)
        case 7:
            // Several threads (a split when the batch has more than a lane group) cost about a
            // millisecond under ASan: twice an input at most.
            let threads = 2 + source.next(below: 3)
            guard threadedLayouts < 2 else { return .serial }
            return .threads(threads)
        default: return .serial
        }
    }

    /// `c`'s column values (through a one-control batch).
    func row(of c: C) -> SequenceRow<C.Scalar> {
        scratch.pointee.row.replace(at: 0, with: c)
        var row = SequenceRow<C.Scalar>(scalars: Array(repeating: 0, count: fieldCount), bytes: Array(repeating: 0, count: fieldCount))
        for position in 0..<fieldCount {
            switch scratch.pointee.row.value(field: position, at: 0) {
            case .scalar(let value): row.scalars[position] = value
            case .byte(let value): row.bytes[position] = value
            }
        }
        return row
    }

    /// A configuration: decoded (`fuzzed`, which may let an invalid value through), a plain
    /// or typical one, one with a value its column cannot hold (`unrepresentable`, with that
    /// value as passed and its field), or one with raw values the documented rules refuse
    /// in one to three fields that its columns can hold (read back from those columns).
    mutating func configuration(_ source: inout FuzzSource) -> (C, quote: (position: Int, value: Double)?) {
        switch source.nextByte() % 8 {
        case 3: return (C.padding(Int(source.nextByte() % 8)), nil)
        case 4:
            let typical = FuzzStorage.constant { TypicalControls<C>() }.pointee.configurations
            return (typical.isEmpty ? C.padding(0) : typical[Int(source.nextByte()) % typical.count], nil)
        case 5:
            let base = C.padding(Int(source.nextByte() % 8))
            if let bad = C.unrepresentable(base, draw: Int(source.nextByte())), let quote = passedValue(bad, base: base) {
                return (bad, quote)
            }
            return (C.fuzzed(&source, mode: nil), nil)
        case 6:
            let base = C.padding(Int(source.nextByte() % 8))
            var raw = scratch.pointee.empty
            appendDirty(row(of: base), to: &raw, fields: 1 + Int(source.nextByte() % 3), &source)
            do {
                try scratch.pointee.deriver.assign(arrays: raw.arrays)
            } catch {
                return (base, nil)
            }
            return (scratch.pointee.deriver.configuration(at: 0) ?? base, nil)
        default:
            return (C.fuzzed(&source, mode: nil), nil)
        }
    }

    /// Appends `row` to `raw`, with `fields` fields (drawn) replaced by raw values drawn as
    /// the bad-input check draws them from the documented rules (NaN, infinities, -0, bounds
    /// and one ulp past them, out-of-range bytes, valid values).
    func appendDirty(_ row: SequenceRow<C.Scalar>, to raw: inout RawColumns<C>, fields: Int, _ source: inout FuzzSource) {
        var dirty: [Int] = []
        for _ in 0..<fields { dirty.append(Int(source.nextByte()) % fieldCount) }
        for position in 0..<fieldCount {
            let rule = scratch.pointee.oracle.rules[position]
            if raw.holdsBytes[position] {
                raw.bytes[position].append(dirty.contains(position) ? scratch.pointee.oracle.rawByte(&source, rule) : row.bytes[position])
            } else {
                raw.scalars[position].append(dirty.contains(position) ? scratch.pointee.oracle.rawScalar(&source, rule) : row.scalars[position])
            }
        }
    }

    /// The field and value that make `bad` (`C.unrepresentable(base, ...)`) differ from the
    /// valid `base`: the field whose column value differs, and the integer as passed (read by
    /// reflection, independently of the library's conversion).
    func passedValue(_ bad: C, base: C) -> (position: Int, value: Double)? {
        let a = row(of: bad), b = row(of: base)
        var differing: Int?
        for position in 0..<fieldCount {
            if a.bytes[position] != b.bytes[position] || BitPattern.bits(a.scalars[position]) != BitPattern.bits(b.scalars[position]) {
                differing = position
                break
            }
        }
        guard let differing else { return nil }
        for (x, y) in zip(Mirror(reflecting: bad).children, Mirror(reflecting: base).children) {
            if let passed = x.value as? Int, let valid = y.value as? Int, passed != valid { return (differing, Double(passed)) }
        }
        return nil
    }

    /// Raw columns of 0...8 controls, each a configuration's values, some with a field
    /// replaced by a raw value the documented rules refuse or accept (NaN, infinities, -0,
    /// bounds and one ulp past them, out-of-range bytes: the bad-input check's draws).
    mutating func arrays(_ source: inout FuzzSource) -> (RawColumns<C>, count: Int) {
        var raw = scratch.pointee.empty
        let count = Int(source.nextByte() % 9)
        for _ in 0..<count {
            let row = self.row(of: configuration(&source).0)
            appendDirty(row, to: &raw, fields: source.nextByte() % 4 == 0 ? 1 + Int(source.nextByte() % 3) : 0, &source)
        }
        return (raw, count)
    }

    // MARK: - Batches

    mutating func newBatch(_ source: inout FuzzSource) throws(FuzzFinding) {
        let s = slot(&source, Self.batchSlots)
        touched |= 1 << s
        var model = SequenceBatchModel<C>(empty: scratch.pointee.empty)
        switch source.nextByte() % 4 {
        case 0:
            var configurations: [C] = []
            for _ in 0..<Int(source.nextByte() % 9) {
                let (c, quote) = configuration(&source)
                configurations.append(c)
                model.append(row: row(of: c), configuration: c, quote: quote)
            }
            batches[s] = BatchColumns(configurations)
            note("b\(s) = BatchColumns(\(configurations))")
        case 1:
            let capacity = Int(source.nextByte())
            batches[s] = BatchColumns(capacity: capacity)
            note("b\(s) = BatchColumns(capacity: \(capacity))")
        case 2:
            let count = Int(source.nextByte() % 20)
            batches[s] = BatchColumns(count: count)
            model = SequenceBatchModel(zeros: count, empty: scratch.pointee.empty)
            note("b\(s) = BatchColumns(count: \(count))")
        default:
            let (raw, count) = arrays(&source)
            note("b\(s) = try BatchColumns(arrays: \(raw.arrays))")
            do {
                batches[s] = try BatchColumns(arrays: raw.arrays)
            } catch {
                throw fail("init(arrays:)", "refused arrays of equal lengths: \(error)")
            }
            model.assign(raw, count: count)
        }
        batchModels[s] = model
    }

    mutating func copyBatch(_ source: inout FuzzSource) {
        let from = slot(&source, Self.batchSlots), to = slot(&source, Self.batchSlots)
        guard batches[from] != nil else { return }
        batches[to] = batches[from]
        batchModels[to] = batchModels[from]
        touched |= 1 << to
        note("b\(to) = b\(from)")
    }

    mutating func append(_ source: inout FuzzSource) {
        let s = slot(&source, Self.batchSlots)
        let (c, quote) = configuration(&source)
        guard var batch = batches[s], batch.count < Self.maximumCount else { return }
        batches[s] = nil
        batch.append(c)
        batches[s] = batch
        batchModels[s].append(row: row(of: c), configuration: c, quote: quote)
        touched |= 1 << s
        note("b\(s).append(\(c))")
    }

    mutating func appendContents(_ source: inout FuzzSource) {
        let s = slot(&source, Self.batchSlots)
        let lazy = source.nextByte() & 1 == 1
        var configurations: [C] = []
        var quotes: [(position: Int, value: Double)?] = []
        for _ in 0..<Int(source.nextByte() % 5) {
            let (c, quote) = configuration(&source)
            configurations.append(c)
            quotes.append(quote)
        }
        guard var batch = batches[s], batch.count + configurations.count <= Self.maximumCount else { return }
        batches[s] = nil
        // An array (its count reserved first) or a sequence that underestimates its count.
        if lazy { batch.append(contentsOf: configurations.lazy.filter { _ in true }) } else { batch.append(contentsOf: configurations) }
        batches[s] = batch
        for (c, quote) in zip(configurations, quotes) { batchModels[s].append(row: row(of: c), configuration: c, quote: quote) }
        touched |= 1 << s
        note("b\(s).append(contentsOf: \(configurations)\(lazy ? ".lazy.filter { _ in true }" : ""))")
    }

    /// Many appends of one configuration: the batch grows past its capacity (16, 32, 64).
    mutating func grow(_ source: inout FuzzSource) {
        let s = slot(&source, Self.batchSlots)
        let repeated = 1 + Int(source.nextByte() % 48)
        let oneByOne = source.nextByte() & 1 == 1
        let (c, quote) = configuration(&source)
        guard var batch = batches[s] else { return }
        let count = Swift.min(repeated, Self.maximumCount - batch.count)
        guard count > 0 else { return }
        batches[s] = nil
        if oneByOne { for _ in 0..<count { batch.append(c) } } else { batch.append(contentsOf: repeatElement(c, count: count)) }
        batches[s] = batch
        let row = self.row(of: c)
        for _ in 0..<count { batchModels[s].append(row: row, configuration: c, quote: quote) }
        touched |= 1 << s
        note("b\(s): \(oneByOne ? "append(_:) \(count) times" : "append(contentsOf: repeatElement(_, count: \(count)))") of \(c)")
    }

    mutating func replace(_ source: inout FuzzSource) {
        let s = slot(&source, Self.batchSlots)
        let at = Int(source.nextByte())
        let (c, quote) = configuration(&source)
        guard var batch = batches[s], batch.count > 0 else { return }
        let index = at % batch.count
        batches[s] = nil
        batch.replace(at: index, with: c)
        batches[s] = batch
        batchModels[s].replace(at: index, row: row(of: c), configuration: c, quote: quote)
        touched |= 1 << s
        note("b\(s).replace(at: \(index), with: \(c))")
    }

    /// `removeAll(keepingCapacity:)`, either way; then, for one input in two, the refill of
    /// a frame loop: every configuration read back first (`configuration(at:)`, a plain one
    /// where a raw value is out of range), appended again.
    mutating func removeAll(_ source: inout FuzzSource) throws(FuzzFinding) {
        let s = slot(&source, Self.batchSlots)
        let how = source.nextByte()
        let keep = how & 1 == 1, refill = how & 2 != 0
        guard var batch = batches[s] else { return }
        var configurations: [C] = []
        if refill {
            for index in 0..<batch.count { configurations.append(batch.configuration(at: index) ?? C.padding(index % 8)) }
        }
        batches[s] = nil
        let capacity = batch.capacity
        batch.removeAll(keepingCapacity: keep)
        let emptied = (batch.count, batch.capacity)
        if refill { batch.append(contentsOf: configurations) }
        batches[s] = batch
        batchModels[s].removeAll()
        for c in configurations { batchModels[s].append(row: row(of: c), configuration: c, quote: nil) }
        touched |= 1 << s
        note("b\(s).removeAll(keepingCapacity: \(keep))" + (refill ? ", then append(contentsOf: \(configurations)) (read back before)" : ""))
        if emptied.0 != 0 || (keep ? emptied.1 < capacity : emptied.1 != 0) {
            throw fail("capacity", "removeAll(keepingCapacity: \(keep)) left \(emptied.0) controls and a capacity of \(emptied.1) (it was \(capacity))")
        }
    }

    mutating func reserveCapacity(_ source: inout FuzzSource) throws(FuzzFinding) {
        let s = slot(&source, Self.batchSlots)
        let choice = Int(source.nextByte() % 8)
        guard var batch = batches[s] else { return }
        let capacity = [0, batch.count, batch.count + 1, batch.capacity + 1, 17, 64, 1_100, 2_100][choice]
        batches[s] = nil
        batch.reserveCapacity(capacity)
        batches[s] = batch
        touched |= 1 << s
        note("b\(s).reserveCapacity(\(capacity))")
        if batch.capacity < capacity {
            throw fail("capacity", "reserveCapacity(\(capacity)) left a capacity of \(batch.capacity)")
        }
    }

    /// `assign(arrays:)`: arrays of equal length replace the batch, either new ones or the
    /// batch's own columns with up to two values changed (a tool that reads them, edits and
    /// writes them back); one column too long or too short is refused with the documented
    /// error, and leaves the batch as it was.
    mutating func assignArrays(_ source: inout FuzzSource) throws(FuzzFinding) {
        let s = slot(&source, Self.batchSlots)
        let variant = source.nextByte() % 4
        let column = Int(source.nextByte()) % fieldCount
        var (raw, count) = (scratch.pointee.empty, 0)
        if variant == 1 {
            (raw, count) = (batchModels[s].raw, batchModels[s].count)
            for _ in 0..<Int(source.nextByte() % 3) {
                let index = Int(source.nextByte()), position = Int(source.nextByte()) % fieldCount
                let rule = scratch.pointee.oracle.rules[position]
                if count == 0 { continue }
                if raw.holdsBytes[position] {
                    raw.bytes[position][index % count] = scratch.pointee.oracle.rawByte(&source, rule)
                } else {
                    raw.scalars[position][index % count] = scratch.pointee.oracle.rawScalar(&source, rule)
                }
            }
        } else {
            (raw, count) = arrays(&source)
        }
        guard var batch = batches[s] else { return }
        batches[s] = nil
        defer { batches[s] = batch }
        touched |= 1 << s
        guard variant == 0 else {
            note("try b\(s).assign(arrays: \(raw.arrays))" + (variant == 1 ? " (its own columns, edited)" : ""))
            do {
                try batch.assign(arrays: raw.arrays)
            } catch {
                throw fail("assign(arrays:)", "refused arrays of equal lengths: \(error)")
            }
            batchModels[s].assign(raw, count: count)
            return
        }
        var arrays = raw.arrays
        var lengths = Array(repeating: count, count: fieldCount)
        switch arrays[column] {
        case .scalars(var values):
            if count > 0 && column % 2 == 0 { values.removeLast() } else { values.append(1) }
            lengths[column] = values.count
            arrays[column] = .scalars(values)
        case .bytes(var values):
            if count > 0 && column % 2 == 0 { values.removeLast() } else { values.append(1) }
            lengths[column] = values.count
            arrays[column] = .bytes(values)
        }
        note("try b\(s).assign(arrays: \(arrays)) (column \(column) of another length)")
        let expected = BadInputFuzzChecks.expectedLengthError(names: scratch.pointee.oracle.names, lengths: lengths)
        do {
            try batch.assign(arrays: arrays)
        } catch {
            guard let expected, BadInputFuzzChecks.sameError(error, expected) else {
                throw fail("wrong error", "assign(arrays:) threw \(error), expected \(String(describing: expected))")
            }
            return
        }
        throw fail("accepted", "assign(arrays:) accepted columns of lengths \(lengths); expected \(String(describing: expected))")
    }

    // MARK: - Columns by name

    mutating func batchElementWrite(_ source: inout FuzzSource) {
        let s = slot(&source, Self.batchSlots)
        let at = Int(source.nextByte())
        let scalar = source.nextByte() & 1 == 0
        let x = scalarValue(&source), byte = byteValue(&source)
        guard var batch = batches[s], batch.count > 0 else { return }
        let index = at % batch.count
        batches[s] = nil
        if scalar {
            batch[dynamicMember: keys.scalar][index] = x
            batchModels[s].wroteScalar(x, position: scratch.pointee.scalarPosition, index: index)
            note("b\(s).\(names[scratch.pointee.scalarPosition])[\(index)] = \(x) (\(BitPattern.hex(x)))")
        } else {
            batch[dynamicMember: keys.byte][index] = byte
            batchModels[s].wroteByte(byte, position: scratch.pointee.bytePosition, index: index)
            note("b\(s).\(names[scratch.pointee.bytePosition])[\(index)] = \(byte)")
        }
        batches[s] = batch
        touched |= 1 << s
    }

    var names: [String] { scratch.pointee.oracle.names }

    /// Every element (or every other one) of a column written through the batch, by
    /// `withUnsafeMutableBufferPointer` or `update(from:)`.
    mutating func batchBulkWrite(_ source: inout FuzzSource) {
        let s = slot(&source, Self.batchSlots)
        let how = source.nextByte()
        let x = scalarValue(&source), byte = byteValue(&source)
        guard var batch = batches[s] else { return }
        batches[s] = nil
        let everyOther = how & 2 != 0, byUpdate = how & 4 != 0
        let call = byUpdate ? "update(from:)" : "withUnsafeMutableBufferPointer"
        let which = everyOther ? "every other element" : "every element"
        /// Writes `value` through `column` by the drawn call; the model's values, written the same way.
        func write<T: ColumnElement>(_ value: T, into column: inout Column<T>, model: [T]) -> [T] {
            var values = model
            for index in values.indices {
                if !everyOther || index % 2 == 0 { values[index] = value }
            }
            if byUpdate {
                column.update(from: values)
            } else {
                column.withUnsafeMutableBufferPointer { buffer in
                    for index in buffer.indices {
                        if !everyOther || index % 2 == 0 { buffer[index] = value }
                    }
                }
            }
            return values
        }
        if how & 1 == 0 {
            let position = scratch.pointee.scalarPosition
            let values = write(x, into: &batch[dynamicMember: keys.scalar], model: batchModels[s].raw.scalars[position])
            batchModels[s].wroteScalars(values, position: position)
            note("b\(s).\(names[position]).\(call): \(which) = \(x) (\(BitPattern.hex(x)))")
        } else {
            let position = scratch.pointee.bytePosition
            let values = write(byte, into: &batch[dynamicMember: keys.byte], model: batchModels[s].raw.bytes[position])
            batchModels[s].wroteBytes(values, position: position)
            note("b\(s).\(names[position]).\(call): \(which) = \(byte)")
        }
        batches[s] = batch
        touched |= 1 << s
    }

    // MARK: - Column views

    mutating func takeView(_ source: inout FuzzSource) {
        let v = slot(&source, Self.viewSlots)
        let kind = source.nextByte() % 3
        let s = slot(&source, Self.batchSlots)
        switch kind {
        case 0:
            guard let batch = batches[s] else { return }
            views[v] = .inputScalar(batch[dynamicMember: keys.scalar], batchModels[s].raw.scalars[scratch.pointee.scalarPosition])
            note("var v\(v) = b\(s).\(names[scratch.pointee.scalarPosition])")
        case 1:
            guard let batch = batches[s] else { return }
            views[v] = .inputByte(batch[dynamicMember: keys.byte], batchModels[s].raw.bytes[scratch.pointee.bytePosition])
            note("var v\(v) = b\(s).\(names[scratch.pointee.bytePosition])")
        default:
            guard let output = results[s] else { return }
            views[v] = .result(output[dynamicMember: keys.result], resultModels[s].scalars[scratch.pointee.resultPosition])
            note("var v\(v) = r\(s).\(BatchResultColumns<C>.fieldNames[scratch.pointee.resultPosition])")
        }
    }

    mutating func viewElementWrite(_ source: inout FuzzSource) {
        let v = slot(&source, Self.viewSlots)
        let at = Int(source.nextByte())
        let x = scalarValue(&source), byte = byteValue(&source)
        // Each view is taken out of its slot before the write, so that it is the only
        // reference to its storage when nothing else shares it (the in-place path).
        guard let view = views[v], view.modelCount > 0 else { return }
        views[v] = nil
        let index = at % view.modelCount
        switch consume view {
        case .inputScalar(var column, var model):
            column[index] = x
            model[index] = x
            views[v] = .inputScalar(column, model)
            note("v\(v)[\(index)] = \(x) (\(BitPattern.hex(x)))")
        case .result(var column, var model):
            column[index] = x
            model[index] = x
            views[v] = .result(column, model)
            note("v\(v)[\(index)] = \(x) (\(BitPattern.hex(x)))")
        case .inputByte(var column, var model):
            column[index] = byte
            model[index] = byte
            views[v] = .inputByte(column, model)
            note("v\(v)[\(index)] = \(byte)")
        }
    }

    mutating func viewBulkWrite(_ source: inout FuzzSource) {
        let v = slot(&source, Self.viewSlots)
        let byUpdate = source.nextByte() & 1 == 1
        let x = scalarValue(&source), byte = byteValue(&source)
        func written<T>(_ model: [T], _ value: T) -> [T] {
            var values = model
            for index in values.indices {
                if index % 3 != 1 { values[index] = value }
            }
            return values
        }
        guard let view = views[v] else { return }
        views[v] = nil
        let call = byUpdate ? "update(from:)" : "withUnsafeMutableBufferPointer"
        switch consume view {
        case .inputScalar(var column, let model):
            let values = written(model, x)
            if byUpdate { column.update(from: values) } else { column.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) } }
            views[v] = .inputScalar(column, values)
            note("v\(v).\(call): all but every third element = \(x) (\(BitPattern.hex(x)))")
        case .result(var column, let model):
            let values = written(model, x)
            if byUpdate { column.update(from: values) } else { column.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) } }
            views[v] = .result(column, values)
            note("v\(v).\(call): all but every third element = \(x) (\(BitPattern.hex(x)))")
        case .inputByte(var column, let model):
            let values = written(model, byte)
            if byUpdate { column.update(from: values) } else { column.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: values) } }
            views[v] = .inputByte(column, values)
            note("v\(v).\(call): all but every third element = \(byte)")
        }
    }

    /// `batch.column = view` on batch slot `s`, when the batch holds `count` controls; whether
    /// it was made.
    mutating func assign<T: ColumnElement>(
        _ column: Column<T>, count: Int, to key: KeyPath<C.InputFields, Field<T>>, ofBatch s: Int
    ) -> Bool {
        guard var batch = batches[s], batch.count == count else { return false }
        batches[s] = nil
        batch[dynamicMember: key] = column
        batches[s] = batch
        touched |= 1 << s
        return true
    }

    /// A view assigned to a batch's (or results') column of its kind: its elements are
    /// copied in (when the counts agree, the documented precondition).
    mutating func assignView(_ source: inout FuzzSource) {
        let v = slot(&source, Self.viewSlots), s = slot(&source, Self.batchSlots)
        switch views[v] {
        case .inputScalar(let column, let model)?:
            guard assign(column, count: model.count, to: keys.scalar, ofBatch: s) else { return }
            batchModels[s].wroteScalars(model, position: scratch.pointee.scalarPosition)
            note("b\(s).\(names[scratch.pointee.scalarPosition]) = v\(v)")
        case .inputByte(let column, let model)?:
            guard assign(column, count: model.count, to: keys.byte, ofBatch: s) else { return }
            batchModels[s].wroteBytes(model, position: scratch.pointee.bytePosition)
            note("b\(s).\(names[scratch.pointee.bytePosition]) = v\(v)")
        case .result(let column, let model)?:
            guard var output = results[s], output.count == model.count else { return }
            results[s] = nil
            output[dynamicMember: keys.result] = column
            results[s] = output
            resultModels[s].scalars[scratch.pointee.resultPosition] = model
            note("r\(s).\(BatchResultColumns<C>.fieldNames[scratch.pointee.resultPosition]) = v\(v)")
        case nil:
            return
        }
    }

    /// `swap(&batch.column, &view)`: the batch's column takes the view's elements and the
    /// view the column's (counts equal).
    /// (Two selector values make other calls on the same slots: `swapColumns`, and
    /// `copyDuringAccess`.)
    mutating func swapView(_ source: inout FuzzSource) {
        let v = slot(&source, Self.viewSlots), s = slot(&source, Self.batchSlots)
        let selector = source.nextByte()
        if selector % 4 == 3 {
            swapColumns(s, (s + 1 + v % 2) % Self.batchSlots)
            return
        }
        if selector % 8 == 6 {
            copyDuringAccess(&source, view: v, batch: s)
            return
        }
        guard let view = views[v] else { return }
        if case .result = view {
            guard results[s]?.count == view.modelCount else { return }
        } else {
            guard batches[s]?.count == view.modelCount else { return }
        }
        views[v] = nil
        switch consume view {
        case .inputScalar(var column, let model):
            var batch = batches[s].unsafelyUnwrapped
            batches[s] = nil
            let old = batchModels[s].raw.scalars[scratch.pointee.scalarPosition]
            swap(&batch[dynamicMember: keys.scalar], &column)
            batches[s] = batch
            views[v] = .inputScalar(column, old)
            batchModels[s].wroteScalars(model, position: scratch.pointee.scalarPosition)
            touched |= 1 << s
            note("swap(&b\(s).\(names[scratch.pointee.scalarPosition]), &v\(v))")
        case .inputByte(var column, let model):
            var batch = batches[s].unsafelyUnwrapped
            batches[s] = nil
            let old = batchModels[s].raw.bytes[scratch.pointee.bytePosition]
            swap(&batch[dynamicMember: keys.byte], &column)
            batches[s] = batch
            views[v] = .inputByte(column, old)
            batchModels[s].wroteBytes(model, position: scratch.pointee.bytePosition)
            touched |= 1 << s
            note("swap(&b\(s).\(names[scratch.pointee.bytePosition]), &v\(v))")
        case .result(var column, let model):
            var output = results[s].unsafelyUnwrapped
            results[s] = nil
            let old = resultModels[s].scalars[scratch.pointee.resultPosition]
            swap(&output[dynamicMember: keys.result], &column)
            results[s] = output
            views[v] = .result(column, old)
            resultModels[s].scalars[scratch.pointee.resultPosition] = model
            note("swap(&r\(s).\(BatchResultColumns<C>.fieldNames[scratch.pointee.resultPosition]), &v\(v))")
        }
    }

    /// In one access to a batch's column (an `inout` argument), a copy of the column is
    /// taken and written, then the column itself: the copy keeps its own write (it becomes
    /// view `view`), and the batch takes only the column's.
    mutating func copyDuringAccess(_ source: inout FuzzSource, view v: Int, batch s: Int) {
        let at = Int(source.nextByte())
        let x = scalarValue(&source), y = scalarValue(&source)
        guard var batch = batches[s], batch.count > 0 else { return }
        let index = at % batch.count, position = scratch.pointee.scalarPosition
        batches[s] = nil
        func access(_ column: inout Column<C.Scalar>) -> Column<C.Scalar> {
            var copy = column
            copy[index] = x
            column[index] = y
            return copy
        }
        let copy = access(&batch[dynamicMember: keys.scalar])
        batches[s] = batch
        var model = batchModels[s].raw.scalars[position], copyModel = model
        copyModel[index] = x
        model[index] = y
        batchModels[s].wroteScalars(model, position: position)
        views[v] = .inputScalar(copy, copyModel)
        touched |= 1 << s
        note("b\(s).\(names[position]) in one access: var v\(v) = it; v\(v)[\(index)] = \(x) (\(BitPattern.hex(x))); it[\(index)] = \(y) (\(BitPattern.hex(y)))")
    }

    /// `swap(&a.column, &b.column)` of two batches of one count: each takes the other's
    /// elements.
    mutating func swapColumns(_ a: Int, _ b: Int) {
        guard a != b, var x = batches[a], var y = batches[b], x.count == y.count else { return }
        batches[a] = nil
        batches[b] = nil
        let position = scratch.pointee.scalarPosition
        swap(&x[dynamicMember: keys.scalar], &y[dynamicMember: keys.scalar])
        batches[a] = x
        batches[b] = y
        let (old, new) = (batchModels[a].raw.scalars[position], batchModels[b].raw.scalars[position])
        batchModels[a].wroteScalars(new, position: position)
        batchModels[b].wroteScalars(old, position: position)
        touched |= 1 << a | 1 << b
        note("swap(&b\(a).\(names[position]), &b\(b).\(names[position]))")
    }

    // MARK: - Layout and validation

    /// The error the documented rules give for `model`: the lowest bad control, its first
    /// bad field in declaration order (then the rules that tie fields together), the value
    /// as passed where the control was given one its column cannot hold.
    func expectedError(_ model: SequenceBatchModel<C>) -> LayoutError? {
        scratch.pointee.oracle.raw = model.raw
        for index in 0..<model.count {
            for position in 0..<fieldCount {
                if var error = scratch.pointee.oracle.expectedProblem(at: position, index) {
                    for quote in model.quotes {
                        if quote.index == index && quote.position == position { error.value = quote.value }
                    }
                    return error
                }
            }
            if let error = C.expectedCrossFieldProblem(in: model.raw, index: index) { return error }
        }
        return nil
    }

    /// Same index, field and kind of problem, and the same value bit for bit.
    static func sameError(_ a: LayoutError, _ b: LayoutError) -> Bool {
        BadInputFuzzChecks.sameError(a, b) && a.value.bitPattern == b.value.bitPattern
    }

    mutating func layout(_ source: inout FuzzSource, checked: Bool) throws(FuzzFinding) {
        let s = slot(&source, Self.batchSlots), r = slot(&source, Self.resultSlots)
        let parallelism = self.parallelism(&source)
        guard let batch = batches[s] else { return }
        if case .threads(let threads) = parallelism, threads > 1 { threadedLayouts += 1 }
        if results[r] == nil {
            results[r] = BatchResultColumns()
            resultModels[r] = SequenceResultModel(holdsBytes: scratch.pointee.resultHoldsBytes)
        }
        var output = results[r].unsafelyUnwrapped
        results[r] = nil
        let model = batchModels[s]
        let expected = expectedError(model)
        note("\(checked ? "try b\(s).layout" : "b\(s).uncheckedLayout")(into: &r\(r), parallelism: \(parallelism))")
        if checked {
            do {
                try batch.layout(into: &output, parallelism: parallelism)
            } catch {
                results[r] = output
                guard let expected else { throw fail("refused", "layout(into:) refused a valid batch: \(error)") }
                guard Self.sameError(error, expected) else {
                    throw fail("wrong error", "layout(into:) threw \(error) (value \(BitPattern.hex(error.value))), expected \(expected) (value \(BitPattern.hex(expected.value)))")
                }
                // The output's model is unchanged: verifyAll checks that nothing was written.
                return
            }
            if let expected {
                results[r] = output
                throw fail("accepted", "layout(into:) accepted a batch the documented rules refuse: expected \(expected)")
            }
        } else {
            batch.uncheckedLayout(into: &output, parallelism: parallelism)
        }
        results[r] = output
        guard output.count == model.count else {
            throw fail("count", "the output has \(output.count) results for \(model.count) controls")
        }
        if expected == nil { try compareWithReferences(output, s) }
        // The model takes the bits written (NaN payloads are not part of the contract).
        var written = SequenceResultModel<C>(holdsBytes: scratch.pointee.resultHoldsBytes, count: output.count)
        for position in 0..<written.holdsBytes.count {
            for index in 0..<output.count {
                switch output.value(field: position, at: index) {
                case .scalar(let value): written.scalars[position][index] = value
                case .byte(let value): written.bytes[position][index] = value
                }
            }
        }
        resultModels[r] = written
    }

    /// Every control's results against the scalar reference of its configuration, field by
    /// field, bit for bit (any NaN equals any NaN).
    mutating func compareWithReferences(_ output: BatchResultColumns<C>, _ s: Int) throws(FuzzFinding) {
        try deriveConfigurations(s)
        let model = batchModels[s]
        for index in 0..<model.count {
            guard let configuration = model.configurations[index] else {
                throw fail("configuration", "control \(index) passes the documented rules but has no configuration")
            }
            let reference = C.referenceLayout(configuration)
            scratch.pointee.expectedRow.set(reference, at: 0)
            for position in 0..<scratch.pointee.resultHoldsBytes.count {
                let same: Bool
                switch (scratch.pointee.expectedRow.value(field: position, at: 0), output.value(field: position, at: index)) {
                case (.scalar(let a), .scalar(let b)): same = BitPattern.bits(a) == BitPattern.bits(b) || (a.isNaN && b.isNaN)
                case (.byte(let a), .byte(let b)): same = a == b
                default: same = false
                }
                if !same {
                    throw FuzzFinding(.mismatch, "kernel != reference", message: fail("", "control \(index): reference \(reference), kernel \(output[index]) (field \(BatchResultColumns<C>.fieldNames[position])), configuration \(configuration)").message)
                }
            }
        }
    }

    /// The configurations of controls whose columns were written, read back from their
    /// model's raw values (through a batch built from them).
    mutating func deriveConfigurations(_ s: Int) throws(FuzzFinding) {
        let model = batchModels[s]
        var missing: [Int] = []
        for index in 0..<model.count {
            if model.configurations[index] == nil { missing.append(index) }
        }
        guard !missing.isEmpty else { return }
        var raw = scratch.pointee.empty
        for index in missing {
            for position in 0..<fieldCount {
                if raw.holdsBytes[position] { raw.bytes[position].append(model.raw.bytes[position][index]) }
                else { raw.scalars[position].append(model.raw.scalars[position][index]) }
            }
        }
        do {
            try scratch.pointee.deriver.assign(arrays: raw.arrays)
        } catch {
            throw fail("assign(arrays:)", "refused arrays of equal lengths: \(error)")
        }
        for (row, index) in missing.enumerated() {
            batchModels[s].configurations[index] = scratch.pointee.deriver.configuration(at: row)
        }
    }

    mutating func validate(_ source: inout FuzzSource) throws(FuzzFinding) {
        let s = slot(&source, Self.batchSlots)
        guard batches[s] != nil else { return }
        note("try b\(s).validate()")
        try checkValidation(s)
    }

    /// `validate()` of batch `s` throws exactly the error its model predicts.
    func checkValidation(_ s: Int) throws(FuzzFinding) {
        guard let batch = batches[s] else { return }
        let expected = expectedError(batchModels[s])
        switch (LayoutError.thrown(by: batch.validate), expected) {
        case (nil, nil): return
        case (nil, let expected?): throw fail("accepted", "b\(s).validate() accepted a batch the documented rules refuse: expected \(expected)")
        case (let error?, nil): throw fail("refused", "b\(s).validate() refused a valid batch: \(error)")
        case (let error?, let expected?):
            if !Self.sameError(error, expected) {
                throw fail("wrong error", "b\(s).validate() threw \(error) (value \(BitPattern.hex(error.value))), expected \(expected) (value \(BitPattern.hex(expected.value)))")
            }
        }
    }

    // MARK: - Results

    mutating func copyResults(_ source: inout FuzzSource) {
        let from = slot(&source, Self.resultSlots), to = slot(&source, Self.resultSlots)
        guard results[from] != nil else { return }
        results[to] = results[from]
        resultModels[to] = resultModels[from]
        note("r\(to) = r\(from)")
    }

    mutating func resultWrite(_ source: inout FuzzSource) {
        let r = slot(&source, Self.resultSlots)
        let how = source.nextByte()
        let at = Int(source.nextByte())
        let x = scalarValue(&source)
        guard var output = results[r], output.count > 0 else { return }
        results[r] = nil
        let position = scratch.pointee.resultPosition
        let name = BatchResultColumns<C>.fieldNames[position]
        switch how % 3 {
        case 0:
            output[dynamicMember: keys.result][at % output.count] = x
            resultModels[r].scalars[position][at % output.count] = x
            note("r\(r).\(name)[\(at % output.count)] = \(x) (\(BitPattern.hex(x)))")
        case 1:
            output[dynamicMember: keys.result].withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices { buffer[index] = x }
            }
            for index in 0..<output.count { resultModels[r].scalars[position][index] = x }
            note("r\(r).\(name).withUnsafeMutableBufferPointer: every element = \(x) (\(BitPattern.hex(x)))")
        default:
            var values = resultModels[r].scalars[position]
            values[at % values.count] = x
            output[dynamicMember: keys.result].update(from: values)
            resultModels[r].scalars[position] = values
            note("r\(r).\(name).update(from:) with element \(at % values.count) = \(x) (\(BitPattern.hex(x)))")
        }
        results[r] = output
    }

    mutating func resizeResults(_ source: inout FuzzSource) {
        let r = slot(&source, Self.resultSlots)
        let fresh = source.nextByte() & 1 == 1
        let count = Int(source.nextByte() % 40)
        if fresh {
            results[r] = BatchResultColumns(count: count)
            resultModels[r] = SequenceResultModel(holdsBytes: scratch.pointee.resultHoldsBytes, count: count)
            note("r\(r) = BatchResultColumns(count: \(count))")
            return
        }
        guard var output = results[r] else { return }
        results[r] = nil
        output.resize(to: count)
        results[r] = output
        resultModels[r].resize(to: count)
        note("r\(r).resize(to: \(count))")
    }

    // MARK: - Dropping and comparing values

    mutating func drop(_ source: inout FuzzSource) {
        let kind = source.nextByte() % 3
        let s = Int(source.nextByte())
        switch kind {
        case 0: batches[s % Self.batchSlots] = nil; note("b\(s % Self.batchSlots) = nil")
        case 1: results[s % Self.resultSlots] = nil; note("r\(s % Self.resultSlots) = nil")
        default: views[s % Self.viewSlots] = nil; note("v\(s % Self.viewSlots) = nil")
        }
    }

    /// `==` on two batches or two result columns: equal exactly when their models hold the
    /// same bits.
    mutating func equality(_ source: inout FuzzSource) throws(FuzzFinding) {
        let results = source.nextByte() & 1 == 1
        let a = slot(&source, Self.batchSlots), b = slot(&source, Self.batchSlots)
        if results {
            guard let x = self.results[a], let y = self.results[b] else { return }
            note("r\(a) == r\(b)")
            let expected = resultModels[a].sameColumns(as: resultModels[b])
            if (x == y) != expected { throw fail("==", "r\(a) == r\(b) is \(x == y), the models say \(expected)") }
        } else {
            guard let x = batches[a], let y = batches[b] else { return }
            note("b\(a) == b\(b)")
            let expected = batchModels[a].sameColumns(as: batchModels[b])
            if (x == y) != expected { throw fail("==", "b\(a) == b\(b) is \(x == y), the models say \(expected)") }
        }
    }

    // MARK: - Every value against its model

    func verifyAll() throws(FuzzFinding) {
        for s in 0..<Self.batchSlots {
            guard let batch = batches[s] else { continue }
            try verify(batch, batchModels[s], "b\(s)")
            if touched & (1 << s) != 0 || !batchModels[s].quotes.isEmpty { try checkValidation(s) }
        }
        for r in 0..<Self.resultSlots {
            guard let output = results[r] else { continue }
            try verify(output, resultModels[r], "r\(r)")
        }
        for v in 0..<Self.viewSlots {
            switch views[v] {
            case .inputScalar(let column, let model)?: try verify(column, model, "v\(v)")
            case .result(let column, let model)?: try verify(column, model, "v\(v)")
            case .inputByte(let column, let model)?:
                guard column.count == model.count, column.elementsEqual(model) else {
                    throw fail("view", "v\(v) holds \(Array(column)), its model \(model)")
                }
            case nil: continue
            }
        }
    }

    func verify(_ batch: BatchColumns<C>, _ model: SequenceBatchModel<C>, _ name: String) throws(FuzzFinding) {
        guard batch.count == model.count, batch.isEmpty == (model.count == 0), batch.capacity >= model.count else {
            throw fail("count", "\(name) has \(batch.count) controls (capacity \(batch.capacity)), its model \(model.count)")
        }
        for position in 0..<fieldCount {
            for index in 0..<model.count {
                let same: Bool
                switch batch.value(field: position, at: index) {
                case .scalar(let value): same = BitPattern.bits(value) == BitPattern.bits(model.raw.scalars[position][index])
                case .byte(let value): same = value == model.raw.bytes[position][index]
                }
                if !same {
                    throw fail("columns", "\(name).\(names[position])[\(index)] is \(batch.value(field: position, at: index)), its model \(model.raw.value(at: position, index))")
                }
            }
        }
    }

    func verify(_ output: BatchResultColumns<C>, _ model: SequenceResultModel<C>, _ name: String) throws(FuzzFinding) {
        guard output.count == model.count, output.isEmpty == (model.count == 0) else {
            throw fail("count", "\(name) has \(output.count) results, its model \(model.count)")
        }
        for position in 0..<model.holdsBytes.count {
            for index in 0..<model.count {
                let same: Bool
                switch output.value(field: position, at: index) {
                case .scalar(let value): same = BitPattern.bits(value) == BitPattern.bits(model.scalars[position][index])
                case .byte(let value): same = value == model.bytes[position][index]
                }
                if !same {
                    let modelValue = model.holdsBytes[position] ? "\(model.bytes[position][index])" : "\(model.scalars[position][index])"
                    throw fail("results", "\(name).\(BatchResultColumns<C>.fieldNames[position])[\(index)] is \(output.value(field: position, at: index)), its model \(modelValue)")
                }
            }
        }
    }

    func verify(_ column: Column<C.Scalar>, _ model: [C.Scalar], _ name: String) throws(FuzzFinding) {
        guard column.count == model.count else {
            throw fail("view", "\(name) has \(column.count) elements, its model \(model.count)")
        }
        for index in 0..<model.count {
            if BitPattern.bits(column[index]) != BitPattern.bits(model[index]) {
                throw fail("view", "\(name)[\(index)] is \(column[index]) (\(BitPattern.hex(column[index]))), its model \(model[index]) (\(BitPattern.hex(model[index])))")
            }
        }
    }
}

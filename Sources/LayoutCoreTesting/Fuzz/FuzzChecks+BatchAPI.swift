import LayoutCore

/// The batch types' own API on a batch the kernel accepted, for every control: each way of
/// reading, copying, refilling and comparing columns must agree with the others. Run by the
/// bad-input target after it has checked the batch's results against the reference.
enum BatchAPIChecks {
    static func check<C: BatchLayout>(
        _ columns: BatchColumns<C>, _ output: BatchResultColumns<C>, input: @autoclosure () -> String
    ) throws(FuzzFinding) {
        func fail(_ message: String) -> FuzzFinding { BadInputFuzzChecks.finding("batch API", message, input()) }
        let count = columns.count
        guard columns.isEmpty == (count == 0), columns.capacity >= count, output.count == count,
              output.isEmpty == (count == 0) else {
            throw fail("count \(count), isEmpty \(columns.isEmpty), capacity \(columns.capacity), output count \(output.count)")
        }
        guard BatchColumns<C>.fieldNames.count == C.InputFields.fieldCount,
              BatchResultColumns<C>.fieldNames.count == C.ResultFields.fieldCount,
              C.InputFields.rules.count == C.InputFields.fieldCount else {
            throw fail("field names \(BatchColumns<C>.fieldNames), \(BatchResultColumns<C>.fieldNames)")
        }
        // The arrays read back build the same batch.
        let rebuilt: BatchColumns<C>
        do {
            rebuilt = try BatchColumns<C>(arrays: columns.arrays)
        } catch {
            throw fail("init(arrays:) refused the batch's own arrays: \(error)")
        }
        guard rebuilt == columns else { throw fail("init(arrays: columns.arrays) differs from the columns") }
        // Arrays that do not fit the fields are refused, naming the field.
        func refusal(_ arrays: [ColumnArray<C.Scalar>]) -> LayoutError? {
            do {
                _ = try BatchColumns<C>(arrays: arrays)
                return nil
            } catch {
                return error
            }
        }
        var arrays = columns.arrays
        arrays.removeLast()
        guard refusal(arrays)?.field == BatchColumns<C>.fieldNames.last else {
            throw fail("one array too few: \(String(describing: refusal(arrays)))")
        }
        arrays = columns.arrays
        let firstByteField = (0..<C.InputFields.fieldCount).first { C.InputFields.holdsBytes(at: $0) } ?? 0
        arrays[firstByteField] = .scalars(Array(repeating: 0, count: count))
        guard count == 0 || refusal(arrays)?.field == BatchColumns<C>.fieldNames[firstByteField] else {
            throw fail("scalars for a byte field: \(String(describing: refusal(arrays)))")
        }
        // The fields' own description: rules, case names, defaults, sizes.
        let rules = C.InputFields.rules
        guard rules == C.InputFields.rules, Set(rules).count <= rules.count, !C.controlName.isEmpty,
              C.InputFields.bytesPerControl > 0, C.ResultFields.bytesPerControl > 0 else {
            throw fail("the field sets describe themselves inconsistently")
        }
        for (position, rule) in rules.enumerated() {
            _ = C.InputFields.summary(at: position)
            if let names = rule.caseNames, names.count != Int(rule.upper) || !C.InputFields.holdsBytes(at: position) {
                throw fail("field \(position) names \(names) for \(rule.upper) cases")
            }
            if let value = C.InputFields.defaultValue(at: position), !value.isFinite {
                throw fail("field \(position) has the default \(value)")
            }
        }
        // The generic single-control entry point is the reference, validated.
        if count > 0, let configuration = columns.configuration(at: 0) {
            let single: C.Result
            do {
                single = try configuration.layout()
            } catch {
                throw fail("layout() refused control 0, which the batch accepted: \(error)")
            }
            guard ResultBits.firstDifference([single], BatchResultColumns(copying: output, count: 1)) == nil,
                  single == C.referenceLayout(configuration) || ResultBits.firstDifference([single], ResultBits.columns([C.referenceLayout(configuration)], as: C.self)) == nil else {
                throw fail("layout() of control 0 gave \(single), the batch \(output[0])")
            }
        }
        // Copy on write: a copy that grows (past a page per scalar column, so those columns
        // are staggered), empties and refills leaves the original alone.
        var copy = columns
        let capacity = Swift.max(2 * count + 1, 1100)
        copy.reserveCapacity(capacity)
        guard copy == columns, copy.capacity >= capacity else { throw fail("reserveCapacity changed the columns") }
        copy.removeAll(keepingCapacity: true)
        guard copy.isEmpty, columns.count == count, rebuilt == columns else {
            throw fail("removeAll on a copy changed the original")
        }
        copy.removeAll()
        guard copy.capacity == 0, copy.isEmpty else { throw fail("removeAll() kept \(copy.capacity)") }
        // Results: a resized copy, a result written back, and a copy filled with sentinels.
        var results = output
        guard results.firstBitDifference(from: output) == nil else { throw fail("a copy of the output differs from it") }
        if count > 0 {
            results.set(output[0], at: 0)
            guard results == output, ResultBits.firstDifference([output[0]], BatchResultColumns(copying: output, count: 1)) == nil else {
                throw fail("the first result written back differs: \(output[0])")
            }
            results.fill(scalar: -1, byte: 0xEE)
            for position in 0..<C.ResultFields.fieldCount {
                let value = results.value(field: position, at: count - 1)
                guard value == .scalar(-1) || value == .byte(0xEE) else {
                    throw fail("fill left \(value) in result column \(position)")
                }
            }
        }
        // Any NaN equals any NaN; a NaN and a number differ.
        var nans = output, numbers = output
        nans.fill(scalar: .nan, byte: 1)
        numbers.fill(scalar: 1, byte: 1)
        var otherNaNs = nans
        otherNaNs.fill(scalar: -.nan, byte: 1)
        guard nans.firstBitDifference(from: otherNaNs) == nil,
              count == 0 || nans.firstBitDifference(from: numbers) == 0 else {
            throw fail("NaN results compare wrongly")
        }
        results.resize(to: count + 1)
        guard results.count == count + 1, output.count == count else { throw fail("resize on a copy changed the original") }
        guard ResultBits.checksum(output) == ResultBits.checksum(ResultBits.columns((0..<count).map { output[$0] }, as: C.self)) else {
            throw fail("the output's checksum differs from its results' written as columns")
        }
    }
}

extension BatchResultColumns {
    /// The first `count` results of `other`, as new columns.
    init(copying other: BatchResultColumns, count: Int) {
        self.init(count: count)
        for index in 0..<count { set(other[index], at: index) }
    }
}

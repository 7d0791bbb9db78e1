// The batch entry points, written once for every control: validation driven by the fields'
// rules, then the lane loop (full groups, the tail, threads) around the control's kernel.

extension BatchColumns {
    /// Lays out every control with the batch kernel, after validating every column.
    ///
    /// Equivalent to `output[i] = try configuration(at: i)!.layout()` for every `i`, bit for
    /// bit, but a lane group of controls per SIMD vector and, for large batches, on every core.
    /// `output` is resized to `count` if needed (reuse it to avoid allocating).
    ///
    /// - Throws: `LayoutError` for the lowest bad element (see `validate()`); `output` is then
    ///   left exactly as it was.
    /// - Complexity: O(count), without allocating when `output.count == count`.
    @inlinable
    public func layout(
        into output: inout BatchResultColumns<Control>, parallelism: Parallelism = .automatic
    ) throws(LayoutError) {
        try validate(parallelism: parallelism)
        layOut(into: &output, parallelism: parallelism)
    }

    /// The batch kernel without validation: NaN, negative sizes or raw values out of range give
    /// meaningless results (never a trap).
    @inlinable
    public func uncheckedLayout(
        into output: inout BatchResultColumns<Control>, parallelism: Parallelism = .automatic
    ) {
        layOut(into: &output, parallelism: parallelism)
    }

    @inlinable
    func layOut(into output: inout BatchResultColumns<Control>, parallelism: Parallelism) {
        let count = self.count
        if output.count != count { output.resize(to: count) } else { output.makeUnique() }
        guard count > 0 else { return }
        let lanes = LaneGroups<Control>(input: storage.fields, output: output.storage.fields)
        withExtendedLifetime(storage) {
            runBatch(count: count, parallelism: parallelism) { range in lanes.layOut(range) }
        }
    }

    /// Checks every column: every value against its field's rule (finite, within
    /// `LayoutLimits`, raw values in range...), then the rules that tie a control's fields
    /// together.
    ///
    /// - Throws: `LayoutError` naming the lowest bad element index, its field and value; at
    ///   that index, the first bad field in declaration order, as the configuration's own
    ///   `validate()` names it.
    @inlinable
    public func validate() throws(LayoutError) {
        try validate(parallelism: .serial)
    }

    /// `validate()`, with the fast pass (the common case: every control is valid) split
    /// across threads as the layout is: on a batch that comes from memory it is a pass over
    /// every input byte, which one core reads at a fraction of the machine's bandwidth.
    @inlinable
    func validate(parallelism: Parallelism) throws(LayoutError) {
        let count = self.count
        let storage = self.storage
        let valid = withExtendedLifetime(storage) {
            allRanges(count: count, parallelism: parallelism) { range in Self.passes(storage, range) }
        }
        if valid { return }
        // Something is wrong: find and name the first bad element.
        let error: LayoutError? = withExtendedLifetime(storage) {
            Self.firstError(storage, count: count)
        }
        if let error { throw error }
    }

    /// Whether every control in `range` passes every rule: the control's fused pass, or the
    /// generic per-column scans, over the columns from `range.lowerBound`.
    @inlinable
    static func passes(_ storage: ColumnStorage<Control.InputFields>, _ range: Range<Int>) -> Bool {
        var fields = storage.fields
        if range.lowerBound > 0 {
            for position in storage.addresses.indices {
                fields.bind(position, to: storage.addresses[position] + range.lowerBound * storage.elementSizes[position])
            }
        }
        return Control.allValid(fields, count: range.count)
            ?? passesFieldRules(fields, storage, range)
    }

    /// Whether every control in `range` passes every rule: the generic per-column scans (no
    /// names), then the control's own checks. `fields` are bound from `range.lowerBound`.
    @inlinable
    static func passesFieldRules(
        _ fields: Control.InputFields, _ storage: ColumnStorage<Control.InputFields>, _ range: Range<Int>
    ) -> Bool {
        let count = range.count
        for position in storage.rules.indices {
            let rule = storage.rules[position]
            let address = storage.addresses[position] + range.lowerBound * storage.elementSizes[position]
            switch rule.kind {
            case .range:
                if storage.elementSizes[position] == 1 {
                    let column = address.assumingMemoryBound(to: UInt8.self)
                    for index in 0..<count {
                        if !rule.accepts(Double(column[index])) { return false }
                    }
                } else if !allAccepted(address.assumingMemoryBound(to: Control.Scalar.self), count: count, rule: rule) {
                    return false
                }
            case .cases:
                let column = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
                let prefix = BatchValidator.prefixBelow(column, limit: count, caseCount: rule.caseCount)
                for index in prefix..<max(prefix, count) {
                    if column[index] >= rule.caseCount { return false }
                }
            case .checkedByControl, .result:
                break
            }
        }
        var validator = BatchValidator(count: count)
        for position in storage.rules.indices {
            if storage.rules[position].kind == .checkedByControl {
                Control.checkFieldRules(at: position, of: fields, count: count, into: &validator)
            }
        }
        Control.checkCrossFieldRules(fields, count: count, into: &validator)
        return validator.error == nil
    }

    @inlinable
    static func allAccepted(_ column: UnsafeMutablePointer<Control.Scalar>, count: Int, rule: FieldRule) -> Bool {
        let prefix = BatchValidator.acceptedPrefix(UnsafePointer(column), limit: count, rule: rule)
        for index in prefix..<max(prefix, count) {
            if !rule.accepts(column[index]) { return false }
        }
        return true
    }

    /// The first error of a batch that failed the fast pass: every field in declaration order,
    /// then the cross-field rules; the lowest element index wins.
    @inlinable
    static func firstError(_ storage: ColumnStorage<Control.InputFields>, count: Int) -> LayoutError? {
        let names = Control.InputFields.names
        var validator = BatchValidator(count: count)
        for position in storage.rules.indices {
            let rule = storage.rules[position], address = storage.addresses[position]
            switch rule.kind {
            case .range where storage.elementSizes[position] == 1:
                let column = address.assumingMemoryBound(to: UInt8.self)
                for index in 0..<validator.searchLimit {
                    if !rule.accepts(Double(column[index])) {
                        // A byte range names whole numbers ("2...255").
                        validator.record(LayoutError(
                            index: index, field: names[position], value: Double(column[index]),
                            problem: .outOfRange(expected: "\(Int(rule.lower))...\(Int(rule.upper))")))
                        break
                    }
                }
            case .range:
                validator.check(UnsafePointer(address.assumingMemoryBound(to: Control.Scalar.self)),
                                field: names[position], rule: rule)
            case .cases:
                validator.check(UnsafePointer(address.assumingMemoryBound(to: UInt8.self)),
                                field: names[position], caseCount: rule.caseCount)
            case .checkedByControl:
                Control.checkFieldRules(at: position, of: storage.fields, count: count, into: &validator)
            case .result:
                break
            }
        }
        Control.checkCrossFieldRules(storage.fields, count: count, into: &validator)
        return validator.error
    }
}

/// The lane loop of one batch: the bound input and result fields, and the control's kernel
/// over a range of controls.
@usableFromInline
struct LaneGroups<Control: BatchLayout>: @unchecked Sendable {
    @usableFromInline let input: Control.InputFields
    @usableFromInline let output: Control.ResultFields

    @inlinable
    init(input: Control.InputFields, output: Control.ResultFields) {
        self.input = input
        self.output = output
    }

    /// Lays out the controls in `range` with the control's kernel.
    @inlinable
    func layOut(_ range: Range<Int>) {
        Control.layOut(input, output, range: range)
    }
}

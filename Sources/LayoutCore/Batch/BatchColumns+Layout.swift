// The batch entry points, written once for every control: validation driven by the fields'
// rules, then the lane loop (full groups, the tail, threads) around the control's kernel.

extension BatchColumns {
    /// Lays out every control with the batch kernel, after validating every column.
    ///
    /// Equivalent to `output[i] = try Namespace.layout(configuration(at: i)!)` for every `i`,
    /// bit for bit, but a lane group of controls per SIMD vector and, for large batches, on
    /// every core. `output` is resized to `count` if needed (reuse it to avoid allocating).
    ///
    /// - Throws: `LayoutError` for the lowest bad element (see `validate()`); `output` is then
    ///   left exactly as it was.
    /// - Complexity: O(count), without allocating when `output.count == count`.
    @inlinable
    public func layout(
        into output: inout BatchResultColumns<Control>, parallelism: Parallelism = .automatic
    ) throws(LayoutError) {
        try validatedKernelLayout(into: &output, parallelism: parallelism)
    }

    /// The batch kernel without validation: NaN, negative sizes or raw values out of range give
    /// meaningless results (never a trap).
    @inlinable
    public func uncheckedLayout(
        into output: inout BatchResultColumns<Control>, parallelism: Parallelism = .automatic
    ) {
        kernelLayout(into: &output, parallelism: parallelism)
    }

    /// The lane loop on the caller's thread when the batch takes one (every batch below
    /// `Parallelism.automaticThreshold` by default), without a closure; `runBatch` otherwise.
    @inlinable
    func kernelLayout(into output: inout BatchResultColumns<Control>, parallelism: Parallelism) {
        let count = self.count
        if output.count != count { output.resize(to: count) } else { output.makeUnique() }
        guard count > 0 else { return }
        // `self` and `output` hold both storages for the whole call.
        let lanes = LaneGroups<Control>(input: storage, output: output.storage)
        if parallelism.isSerial(forBatchOf: count) {
            lanes.layout(0..<count, storage.boundFields)
            return
        }
        runBatch(count: count, parallelism: parallelism) { range in lanes.layout(range) }
    }

    /// `validate(parallelism:)` then `kernelLayout(into:parallelism:)`, in one function on
    /// one thread: the call's set-up (the batch's count, the thread decision, the fields'
    /// address) is made once, where two calls would each copy the field set for its callee
    /// and have their own prologue.
    @inlinable
    func validatedKernelLayout(
        into output: inout BatchResultColumns<Control>, parallelism: Parallelism
    ) throws(LayoutError) {
        let count = self.count
        let storage = self.storage
        guard parallelism.isSerial(forBatchOf: count) else {
            try validate(parallelism: parallelism)
            kernelLayout(into: &output, parallelism: parallelism)
            return
        }
        let fields = UnsafePointer(storage.boundFields)
        if !Self.passes(fields, storage, 0..<count), let error = Self.firstError(storage, count: count) { throw error }
        if output.count != count { output.resize(to: count) } else { output.makeUnique() }
        guard count > 0 else { return }
        // `self` and `output` hold both storages for the whole call.
        LaneGroups<Control>(input: storage, output: output.storage).layout(0..<count, fields)
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
        // One thread (every batch below `Parallelism.automaticThreshold` by default): the
        // fast pass called directly, without `allRanges`' closure.
        let valid = parallelism.isSerial(forBatchOf: count)
            ? Self.passes(storage, 0..<count)
            : withExtendedLifetime(storage) {
                allRanges(count: count, parallelism: parallelism) { range in Self.passes(storage, range) }
            }
        if valid { return }
        // Something is wrong: find and name the first bad element (out of line: the cold path).
        if let error = Self.firstError(storage, count: count) { throw error }
    }

    /// Whether every control in `range` passes every rule: the control's fused pass, or the
    /// generic per-column scans, over the columns from `range.lowerBound`.
    @inlinable
    static func passes(_ storage: ColumnStorage<Control.InputFields>, _ range: Range<Int>) -> Bool {
        if range.lowerBound == 0 { return passes(storage.boundFields, storage, range) }
        return withUnsafePointer(to: storage.fields(from: range.lowerBound)) { passes($0, storage, range) }
    }

    /// `passes(storage, range)` with the fields bound from `range.lowerBound`.
    @inlinable
    static func passes(
        _ fields: UnsafePointer<Control.InputFields>, _ storage: ColumnStorage<Control.InputFields>, _ range: Range<Int>
    ) -> Bool {
        Control._allValid(fields, count: range.count) ?? passesFieldRules(fields.pointee, storage, range)
    }

    /// Whether every control in `range` passes every rule: the schema's per-column scans (no
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
                Control._checkFieldRules(at: position, of: fields, count: count, into: &validator)
            }
        }
        Control._checkCrossFieldRules(fields, count: count, into: &validator)
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
    /// then the cross-field rules; the lowest element index wins. A value recorded as
    /// unrepresentable at the reported element and field is quoted as it was passed.
    @inlinable @inline(never)
    static func firstError(_ storage: ColumnStorage<Control.InputFields>, count: Int) -> LayoutError? {
        let names = Control.InputFields.names
        var validator = BatchValidator(count: count)
        for position in storage.rules.indices {
            let rule = storage.rules[position], address = storage.addresses[position]
            validator.position = position
            switch rule.kind {
            case .range where storage.elementSizes[position] == 1:
                let column = address.assumingMemoryBound(to: UInt8.self)
                for index in 0..<validator.searchLimit {
                    if !rule.accepts(Double(column[index])) {
                        validator.record(LayoutError(
                            index: index, field: names[position], value: Double(column[index]), problem: rule.byteProblem()))
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
                Control._checkFieldRules(at: position, of: storage.fields, count: count, into: &validator)
            case .result:
                break
            }
        }
        validator.position = -1
        Control._checkCrossFieldRules(storage.fields, count: count, into: &validator)
        guard var error = validator.error else { return nil }
        for entry in storage.unrepresentable {
            if entry.index == error.index && entry.position == validator.errorPosition { error.value = entry.value }
        }
        return error
    }
}

extension ColumnStorage {
    /// The fields bound to the columns from element `start` (a thread's share).
    @inlinable
    func fields(from start: Int) -> Fields {
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: addresses.count) { shifted in
            for position in addresses.indices {
                shifted[position] = addresses[position] + start * elementSizes[position]
            }
            return Fields.bound(to: UnsafePointer(shifted.baseAddress.unsafelyUnwrapped))
        }
    }
}

// MARK: - One configuration

extension BatchLayout {
    /// Checks every field of this configuration, by the same rules and in the same order as a
    /// batch's validation: the error names the first bad field, at element index 0.
    ///
    /// - Throws: `LayoutError` naming the field and the value as it was passed.
    @inlinable
    public func validate() throws(LayoutError) {
        if let error = Self.firstError(of: self) { throw error }
    }

    /// The first error of `configuration`: written into one row of columns on the stack, whose
    /// fields the schema checks as it declares them (`FieldBinder`'s check), then the control's
    /// own field checks in their turn and its cross-field rules.
    @inlinable
    static func firstError(of configuration: Self) -> LayoutError? {
        let fieldCount = InputFields.fieldCount
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: fieldCount) { row in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: fieldCount) { addresses in
                let rowStart = row.baseAddress.unsafelyUnwrapped
                for position in 0..<fieldCount {
                    addresses[position] = UnsafeMutableRawPointer(rowStart + position)
                }
                let bound = UnsafePointer(addresses.baseAddress.unsafelyUnwrapped)
                var checker = FieldBinder(.check, addresses: bound)
                let fields = InputFields.bound(to: bound)
                let refused = _write(configuration, to: fields, at: 0)
                _ = InputFields(&checker)
                var validator = BatchValidator(count: 1)
                var controlChecked = checker.controlChecked
                while controlChecked != 0 && validator.error == nil {
                    let position = controlChecked.trailingZeroBitCount
                    controlChecked &= controlChecked &- 1
                    validator.position = position
                    _checkFieldRules(at: position, of: fields, count: 1, into: &validator)
                }
                if validator.error == nil, let failure = checker.failure {
                    validator.position = failure.position
                    validator.record(failure.error)
                }
                if validator.error == nil {
                    validator.position = -1
                    _checkCrossFieldRules(fields, count: 1, into: &validator)
                }
                guard var error = validator.error else { return nil }
                if let refused, refused.position == validator.errorPosition { error.value = refused.value }
                return error
            }
        }
    }
}

/// The lane loop of one batch: the input and result storage, and the control's kernel over a
/// range of controls.
///
/// The storage references are `unowned(unsafe)`: the batch call that makes a `LaneGroups`
/// holds both storages until it returns (threads included), and strong references cost a
/// retain and a release of each per call.
@usableFromInline
struct LaneGroups<Control: BatchLayout>: @unchecked Sendable {
    @usableFromInline unowned(unsafe) let input: ColumnStorage<Control.InputFields>
    @usableFromInline unowned(unsafe) let output: ColumnStorage<Control.ResultFields>

    @inlinable
    init(input: ColumnStorage<Control.InputFields>, output: ColumnStorage<Control.ResultFields>) {
        self.input = input
        self.output = output
    }

    /// Lays out the controls in `range` with the control's kernel. For a kernel that takes
    /// only full lane groups (`_takesFullGroupsOnly`), the last partial group goes through a
    /// zero-padded scratch group.
    @inlinable
    func layout(_ range: Range<Int>) {
        layout(range, input.boundFields)
    }

    /// `layout(range)` with the input fields' address (`input.boundFields`).
    // Always inlined: a branch and one or two calls, which a caller's module otherwise
    // inlines or not by its own size heuristics (a separate function adds to a short batch's
    // fixed cost: Docs/Performance.md, "Fixed cost per call").
    @inlinable @inline(__always)
    func layout(_ range: Range<Int>, _ inputFields: UnsafePointer<Control.InputFields>) {
        if !Control._takesFullGroupsOnly {
            Control._layout(inputFields, output.boundFields, range: range)
            return
        }
        let width = Control._laneWidth
        let tail = range.count % width
        if range.count > tail {
            Control._layout(inputFields, output.boundFields, range: range.lowerBound ..< range.upperBound - tail)
        }
        if tail > 0 { layoutScratchGroup(from: range.upperBound - tail, count: tail) }
    }

    /// Lays out the `count` (1..<width) controls from `start` in scratch columns of one lane
    /// group: their inputs copied in and padded with zeros, the results copied back.
    @inlinable @inline(never)
    func layoutScratchGroup(from start: Int, count: Int) {
        let inputCount = input.addresses.count, resultCount = output.addresses.count
        // Eight bytes per element covers every element type.
        let stride = maximumLaneWidth * 8
        withUnsafeTemporaryAllocation(byteCount: (inputCount + resultCount) * stride, alignment: 64) { scratch in
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: inputCount + resultCount) { addresses in
            let base = scratch.baseAddress.unsafelyUnwrapped
            base.initializeMemory(as: UInt8.self, repeating: 0, count: scratch.count)
            for position in 0..<(inputCount + resultCount) { addresses[position] = base + position * stride }
            for position in 0..<inputCount {
                let size = input.elementSizes[position]
                addresses[position].copyMemory(from: input.addresses[position] + start * size, byteCount: count * size)
            }
            let bound = UnsafePointer(addresses.baseAddress.unsafelyUnwrapped)
            withUnsafePointer(to: Control.InputFields.bound(to: bound)) { inputFields in
                withUnsafePointer(to: Control.ResultFields.bound(to: bound + inputCount)) { outputFields in
                    Control._layout(inputFields, outputFields, range: 0 ..< Control._laneWidth)
                }
            }
            for position in 0..<resultCount {
                let size = output.elementSizes[position]
                (output.addresses[position] + start * size).copyMemory(
                    from: addresses[inputCount + position], byteCount: count * size)
            }
        }}
    }
}

// MARK: - For the tests of the fused passes

extension BatchColumns {
    /// What the control's fused pass says of the whole batch (`nil`: the control has none).
    package var fusedPassAccepts: Bool? {
        withExtendedLifetime(storage) { Control._allValid(storage.boundFields, count: count) }
    }

    /// What the schema's per-column scans and the control's own checks say of the whole batch:
    /// the rules the fused pass must agree with.
    package var schemaRulesAccept: Bool {
        withExtendedLifetime(storage) { Self.passesFieldRules(storage.fields, storage, 0..<count) }
    }
}

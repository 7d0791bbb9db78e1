import LayoutCore

// Checks of the batch layer every control shares: value semantics of batches, results and
// column views; the field sets' declarations; the fused validation passes against the schema.
// `ControlCheck` runs them for every control of the registry (ControlSuiteTests).

/// A failed expectation of a batch-layer check.
struct BatchLayerFailure: Error {
    let message: String
}

enum BatchLayerChecks<C: ControlUnderTest> {
    // MARK: Value semantics

    /// Every mutating call of the batch API applied to a copy that shares the original's
    /// storage, and every write through a column view: the original keeps its bits, and the
    /// copy holds what the call says.
    static func valueSemantics(seed: UInt64) -> String? {
        valueSemantics(configurations: C.generated(count: 41, seed: seed), extra: C.generated(count: 29, seed: seed &+ 1))
    }

    /// `valueSemantics(seed:)` on given configurations (at least 6; the fuzz targets pass the
    /// ones they decoded) and `extra` ones to append (at least 3). `growth`: the appends that
    /// make a copy reallocate: `minimumGrowth`, or past the batch's capacity if more.
    static func valueSemantics(configurations: [C], extra: [C], minimumGrowth: Int = 1_000) -> String? {
        precondition(configurations.count >= 6 && extra.count >= 3, "valueSemantics needs 6 configurations and 3 extra")
        let keys = C.sampleColumns
        let original = BatchColumns(configurations)
        let reversed = BatchColumns(Array(configurations.reversed()))
        let snapshot = original.arrays
        let growth = Swift.max(minimumGrowth, original.capacity - original.count + 1)
        // The first failure ends the check: once the original has changed, later calls would
        // start from the wrong values (or trap on an index the original no longer has).
        func expectOriginalKept(_ call: String) throws(BatchLayerFailure) {
            if original.count != configurations.count || original.arrays != snapshot {
                throw BatchLayerFailure(message: "\(call) on a copy changed the original")
            }
        }
        func expect(_ condition: Bool, _ what: String) throws(BatchLayerFailure) {
            if !condition { throw BatchLayerFailure(message: what) }
        }
        do throws(BatchLayerFailure) {

        // The batch's own mutating calls, each on a fresh copy.
        let mutations: [(String, (inout BatchColumns<C>) -> Void, (BatchColumns<C>) -> Bool)] = [
            ("append(_:)", { $0.append(extra[0]) },
             { $0.count == configurations.count + 1 && $0.configuration(at: configurations.count) == extra[0] }),
            ("append(contentsOf:)", { $0.append(contentsOf: extra) },
             { $0.count == configurations.count + extra.count && $0.configuration(at: $0.count - 1) == extra.last }),
            ("replace(at:with:)", { $0.replace(at: 2, with: extra[0]) },
             { $0.count == configurations.count && $0.configuration(at: 2) == extra[0]
                 && $0.configuration(at: 1) == configurations[1] && $0.configuration(at: 3) == configurations[3] }),
            ("reserveCapacity(_:)", { $0.reserveCapacity(4_096) },
             { $0.capacity >= 4_096 && $0.arrays == snapshot }),
            ("removeAll(keepingCapacity: true)", { $0.removeAll(keepingCapacity: true) },
             { $0.isEmpty && $0.capacity >= configurations.count }),
            ("removeAll(keepingCapacity: false)", { $0.removeAll() }, { $0.isEmpty }),
            ("a scalar element through the batch", { $0[dynamicMember: keys.scalar][3] = 4_242 },
             { $0[dynamicMember: keys.scalar][3] == 4_242 }),
            ("a byte element through the batch", { $0[dynamicMember: keys.byte][5] = 77 },
             { $0[dynamicMember: keys.byte][5] == 77 }),
            ("withUnsafeMutableBufferPointer through the batch",
             { $0[dynamicMember: keys.scalar].withUnsafeMutableBufferPointer { $0[0] = -1 } },
             { $0[dynamicMember: keys.scalar][0] == -1 }),
            ("update(from:) through the batch",
             { $0[dynamicMember: keys.byte].update(from: repeatElement(9, count: configurations.count)) },
             { $0[dynamicMember: keys.byte].allSatisfy { $0 == 9 } }),
            ("a column assigned through the batch", { $0[dynamicMember: keys.scalar] = reversed[dynamicMember: keys.scalar] },
             { Array($0[dynamicMember: keys.scalar]) == Array(reversed[dynamicMember: keys.scalar]) }),
            ("growth by \(growth) appends", { batch in for _ in 0..<growth { batch.append(extra[1]) } },
             { $0.count == configurations.count + growth && $0.configuration(at: 0) == configurations[0] }),
            // The tools' refill (package API): on a copy it must take storage of its own.
            ("assign(arrays:)", { try? $0.assign(arrays: reversed.arrays) }, { $0.arrays == reversed.arrays }),
        ]
        for (call, mutate, holds) in mutations {
            var copy = original
            mutate(&copy)
            try expectOriginalKept(call)
            try expect(holds(copy), "\(call): the copy does not hold what the call says")
        }

        // `init(count:)`: that many controls, every column zero (+0 for scalars), to fill
        // column by column.
        do {
            let zeros = BatchColumns<C>(count: configurations.count)
            let allZero = zeros.arrays.allSatisfy { column in
                switch column {
                case .scalars(let values): return values.allSatisfy { BitPattern.bits($0) == 0 }
                case .bytes(let values): return values.allSatisfy { $0 == 0 }
                }
            }
            try expect(zeros.count == configurations.count && allZero, "init(count:) is not \(configurations.count) zero controls")
        }

        // A view read from a batch is a value of its own.
        let firstScalar = original[dynamicMember: keys.scalar][0]
        do {
            let copy = original
            var view = original[dynamicMember: keys.scalar]
            view[0] = 99
            try expect(view[0] == 99, "a written view does not hold its write")
            try expect(copy[dynamicMember: keys.scalar][0] == firstScalar, "a view's write changed a copy of its batch")
            try expectOriginalKept("a write through a view")
        }
        do {
            var view = original[dynamicMember: keys.byte]
            view.withUnsafeMutableBufferPointer { for index in $0.indices { $0[index] = 200 } }
            var other = original[dynamicMember: keys.scalar]
            other.update(from: repeatElement(5, count: configurations.count))
            try expect(view.allSatisfy { $0 == 200 } && other.allSatisfy { $0 == 5 }, "a view's bulk writes are lost")
            try expectOriginalKept("withUnsafeMutableBufferPointer and update(from:) on views")
        }
        // A view kept while its batch grows, shrinks and is emptied: its elements stay where
        // they were, and its writes reach neither the batch nor freed memory.
        do {
            var batch = original
            var kept = batch[dynamicMember: keys.scalar]
            for _ in 0..<(2 * growth) { batch.append(extra[2]) }
            kept[0] = 7
            try expect(kept.count == configurations.count && kept[0] == 7, "a kept view changed with its batch")
            try expect(batch[dynamicMember: keys.scalar][0] == firstScalar, "a kept view's write reached its batch after growth")
            batch.removeAll(keepingCapacity: true)
            kept[1] = 8
            try expect(batch.isEmpty && kept[1] == 8 && kept.count == configurations.count,
                   "a kept view changed when its batch was emptied")
            try expectOriginalKept("growing a copy with a view kept")
        }
        // A view swapped out of a batch's accessor is a value of its own afterwards.
        do {
            var batch = original
            var swapped = BatchColumns(extra)[dynamicMember: keys.scalar]
            let incoming = Array(swapped)
            let swaps = incoming.count == batch.count
            let first = swaps ? incoming[0] : batch[dynamicMember: keys.scalar][0]
            if swaps { swap(&batch[dynamicMember: keys.scalar], &swapped) }
            swapped[0] = first == 1_234 ? 4_321 : 1_234
            try expect(batch[dynamicMember: keys.scalar][0] == first, "a view swapped out of a batch still writes into it")
            try expectOriginalKept("swapping a view out of a copy")
        }

        // Results: a copy's layout, resize and column writes leave the original alone.
        var results = BatchResultColumns<C>()
        original.uncheckedLayout(into: &results)
        let resultSnapshot = resultValues(results)
        let resultMutations: [(String, (inout BatchResultColumns<C>) -> Void)] = [
            ("layout(into:)", { try? reversed.layout(into: &$0) }),
            ("uncheckedLayout(into:)", { reversed.uncheckedLayout(into: &$0) }),
            ("layout(into:) of another length", { BatchColumns(extra).uncheckedLayout(into: &$0) }),
            ("resize(to:)", { $0.resize(to: 3) }),
            ("a result element", { $0[dynamicMember: keys.result][2] = 12_345 }),
            ("withUnsafeMutableBufferPointer on a result column",
             { $0[dynamicMember: keys.result].withUnsafeMutableBufferPointer { $0[0] = -9 } }),
        ]
        for (call, mutate) in resultMutations {
            var copy = results
            mutate(&copy)
            try expect(resultValues(results) == resultSnapshot, "\(call) on a copy of results changed the original")
        }
        do {
            var view = results[dynamicMember: keys.result]
            view[0] = 55
            try expect(resultValues(results) == resultSnapshot, "a write through a result view changed its results")
        }
        } catch {
            return error.message
        }
        return nil
    }

    /// Every element of every result column, by bit pattern.
    static func resultValues(_ results: BatchResultColumns<C>) -> [[UInt64]] {
        (0..<C.ResultFields.fieldCount).map { position in
            (0..<results.count).map { index in
                switch results.value(field: position, at: index) {
                case .byte(let byte): return UInt64(byte)
                case .scalar(let scalar): return BitPattern.bits(scalar)
                }
            }
        }
    }

    // MARK: Values a column cannot hold

    /// `unrepresentableValues(configurations:index:draw:)` on 12 valid configurations from
    /// `seed`, each element in turn with each kind of unrepresentable value.
    static func unrepresentableValues(seed: UInt64) -> String? {
        let configurations = Array(C.generated(count: 60, seed: seed).filter(\.isValid).prefix(12))
        guard configurations.count == 12 else { return "too few valid configurations drawn" }
        for draw in 0..<18 {
            if let failure = unrepresentableValues(configurations: configurations, index: draw % 12, draw: draw) {
                return failure
            }
        }
        return nil
    }

    /// A copy of the valid configuration `index` with a value its column cannot hold
    /// (`C.unrepresentable`: the thumb track's segment count or selected index outside a byte),
    /// put into a batch of `configurations` by `replace(at:with:)` on a copy sharing its storage,
    /// and by `append`. The batch's `validate()` and `layout(into:)` must refuse it at its index
    /// with the error the configuration's own `validate()` gives, the value quoted as passed
    /// (the column holds another); the original stays valid; and replacing the control with a
    /// valid one makes the batch valid again. Controls whose values all fit pass trivially.
    static func unrepresentableValues(configurations: [C], index: Int, draw: Int) -> String? {
        guard index < configurations.count, let bad = C.unrepresentable(configurations[index], draw: draw) else { return nil }
        guard let single = LayoutError.thrown(by: bad.validate) else {
            return "validate() accepted a value its column cannot hold: \(bad)"
        }
        func refusal(_ batch: BatchColumns<C>, at index: Int, _ call: String) -> String? {
            let expected = single.placed(at: index)
            guard let validated = LayoutError.thrown(by: batch.validate) else {
                return "\(call): validate() accepted a control whose value its column cannot hold (\(single))"
            }
            if !BadInputFuzzChecks.sameError(validated, expected) {
                return "\(call): validate() threw \(validated); the configuration alone: \(single), so expected it at \(index)"
            }
            var output = BatchResultColumns<C>()
            guard let laidOut = LayoutError.thrown(by: { () throws(LayoutError) in try batch.layout(into: &output, parallelism: .serial) }) else {
                return "\(call): layout(into:) accepted a control whose value its column cannot hold (\(single))"
            }
            if !BadInputFuzzChecks.sameError(laidOut, expected) {
                return "\(call): layout(into:) threw \(laidOut); expected \(expected)"
            }
            return nil
        }
        let original = BatchColumns(configurations)
        var replaced = original
        replaced.replace(at: index, with: bad)
        if let failure = refusal(replaced, at: index, "replace(at:with:)") { return failure }
        if (try? original.validate()) == nil { return "replace(at:with:) of an unrepresentable value on a copy made the original invalid" }
        var appended = original
        appended.append(bad)
        if let failure = refusal(appended, at: configurations.count, "append(_:)") { return failure }
        // Where the value belongs to the control's sample byte column (the thumb track's
        // selected index), a write through that column forgets the value as passed: the batch
        // then quotes what the column holds, 255 (an index no segment count admits).
        let byteColumn = C.sampleColumns.byte
        if C.InputFields.names[C.InputFields.position(of: byteColumn)] == single.field {
            var written = appended
            written[dynamicMember: byteColumn][configurations.count] = 255
            guard let read = written.configuration(at: configurations.count) else { return "configuration(at:) of a written element is nil" }
            guard let expected = LayoutError.thrown(by: read.validate) else { return "validate() accepted \(read)" }
            let thrown = LayoutError.thrown(by: written.validate)
            let placed = expected.placed(at: configurations.count)
            guard let thrown, BadInputFuzzChecks.sameError(thrown, placed) else {
                return "the unrepresentable value's column written with 255 through the batch: validate() threw \(String(describing: thrown)), expected \(placed)"
            }
        }
        replaced.replace(at: index, with: configurations[index])
        do {
            try replaced.validate()
        } catch {
            return "the unrepresentable control replaced by a valid one: still refused, \(error)"
        }
        if replaced.configuration(at: index) != configurations[index] {
            return "the unrepresentable control replaced by a valid one reads back as \(String(describing: replaced.configuration(at: index)))"
        }
        return nil
    }

    // MARK: The schema

    /// Every stored property of both field sets is a `Field`, declared under its own name, in
    /// declaration order: what `fieldCount`, `position(of:)` and the error's field names rely on.
    static func schemaDeclarations() -> String? {
        declarationProblem(C.InputFields.self, side: "inputs") ?? declarationProblem(C.ResultFields.self, side: "results")
    }

    static func declarationProblem<F: FieldSet>(_: F.Type, side: String) -> String? {
        let children = Array(Mirror(reflecting: F.described).children)
        let names = F.names
        guard children.count == names.count, children.count == F.fieldCount, children.count <= 64 else {
            return "\(side): \(children.count) stored properties, \(names.count) declared fields, fieldCount \(F.fieldCount)"
        }
        for (child, name) in zip(children, names) {
            guard child.label == name else { return "\(side): the property '\(child.label ?? "?")' is declared as '\(name)'" }
            let type = "\(Swift.type(of: child.value))"
            guard type.hasPrefix("Field<") else { return "\(side): '\(name)' is a \(type), not a Field" }
        }
        return nil
    }

    // MARK: The fused validation pass

    /// The fused pass against the schema's rules, field by field: one valid batch of 67
    /// controls (four steps of sixteen, the widest a fused pass takes, and a tail) with one
    /// value of one field set to each of a list of edge values, in a low and a high lane of a
    /// full step and in the tail; the fused pass and the schema's scans (with the control's
    /// own checks) must accept and refuse the same batches.
    static func fusedPassMatchesSchema(seed: UInt64) -> String? {
        let configurations = C.generated(count: 400, seed: seed).filter(\.isValid)
        guard configurations.count >= 67 else { return "too few valid configurations drawn" }
        let valid = BatchColumns(configurations.prefix(67))
        guard let fused = valid.fusedPassAccepts else { return nil }
        guard fused, valid.schemaRulesAccept else { return "a valid batch: fused \(fused), schema \(valid.schemaRulesAccept)" }
        let schema = C.InputFields.schema
        let count = valid.count
        for (position, field) in schema.enumerated() {
            // 17 and 22: a low and a high lane of a lane group in every width (lanes 1 and 6
            // of eight, 1 and 2 of four: `Double`'s second register, which its passes fold
            // into the first at the end); `count - 2`: the tail.
            for index in [17, 22, count - 2] {
                for candidate in edgeValues(field) {
                    var batch = valid
                    var arrays = batch.arrays
                    switch arrays[position] {
                    case .scalars(var values):
                        values[index] = C.Scalar(candidate)
                        arrays[position] = .scalars(values)
                    case .bytes(var values):
                        values[index] = UInt8(candidate)
                        arrays[position] = .bytes(values)
                    }
                    guard let edited = try? BatchColumns<C>(arrays: arrays) else { return "init(arrays:) refused its own arrays" }
                    batch = edited
                    let fusedSays = batch.fusedPassAccepts ?? true, schemaSays = batch.schemaRulesAccept
                    if fusedSays != schemaSays {
                        return "field '\(field.name)' = \(candidate) at element \(index): the fused pass "
                            + (fusedSays ? "accepts" : "refuses") + " what the schema " + (schemaSays ? "accepts" : "refuses")
                    }
                }
            }
        }
        return nil
    }

    /// Values around every bound a field's rule or a control's own check can have: the rule's
    /// bounds and their neighbours, the library's limits, small numbers, NaN and infinities;
    /// every byte for byte fields.
    static func edgeValues(_ field: FieldDescriptor) -> [Double] {
        if field.elementSize == 1 { return (0...255).map(Double.init) }
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 2, 3, 4, 0.998, 0.99, 1_048_576, -1_048_576, 1e-30, -1e-30,
                                .nan, .infinity, -.infinity, 1e30, -1e30]
        if field.rule.kind == .range { values += [field.rule.lower, field.rule.upper] }
        let neighbours = values.filter(\.isFinite).flatMap { value -> [Double] in
            let scalar = C.Scalar(value)
            return [Double(scalar.nextUp), Double(scalar.nextDown)]
        }
        return values + neighbours
    }
}

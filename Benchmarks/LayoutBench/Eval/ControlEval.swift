import LayoutCore

/// `eval` for one control, built from its field sets: the input columns are the control's
/// input fields (names, kinds, defaults and summaries as declared there), the output columns
/// its result fields. `F` and `D` are the control's `Float` and `Double` configurations.
public enum ControlEval<F: BatchLayout, D: BatchLayout>: EvalKernel where F.Scalar == Float, D.Scalar == Double {
    public static var name: String { F.controlName }

    public static var inputColumns: [EvalColumn] {
        let names = F.InputFields.names, rules = F.InputFields.rules
        return names.indices.map { position in
            let rule = rules[position]
            let defaultValue = F.InputFields.defaultValue(at: position)
            let summary = F.InputFields.summary(at: position)
            let name = names[position]
            guard F.InputFields.holdsBytes(at: position) else {
                return EvalColumn(name, .number, default: defaultValue.map(Self.numberText), summary)
            }
            if let cases = rule.caseNames {
                return EvalColumn(name, .enumeration(cases), default: defaultValue.map { cases[Int($0)] }, summary)
            }
            if rule.kind == .cases && rule.upper == 2 {
                return EvalColumn(name, .boolean, default: defaultValue.map { $0 != 0 ? "true" : "false" }, summary)
            }
            return EvalColumn(name, .integer, default: defaultValue.map { String(Int($0)) }, summary)
        }
    }

    public static var outputColumns: [String] { F.ResultFields.names }

    /// Whether the result field at `position` is a flag (written as `true` / `false`).
    static func resultIsFlag(_ position: Int) -> Bool {
        let rule = F.ResultFields.rules[position]
        return rule.kind == .cases && rule.upper == 2
    }

    static func numberText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    public static func evaluate<S: LayoutScalar & LosslessStringConvertible>(
        _ rows: [EvalRow], engine: EvalEngine, as: S.Type
    ) throws(EvalError) -> [[EvalValue]] {
        if S.self == Float.self { return try evaluate(rows, engine: engine, control: F.self) }
        return try evaluate(rows, engine: engine, control: D.self)
    }

    static func evaluate<C: BatchLayout>(
        _ rows: [EvalRow], engine: EvalEngine, control: C.Type
    ) throws(EvalError) -> [[EvalValue]] where C.Scalar: LosslessStringConvertible {
        let columns = inputColumns
        var arrays: [ColumnArray<C.Scalar>] = []
        for (position, column) in columns.enumerated() {
            if C.InputFields.holdsBytes(at: position) {
                var bytes: [UInt8] = []
                bytes.reserveCapacity(rows.count)
                for row in rows { bytes.append(try Self.byte(row, column)) }
                arrays.append(.bytes(bytes))
            } else {
                var numbers: [C.Scalar] = []
                numbers.reserveCapacity(rows.count)
                for row in rows { numbers.append(try row.number(column, as: C.Scalar.self)) }
                arrays.append(.scalars(numbers))
            }
        }
        let batch: BatchColumns<C>
        do {
            batch = try BatchColumns(arrays: arrays)
        } catch {
            throw Self.error(error, rows: rows)
        }
        var output = BatchResultColumns<C>(count: batch.count)
        switch engine {
        case .reference:
            for (index, row) in rows.enumerated() {
                // Raw values were read from case names or checked against them, so every
                // configuration is representable.
                guard let configuration = batch.configuration(at: index) else {
                    throw EvalError(line: row.line, field: nil, message: "a raw value is out of range")
                }
                do {
                    output.set(try configuration.layout(), at: index)
                } catch {
                    throw row.error(error)
                }
            }
        case .kernel:
            do {
                try batch.layout(into: &output, parallelism: .serial)
            } catch {
                throw Self.error(error, rows: rows)
            }
        }
        return (0..<output.count).map { index in
            (0..<C.ResultFields.fieldCount).map { position in
                switch output.value(field: position, at: index) {
                case .scalar(let value): return EvalValue.scalar(value)
                case .byte(let value): return resultIsFlag(position) ? .boolean(value != 0) : .integer(Int(value))
                }
            }
        }
    }

    /// The raw value of a byte field: a case name (or its raw value), a flag, or an integer
    /// that fits in a byte.
    static func byte(_ row: EvalRow, _ column: EvalColumn) throws(EvalError) -> UInt8 {
        switch column.kind {
        case .enumeration: return try row.enumeration(column)
        case .boolean: return try row.boolean(column) ? 1 : 0
        case .integer, .number:
            let value = try row.integer(column)
            guard let byte = UInt8(exactly: value) else {
                throw EvalError(line: row.line, field: column.name, message: "\(value) is out of range (expected 0...255)")
            }
            return byte
        }
    }
}

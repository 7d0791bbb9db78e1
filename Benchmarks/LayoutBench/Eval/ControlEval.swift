import LayoutCore
import LayoutCoreTesting

/// `eval` for one control, built from its field sets: the input columns are the control's
/// input fields (names, kinds, defaults and summaries as declared there), the output columns
/// its result fields. `F` and `D` are the control's `Float` and `Double` configurations.
public enum ControlEval<F: BatchLayout, D: BatchLayout>: EvalKernel where F.Scalar == Float, D.Scalar == Double {
    public static var name: String { ControlSchema<F>.name }

    public static var inputColumns: [EvalColumn] {
        ControlSchema<F>.inputColumns.map { column in
            switch column.kind {
            case .number:
                return EvalColumn(column.name, .number, default: column.defaultValue.map(Self.numberText), column.summary)
            case .enumeration(let cases):
                return EvalColumn(column.name, .enumeration(cases), default: column.defaultValue.map { cases[Int($0)] }, column.summary)
            case .flag:
                return EvalColumn(column.name, .boolean, default: column.defaultValue.map { $0 != 0 ? "true" : "false" }, column.summary)
            case .integer:
                return EvalColumn(column.name, .integer, default: column.defaultValue.map { String(Int($0)) }, column.summary)
            }
        }
    }

    public static var outputColumns: [String] { ControlSchema<F>.resultColumns.map(\.name) }

    /// Whether each result column is a flag (written as `true` / `false`).
    static var resultIsFlag: [Bool] { ControlSchema<F>.resultColumns.map { $0.kind == .flag } }

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
        var arrays: [SchemaColumnValues<C.Scalar>] = []
        for column in columns {
            if !column.holdsNumbers {
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
            batch = try ControlSchema<C>.batch(arrays)
        } catch {
            throw Self.error(error, rows: rows)
        }
        var output = BatchResultColumns<C>(count: batch.count)
        switch engine {
        case .reference:
            var results: [C.Result] = []
            results.reserveCapacity(rows.count)
            for (index, row) in rows.enumerated() {
                // Raw values were read from case names or checked against them, so every
                // configuration is representable.
                guard let configuration = batch.configuration(at: index) else {
                    throw EvalError(line: row.line, field: nil, message: "a raw value is out of range")
                }
                do {
                    results.append(try C.Namespace.layout(configuration))
                } catch {
                    throw row.error(error)
                }
            }
            output = ResultBits.columns(results, as: C.self)
        case .kernel:
            do {
                try batch.layout(into: &output, parallelism: .serial)
            } catch {
                throw Self.error(error, rows: rows)
            }
        }
        let flags = resultIsFlag
        return (0..<output.count).map { index in
            flags.indices.map { position in
                switch ControlSchema<C>.value(of: output, column: position, at: index) {
                case .number(let value): return EvalValue.scalar(value)
                case .byte(let value): return flags[position] ? .boolean(value != 0) : .integer(Int(value))
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

// `layout-bench eval`: read controls (CSV or JSON), lay them out with the reference or the
// batch kernel, write the frames (CSV or JSON). Each kernel describes its columns once
// (`EvalKernel`); reading, checking and writing are shared.

import Foundation
import LayoutCore

/// Which implementation lays the controls out.
public enum EvalEngine: String, CaseIterable, Sendable {
    /// The scalar reference, one control at a time (validated per control).
    case reference
    /// The batch kernel over all controls at once (validated per batch).
    case kernel
}

public enum EvalFormat: String, CaseIterable, Sendable {
    case csv, json
}

/// A bad input: the line, the field and what is wrong.
public struct EvalError: Error, Hashable, CustomStringConvertible {
    public var line: Int
    public var field: String?
    public var message: String

    public init(line: Int, field: String?, message: String) {
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        if let field { return "line \(line), field '\(field)': \(message)" }
        return "line \(line): \(message)"
    }
}

/// Several bad inputs (up to a limit), reported together.
public struct EvalErrors: Error, CustomStringConvertible {
    public var errors: [EvalError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// An input column of a kernel.
public struct EvalColumn: Sendable {
    public enum Kind: Sendable {
        /// A decimal number in the chosen precision (`Float("...")` or `Double("...")`).
        case number
        /// A case name or its raw value (`0`, `1`...), names in raw-value order.
        case enumeration([String])
        /// A decimal integer.
        case integer
        /// `true`/`false` (also `1`/`0`).
        case boolean
    }

    public var name: String
    public var kind: Kind
    /// The value used when the column or the cell is missing; `nil` means required.
    public var defaultValue: String?
    /// One line for `--help` and the docs.
    public var summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: String? = nil, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// Whether the column holds numbers in the layout's precision (the others hold bytes).
    var holdsNumbers: Bool {
        if case .number = kind { return true }
        return false
    }
}

/// An output cell: numbers as their shortest round-trip text, so nothing is lost.
public enum EvalValue: Hashable, Sendable, CustomStringConvertible {
    case number(String)
    case integer(Int)
    case boolean(Bool)
    case text(String)

    public static func scalar<S: LayoutScalar & LosslessStringConvertible>(_ value: S) -> EvalValue { .number(value.description) }

    public var description: String {
        switch self {
        case .number(let text), .text(let text): return text
        case .integer(let value): return String(value)
        case .boolean(let value): return String(value)
        }
    }
}

/// One input control: the raw text of each field and where it came from.
public struct EvalRow: Sendable {
    /// The control's position in the batch (0-based).
    public var index: Int
    /// The line the row (CSV) or object (JSON) starts on.
    public var line: Int
    public var fields: [String: String]
    /// Lines of individual fields (JSON objects spanning several lines).
    public var fieldLines: [String: Int]

    public init(index: Int, line: Int, fields: [String: String], fieldLines: [String: Int] = [:]) {
        self.index = index
        self.line = line
        self.fields = fields
        self.fieldLines = fieldLines
    }

    func line(of field: String) -> Int { fieldLines[field] ?? line }

    func text(_ column: EvalColumn) throws(EvalError) -> String {
        if let value = fields[column.name], !value.isEmpty { return value }
        if let value = column.defaultValue { return value }
        throw EvalError(line: line(of: column.name), field: column.name, message: fields[column.name] == nil ? "missing (required)" : "empty (required)")
    }

    /// The cell as a number of the chosen precision. Only decimal text is read: hexadecimal
    /// (`0x58`, which `Float("0x58")` would read as 88) is refused, and so is a decimal that
    /// the precision cannot hold, because it overflows to infinity (`1e39` in `Float`) or
    /// underflows to zero (`1e-50`). Either would otherwise reach the layout as another value
    /// than the one written. `inf` and `nan` are read as such, and validation refuses them.
    public func number<S: LayoutScalar & LosslessStringConvertible>(_ column: EvalColumn, as: S.Type = S.self) throws(EvalError) -> S {
        let text = try text(column).trimmingCharacters(in: .whitespaces)
        func refuse(_ message: String) -> EvalError {
            EvalError(line: line(of: column.name), field: column.name, message: "'\(text)' \(message)")
        }
        let unsigned = text.drop { $0 == "+" || $0 == "-" }.lowercased()
        if unsigned.hasPrefix("0x") { throw refuse("is hexadecimal: write the number in decimal") }
        guard let value = S(text) else { throw refuse("is not a number") }
        let isDecimal = unsigned.first.map { $0.isNumber || $0 == "." } ?? false
        if isDecimal && value.isInfinite { throw refuse("is too large for \(S.self) (it would be infinite)") }
        if isDecimal && value == 0 && unsigned.prefix(while: { $0 != "e" }).contains(where: { $0.isNumber && $0 != "0" }) {
            throw refuse("is too small for \(S.self) (it would be 0)")
        }
        return value
    }

    public func enumeration(_ column: EvalColumn) throws(EvalError) -> UInt8 {
        guard case .enumeration(let names) = column.kind else { preconditionFailure("\(column.name) is not an enumeration") }
        let text = try text(column).trimmingCharacters(in: .whitespaces)
        if let index = names.firstIndex(where: { $0.lowercased() == text.lowercased() }) { return UInt8(index) }
        if let raw = Int(text), (0..<names.count).contains(raw) { return UInt8(raw) }
        throw EvalError(line: line(of: column.name), field: column.name,
                        message: "'\(text)' is not one of \(names.joined(separator: ", ")) (or 0...\(names.count - 1))")
    }

    public func integer(_ column: EvalColumn) throws(EvalError) -> Int {
        let text = try text(column).trimmingCharacters(in: .whitespaces)
        guard let value = Int(text) else {
            throw EvalError(line: line(of: column.name), field: column.name, message: "'\(text)' is not an integer")
        }
        return value
    }

    public func boolean(_ column: EvalColumn) throws(EvalError) -> Bool {
        let text = try text(column).trimmingCharacters(in: .whitespaces).lowercased()
        switch text {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default:
            throw EvalError(line: line(of: column.name), field: column.name, message: "'\(text)' is not true or false")
        }
    }

    /// The error for a `LayoutError` the library threw for this row, quoting the cell as
    /// written (`16777217`, not the `Float` it became, 16777216); the library's value where
    /// the cell was left out and its default used.
    public func error(_ layoutError: LayoutError) -> EvalError {
        let value = layoutError.value
        let written = fields[layoutError.field]?.trimmingCharacters(in: .whitespaces)
        let shown = written.flatMap { $0.isEmpty ? nil : $0 }
            ?? (value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value))
        let message: String
        switch layoutError.problem {
        case .notFinite: message = "\(shown) is not finite"
        case .negative: message = "\(shown) is negative"
        case .outOfRange(let expected): message = "\(shown) is out of range (expected \(expected))"
        case .inconsistent(let rule): message = "\(shown) breaks the rule \(rule)"
        case .columnLengthMismatch: message = layoutError.description
        }
        return EvalError(line: line(of: layoutError.field), field: layoutError.field, message: message)
    }
}

/// A kernel `eval` can run.
public protocol EvalKernel {
    /// The `--kernel` name: `button-content`, `thumb-track`, `toggle-transition`.
    static var name: String { get }
    static var inputColumns: [EvalColumn] { get }
    static var outputColumns: [String] { get }

    /// Lays out `rows` and returns one output row per input row (cells in `outputColumns`
    /// order).
    /// - Throws: `EvalError` naming the row's line and field for unreadable or invalid values.
    static func evaluate<S: LayoutScalar & LosslessStringConvertible>(
        _ rows: [EvalRow], engine: EvalEngine, as: S.Type
    ) throws(EvalError) -> [[EvalValue]]
}

extension EvalKernel {
    static func column(_ name: String) -> EvalColumn {
        guard let column = inputColumns.first(where: { $0.name == name }) else { preconditionFailure("no column \(name)") }
        return column
    }

    /// Maps a batch validation error (its element index) to the row it came from.
    static func error(_ layoutError: LayoutError, rows: [EvalRow]) -> EvalError {
        if rows.indices.contains(layoutError.index) { return rows[layoutError.index].error(layoutError) }
        return EvalError(line: 0, field: layoutError.field, message: layoutError.description)
    }
}

/// Reading and writing `eval` files.
public enum EvalIO {
    /// The rows of `text` for `kernel`: checks column names and that required columns exist;
    /// values are checked when the kernel reads them.
    public static func rows(_ text: String, format: EvalFormat, kernel: any EvalKernel.Type) throws(EvalError) -> [EvalRow] {
        let known = Set(kernel.inputColumns.map(\.name))
        let required = kernel.inputColumns.filter { $0.defaultValue == nil }.map(\.name)
        var rows: [EvalRow] = []
        switch format {
        case .csv:
            let records: [CSVRecord]
            do { records = try CSV.parse(text) } catch { throw EvalError(line: error.line, field: nil, message: error.message) }
            guard let header = records.first else { return [] }
            let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            for name in names where !known.contains(name) {
                throw EvalError(line: header.line, field: name, message: "unknown column for \(kernel.name) (known: \(kernel.inputColumns.map(\.name).joined(separator: ", ")))")
            }
            if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw EvalError(line: header.line, field: duplicate, message: "column given twice")
            }
            for name in required where !names.contains(name) {
                throw EvalError(line: header.line, field: name, message: "required column missing from the header")
            }
            for record in records.dropFirst() {
                guard record.fields.count == names.count else {
                    throw EvalError(line: record.line, field: nil, message: "\(record.fields.count) fields, the header has \(names.count)")
                }
                var fields: [String: String] = [:]
                for (name, value) in zip(names, record.fields) { fields[name] = value }
                rows.append(EvalRow(index: rows.count, line: record.line, fields: fields))
            }
        case .json:
            let document: JSONText
            do { document = try JSONText.parse(text) } catch { throw EvalError(line: error.line, field: nil, message: "JSON: \(error.message)") }
            var elements: [JSONText]
            switch document {
            case .array(let array, _): elements = array
            case .object(let members, let line):
                guard let controls = members.first(where: { $0.key == "controls" })?.value, case .array(let array, _) = controls else {
                    throw EvalError(line: line, field: nil, message: "expected an array of controls, or an object with a \"controls\" array")
                }
                elements = array
            default:
                throw EvalError(line: document.line, field: nil, message: "expected an array of controls")
            }
            for element in elements {
                guard case .object(let members, let line) = element else {
                    throw EvalError(line: element.line, field: nil, message: "a control must be a JSON object")
                }
                var fields: [String: String] = [:]
                var lines: [String: Int] = [:]
                for (key, value) in members {
                    guard known.contains(key) else {
                        throw EvalError(line: value.line, field: key, message: "unknown field for \(kernel.name) (known: \(kernel.inputColumns.map(\.name).joined(separator: ", ")))")
                    }
                    lines[key] = value.line
                    switch value {
                    case .number(let text, _), .string(let text, _): fields[key] = text
                    case .bool(let flag, _): fields[key] = String(flag)
                    case .null: continue
                    case .array, .object:
                        throw EvalError(line: value.line, field: key, message: "expected a number or a string")
                    }
                }
                rows.append(EvalRow(index: rows.count, line: line, fields: fields, fieldLines: lines))
            }
        }
        return rows
    }

    /// Output rows as CSV (header `index,<outputColumns>`) or as a JSON array of objects.
    public static func format(_ outputs: [[EvalValue]], kernel: any EvalKernel.Type, format: EvalFormat) -> String {
        let header = ["index"] + kernel.outputColumns
        switch format {
        case .csv:
            var records = [header]
            for (index, row) in outputs.enumerated() { records.append([String(index)] + row.map(\.description)) }
            return CSV.format(records)
        case .json:
            var out = "[\n"
            for (index, row) in outputs.enumerated() {
                let cells = [EvalValue.integer(index)] + row
                let members = zip(header, cells).map { name, value -> String in
                    switch value {
                    case .text(let text): return "\"\(name)\": \"\(jsonEscape(text))\""
                    default: return "\"\(name)\": \(value.description)"
                    }
                }
                out += "  {" + members.joined(separator: ", ") + "}" + (index == outputs.count - 1 ? "\n" : ",\n")
            }
            return out + "]\n"
        }
    }

    static func jsonEscape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

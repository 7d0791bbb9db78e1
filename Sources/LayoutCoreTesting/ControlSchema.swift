import LayoutCore

/// A control's declaration as tools see it: its name, its input and result columns (names,
/// kinds, defaults and summaries, as its field sets declare them), its bytes per control, its
/// scalar reference without validation, and batches built from and read as plain arrays.
///
/// The benchmark (`layout-bench`, with its `eval` command) is a package of its own and reads
/// every control through this type; so can a tool of yours that lays out controls read from a
/// file. Everything here is derived from the control's one declaration, so a new control needs
/// nothing written here.
public enum ControlSchema<Control: BatchLayout> {
    /// The control's name in reports and tools, in lower case with hyphens
    /// (`ButtonContentConfiguration<Float>` is `button-content`).
    public static var name: String { Control.controlName }

    /// The input columns, in declaration order (the order validation reads them).
    public static var inputColumns: [SchemaColumn] {
        columns(Control.InputFields.self)
    }

    /// The result columns, in declaration order.
    public static var resultColumns: [SchemaColumn] {
        columns(Control.ResultFields.self)
    }

    /// Bytes of input columns per control (every input column's element, once).
    public static var inputBytesPerControl: Int { Control.InputFields.bytesPerControl }

    /// Bytes of result columns per control.
    public static var resultBytesPerControl: Int { Control.ResultFields.bytesPerControl }

    /// The scalar reference for one configuration, without validation: what the batch kernel
    /// must agree with bit for bit. Call it only with a valid configuration.
    @inlinable
    public static func referenceLayout(_ configuration: Control) -> Control.Result {
        Control._referenceLayout(configuration)
    }

    /// A batch holding `columns`, one per input column in declaration order (`inputColumns`):
    /// scalars for `.number` columns, bytes for the others.
    ///
    /// - Throws: `LayoutError.Problem.columnLengthMismatch` when the number of arrays is not the
    ///   number of input columns or an array's length differs from the first one's, and
    ///   `.outOfRange` when an array's kind (scalars or bytes) does not match its column. The
    ///   values themselves are validated when the batch is laid out.
    public static func batch(_ columns: [SchemaColumnValues<Control.Scalar>]) throws(LayoutError) -> BatchColumns<Control> {
        try BatchColumns(arrays: columns.map { column in
            switch column {
            case .scalars(let values): return ColumnArray.scalars(values)
            case .bytes(let values): return ColumnArray.bytes(values)
            }
        })
    }

    /// Element `index` of the result column at `position` (declaration order, `resultColumns`).
    /// - Precondition: `0 <= index < results.count`, `0 <= position < resultColumns.count`.
    public static func value(of results: BatchResultColumns<Control>, column position: Int, at index: Int) -> SchemaValue<Control.Scalar> {
        switch results.value(field: position, at: index) {
        case .scalar(let value): return .number(value)
        case .byte(let value): return .byte(value)
        }
    }

    static func columns<Fields: FieldSet>(_ fields: Fields.Type) -> [SchemaColumn] {
        let names = Fields.names, rules = Fields.rules
        return names.indices.map { position in
            let rule = rules[position]
            let kind: SchemaColumn.Kind
            if !Fields.holdsBytes(at: position) {
                kind = .number
            } else if let cases = rule.caseNames {
                kind = .enumeration(cases)
            } else if rule.kind == .cases && rule.upper == 2 {
                kind = .flag
            } else {
                kind = .integer
            }
            return SchemaColumn(name: names[position], kind: kind,
                                defaultValue: Fields.defaultValue(at: position), summary: Fields.summary(at: position))
        }
    }
}

/// One column of a control, as its field set declares it.
public struct SchemaColumn: Hashable, Sendable {
    /// What a column holds.
    public enum Kind: Hashable, Sendable {
        /// The layout's scalar (`Float` or `Double`): a length, a size, a time...
        case number
        /// A byte holding an enumeration's raw value; the case names in raw-value order.
        case enumeration([String])
        /// A byte holding 0 (`false`) or 1 (`true`).
        case flag
        /// A byte holding a small count or index.
        case integer
    }

    /// The column's name (the configuration's property).
    public var name: String
    /// What it holds.
    public var kind: Kind
    /// The value of the configuration's initializer default (a raw value for bytes), if it has one.
    public var defaultValue: Double?
    /// One line on what the column means.
    public var summary: String
}

/// The elements of one input column, for `ControlSchema.batch(_:)`.
public enum SchemaColumnValues<Scalar: LayoutScalar>: Hashable, Sendable {
    /// The elements of a `.number` column.
    case scalars([Scalar])
    /// The elements of a byte column (`.enumeration`, `.flag`, `.integer`).
    case bytes([UInt8])
}

/// One element of a result column.
public enum SchemaValue<Scalar: LayoutScalar>: Hashable, Sendable {
    /// A scalar (`.number` column).
    case number(Scalar)
    /// A byte (a raw value, a flag or a count).
    case byte(UInt8)
}

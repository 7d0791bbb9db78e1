// The one declaration a control makes. Everything else a batch needs (column storage,
// validation, the lane loop with its tail and threads, conversions between rows and
// configurations) is written once, generically, in this folder.

/// A control whose configuration LayoutCore lays out one at a time (the scalar reference) or
/// in batches of columns (the SIMD kernel), with the same bits.
///
/// A conforming configuration type declares:
/// - its `Result`, its `Namespace` (the enumeration whose `layout(_:)` lays out one
///   configuration), and its input and result columns as two `FieldSet`s;
/// - the scalar reference, `referenceLayout(_:)`, and its own validation, `validate()`;
/// - how a configuration and a result are written to and read from one row of columns;
/// - the kernel for one lane group, `layOutLanes(_:_:at:count:)`;
/// - optionally, checks for fields whose rule is `checkedByControl`, rules that tie fields
///   together, and a fused pass that accepts a valid batch faster than the per-column scans.
public protocol BatchLayout: Hashable, Sendable {
    /// The floating-point type the control computes in.
    associatedtype Scalar: LayoutScalar
    /// What one layout produces.
    associatedtype Result: Hashable, Sendable
    /// The input columns.
    associatedtype InputFields: FieldSet
    /// The result columns.
    associatedtype ResultFields: FieldSet
    /// The control's namespace (`Slider` for `SliderConfiguration`), whose `layout(_:)` lays
    /// out one configuration.
    associatedtype Namespace: ControlNamespace

    /// Checks every field of this configuration; the error names the first bad field, at
    /// element index 0.
    func validate() throws(LayoutError)

    /// The scalar reference: the layout of one valid configuration. Invalid input gives
    /// meaningless results, never a trap.
    static func referenceLayout(_ configuration: Self) -> Result

    /// Writes `configuration` as control `index` of the (bound) input columns.
    static func write(_ configuration: Self, to columns: InputFields, at index: Int)

    /// The configuration of control `index` of the (bound) input columns, or `nil` when a raw
    /// value is out of range.
    static func configuration(in columns: InputFields, at index: Int) -> Self?

    /// Writes `result` as control `index` of the (bound) result columns.
    static func write(_ result: Result, to columns: ResultFields, at index: Int)

    /// The result of control `index` of the (bound) result columns.
    static func result(in columns: ResultFields, at index: Int) -> Result

    /// The number of controls `layOutLanes` takes at once, a full lane group: by default
    /// `LaneVector<Scalar>.width` (eight `Float`s, four `Double`s); a kernel on
    /// `FourLaneVector` says four.
    static var laneWidth: Int { get }

    /// The batch kernel for the `count` (1...`laneWidth`) controls from `index`:
    /// `referenceLayout` in lanes, reading `input` and writing `output` (both bound).
    static func layOutLanes(_ input: InputFields, _ output: ResultFields, at index: Int, count: Int)

    /// The batch kernel for the controls in `range` (one thread's share). The default runs
    /// `layOutLanes` over full lane groups and the tail; a control whose kernel works in
    /// several passes over a chunk of groups replaces it.
    static func layOut(_ input: InputFields, _ output: ResultFields, range: Range<Int>)

    /// Checks the field at `position`, whose rule is `checkedByControl`, for the first
    /// `count` controls, reporting into `validator`. Called in that field's turn.
    static func checkFieldRules(
        at position: Int, of input: InputFields, count: Int, into validator: inout BatchValidator)

    /// Checks the rules that tie fields of one control together, after every field.
    static func checkCrossFieldRules(_ input: InputFields, count: Int, into validator: inout BatchValidator)

    /// Whether every control passes every rule, in one fused pass; `nil` to use the generic
    /// per-column scans. Must accept exactly what the detailed checks accept.
    static func allValid(_ input: InputFields, count: Int) -> Bool?
}

extension BatchLayout {
    /// `LaneVector<Scalar>.width`: eight `Float` or four `Double` lanes.
    @inlinable
    public static var laneWidth: Int { LaneVector<Scalar>.width }

    /// Lays out the controls in `range`, a lane group at a time.
    ///
    /// Full groups run the kernel with a constant count, so every load and store is one
    /// vector instruction and no count test is left in the loop; the tail runs the same code
    /// in its own function, with padded loads and partial stores (one shared inlined path for
    /// both made LLVM merge their loads and stores behind per-column branches, with per-lane
    /// byte inserts and extracts in the full groups).
    @inlinable
    public static func layOut(_ input: InputFields, _ output: ResultFields, range: Range<Int>) {
        let width = laneWidth
        var index = range.lowerBound
        while range.upperBound &- index >= width {
            layOutLanes(input, output, at: index, count: width)
            index &+= width
        }
        if index < range.upperBound { layOutTail(input, output, at: index, count: range.upperBound &- index) }
    }

    /// Lays out the last `count` (1..<`width`) controls: the kernel with loads that pad
    /// the missing lanes with zeros and stores that write only `count` lanes. Its own
    /// function, so that the full groups' loop keeps its one-instruction loads and stores.
    ///
    /// (The tail once went through a zero-padded scratch group from
    /// `withUnsafeTemporaryAllocation`. In the release build of `layout-bench`, whose subjects
    /// are prespecialized, Swift 6.3 miscompiled that closure's typed `throws(Never)`, and every
    /// batch whose length was not a multiple of four crashed; see Docs/Performance.md.)
    @inlinable @inline(never)
    static func layOutTail(_ input: InputFields, _ output: ResultFields, at index: Int, count: Int) {
        layOutLanes(input, output, at: index, count: count)
    }

    /// Checks nothing: the default for a control that has no field whose rule is
    /// `checkedByControl`.
    @inlinable
    public static func checkFieldRules(
        at position: Int, of input: InputFields, count: Int, into validator: inout BatchValidator) {}

    /// Checks nothing: the default for a control whose fields are independent.
    @inlinable
    public static func checkCrossFieldRules(_ input: InputFields, count: Int, into validator: inout BatchValidator) {}

    /// `nil`: the default, which validates a batch with the generic per-column scans.
    @inlinable
    public static func allValid(_ input: InputFields, count: Int) -> Bool? { nil }

    /// The control's name in reports and tools, in lower case with hyphens: the
    /// configuration type's name without `Configuration` (`ButtonContentConfiguration` is
    /// `button-content`).
    public static var controlName: String {
        var base = "\(Self.self)"
        if let generic = base.firstIndex(of: "<") { base = String(base[..<generic]) }
        if base.hasSuffix("Configuration") { base.removeLast("Configuration".count) }
        var name = ""
        for character in base {
            if character.isUppercase && !name.isEmpty { name += "-" }
            name += character.lowercased()
        }
        return name
    }

    /// Lays out this configuration after validating it: the scalar reference.
    ///
    /// - Throws: `LayoutError` naming the first bad field (element index 0).
    @inlinable
    public func layout() throws(LayoutError) -> Result {
        try validate()
        return Self.referenceLayout(self)
    }
}

// MARK: - One control

/// A control's namespace (`ButtonContent`, `Slider`...): the enumeration that holds its
/// single-control entry points, `layout(_:)` (validated, written once here for every control)
/// and the control's own `layout(unchecked:)`, the scalar reference.
public protocol ControlNamespace {}

extension ControlNamespace {
    /// Lays out one control, after validating its configuration: the scalar reference.
    ///
    /// Call it from `layoutSubviews`, a gesture handler or a display-link callback; for
    /// thousands of controls use the control's columns (`SliderColumns.layout(into:parallelism:)`,
    /// say), which give the same bits.
    ///
    /// - Throws: `LayoutError` naming the first bad field (element index 0), as the
    ///   configuration's `validate()` states for its control.
    @inlinable
    public static func layout<Configuration: BatchLayout>(
        _ configuration: Configuration
    ) throws(LayoutError) -> Configuration.Result where Configuration.Namespace == Self {
        try configuration.layout()
    }
}

// MARK: - Errors that name their column

extension BatchLayout {
    /// The error for element `index` of the column `key` leads to: the column's name is the
    /// field's property name, read from the declaration (so a configuration's `validate()` and
    /// the batch name a field alike, and no column name is written twice).
    @usableFromInline
    static func error<Element>(
        _ key: KeyPath<InputFields, Field<Element>>, value: Double, _ problem: LayoutError.Problem, index: Int = 0
    ) -> LayoutError {
        LayoutError(index: index, field: InputFields.name(of: key), value: value, problem: problem)
    }

    /// For a configuration's `validate()`: throws the error for `value` of the column `key`
    /// leads to when `rule` refuses it. The key path is an autoclosure, made and looked up only
    /// then: a key path literal costs a runtime call each time it is evaluated, which on every
    /// valid configuration made `validate()` several times slower.
    @inlinable
    static func check(
        _ value: Scalar, _ rule: FieldRule, _ key: @autoclosure () -> KeyPath<InputFields, Field<Scalar>>
    ) throws(LayoutError) {
        if !rule.accepts(value) { throw error(key(), value: Double(value), rule.problem(with: Double(value))) }
    }
}

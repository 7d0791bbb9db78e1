// The one declaration a control makes. Everything else a batch needs (column storage,
// validation, the lane loop with its tail and threads, conversions between rows and
// configurations) is written once, generically, in this folder.

/// A control whose configuration LayoutCore lays out one at a time (the scalar reference) or
/// in batches of columns (the SIMD kernel), with the same bits.
///
/// The library's controls (`ButtonContentConfiguration`, `ThumbTrackConfiguration`,
/// `ToggleTransitionConfiguration`, `SliderConfiguration`) conform to it; it is what makes
/// their batches (`BatchColumns`) work, and it is not meant for conformances outside the
/// library. Its requirements whose names begin with an underscore are public only because
/// the protocol is (the standard library's convention for public names that are not API):
/// they are the kernel's hooks, which the library's batch code calls, and they may change in
/// any release.
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

    // Not API (see above). A conformance declares its input and result fields and:
    // - the scalar reference, `_referenceLayout`;
    // - how a configuration and a result are written to and read from one row of columns
    //   (`_write` returns the field and value a byte column could not hold, if any: the
    //   column then holds a value validation refuses, and errors quote the one returned);
    // - the kernel, `_layoutLaneGroup` for one lane group of `_laneWidth` controls, or
    //   `_layout` for a range (a kernel in several passes over chunks of groups), with
    //   `_takesFullGroupsOnly` when its passes handle full groups only;
    // - checks for fields whose rule is `checkedByControl`, rules that tie fields together,
    //   and a fused pass that accepts a valid batch faster than the schema's scans.

    /// Not API: the scalar reference, for one valid configuration.
    static func _referenceLayout(_ configuration: Self) -> Result
    /// Not API: writes `configuration` as control `index` of the (bound) input columns.
    static func _write(_ configuration: Self, to columns: InputFields, at index: Int) -> (position: Int, value: Double)?
    /// Not API: the configuration of control `index`, or `nil` when a raw value is out of range.
    static func _configuration(in columns: InputFields, at index: Int) -> Self?
    /// Not API: writes `result` as control `index` of the (bound) result columns.
    static func _write(_ result: Result, to columns: ResultFields, at index: Int)
    /// Not API: the result of control `index` of the (bound) result columns.
    static func _result(in columns: ResultFields, at index: Int) -> Result
    /// Not API: the number of controls `_layoutLaneGroup` takes at once.
    static var _laneWidth: Int { get }
    /// Not API: whether `_layout` takes only whole lane groups (the batch then runs the last,
    /// partial group in a zero-padded scratch group).
    static var _takesFullGroupsOnly: Bool { get }
    /// Not API: the kernel for the `count` (1...`_laneWidth`) controls from `index`.
    static func _layoutLaneGroup(_ input: InputFields, _ output: ResultFields, at index: Int, count: Int)
    /// Not API: the kernel for the controls in `range` (one thread's share).
    ///
    /// The field sets come by address (here and in `_allValid`): passed by value, a field set
    /// read from a batch's storage is copied at every call (the compiler cannot tell that
    /// the callee leaves the storage alone), 10-36 pointers each time.
    static func _layout(_ input: UnsafePointer<InputFields>, _ output: UnsafePointer<ResultFields>, range: Range<Int>)
    /// Not API: checks the field at `position`, whose rule is `checkedByControl`, for the
    /// first `count` controls.
    static func _checkFieldRules(
        at position: Int, of input: InputFields, count: Int, into validator: inout BatchValidator)
    /// Not API: checks the rules that tie fields of one control together, after every field.
    static func _checkCrossFieldRules(_ input: InputFields, count: Int, into validator: inout BatchValidator)
    /// Not API: whether every control passes every rule, in one fused pass; `nil` to use the
    /// schema's per-column scans. Must accept exactly what those accept.
    static func _allValid(_ input: UnsafePointer<InputFields>, count: Int) -> Bool?
}

extension BatchLayout {
    /// Not API: eight `Float` or four `Double` lanes (`LaneVector<Scalar>.width`).
    @inlinable
    public static var _laneWidth: Int { LaneVector<Scalar>.width }

    /// Not API: `false`, the kernel takes any range.
    @inlinable
    public static var _takesFullGroupsOnly: Bool { false }

    /// Not API: the controls in `range`, a lane group at a time.
    ///
    /// Full groups run the kernel with a constant count, so every load and store is one
    /// vector instruction and no count test is left in the loop; the tail runs the same code
    /// in its own function, with padded loads and partial stores.
    @inlinable
    public static func _layout(
        _ inputFields: UnsafePointer<InputFields>, _ outputFields: UnsafePointer<ResultFields>, range: Range<Int>
    ) {
        let input = inputFields.pointee, output = outputFields.pointee
        let width = _laneWidth
        var index = range.lowerBound
        while range.upperBound &- index >= width {
            _layoutLaneGroup(input, output, at: index, count: width)
            index &+= width
        }
        if index < range.upperBound { layoutTail(inputFields, outputFields, at: index, count: range.upperBound &- index) }
    }

    /// Lays out the last `count` (1..<`width`) controls: the kernel with loads that pad
    /// the missing lanes with zeros and stores that write only `count` lanes. Its own
    /// function, so that the full groups' loop keeps its one-instruction loads and stores (one
    /// inlined path for both gets their loads and stores merged behind per-column branches).
    // Not a zero-padded scratch group inside `withUnsafeTemporaryAllocation`: Swift 6.3
    // miscompiles that closure's typed `throws(Never)` in the benchmark's release build
    // (Docs/Performance.md). The fields by address: a call that takes them by value needs them
    // in memory, so the loop above, which reads them from registers, would copy each to its stack.
    @inlinable @inline(never)
    static func layoutTail(
        _ input: UnsafePointer<InputFields>, _ output: UnsafePointer<ResultFields>, at index: Int, count: Int
    ) {
        _layoutLaneGroup(input.pointee, output.pointee, at: index, count: count)
    }

    /// Not API: checks nothing (no field's rule is `checkedByControl`).
    @inlinable
    public static func _checkFieldRules(
        at position: Int, of input: InputFields, count: Int, into validator: inout BatchValidator) {}

    /// Not API: checks nothing (the fields are independent).
    @inlinable
    public static func _checkCrossFieldRules(_ input: InputFields, count: Int, into validator: inout BatchValidator) {}

    /// Not API: `nil`, validate with the schema's per-column scans.
    @inlinable
    public static func _allValid(_ input: UnsafePointer<InputFields>, count: Int) -> Bool? { nil }

    /// The control's name in reports and tools, in lower case with hyphens: the
    /// configuration type's name without `Configuration` (`ButtonContentConfiguration` is
    /// `button-content`).
    package static var controlName: String {
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
    @inlinable
    package func layout() throws(LayoutError) -> Result {
        try validate()
        return Self._referenceLayout(self)
    }

    /// The scalar reference without validation (tools and tests call it generically).
    @inlinable
    package static func referenceLayout(_ configuration: Self) -> Result { _referenceLayout(configuration) }

    /// The number of controls the kernel takes at once.
    @inlinable
    package static var laneWidth: Int { _laneWidth }
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
        try configuration.validate()
        return Configuration._referenceLayout(configuration)
    }
}

// MARK: - Errors that name their column

extension BatchLayout {
    /// The error for element `index` of the column that `field` reads (`{ $0.width }`): the column's name is the
    /// field's name in the schema (so one configuration's validation and the batch's name a field
    /// alike, and no column name is written twice).
    @usableFromInline
    static func error<Element>(
        _ field: (InputFields) -> Field<Element>, value: Double, _ problem: LayoutError.Problem, index: Int = 0
    ) -> LayoutError {
        LayoutError(index: index, field: InputFields.name(of: field), value: value, problem: problem)
    }
}

// A control's columns are declared once, as the stored properties of a `FieldSet`: each
// property is a `Field` that names its element type and the rule its values must satisfy.
// The property's name is the column's name (in errors, reports and tools), and the order of
// the properties is the order in which validation looks at the columns.
//
// Every `Field` has the same size whatever its element type, so a field set is laid out like
// an array of fields. The generic code (column storage, validation, the lane loop) walks a
// field set by position; a control's kernel reads the bound fields by name, as plain struct
// properties, with nothing in between.

/// The types a column can hold: the layout's scalar (`Float`, `Double`), or a byte for an
/// enumeration's raw value, a flag or a small count.
public protocol ColumnElement: BitwiseCopyable, Sendable {}

extension Float: ColumnElement {}
extension Double: ColumnElement {}
extension UInt8: ColumnElement {}

/// What the values of one input column must satisfy.
///
/// A number outside a range is refused with `LayoutError.Problem.notFinite`, `.negative` or
/// `.outOfRange`; a byte at or above a case count with `.outOfRange`. Rules that a control
/// checks itself, because they depend on other columns of the same control, are
/// `checkedByControl`; result columns have no rule.
@frozen
public struct FieldRule: Hashable, Sendable {
    /// What kind of rule this is.
    public enum Kind: UInt8, Hashable, Sendable {
        /// `lower ... upper` (or `lower < value <= upper`); NaN and infinities always fail.
        case range
        /// A raw value: `0 ..< caseCount`.
        case cases
        /// Checked by the control (`BatchLayout.checkFieldRules`).
        case checkedByControl
        /// A result column: written by the layout, never validated.
        case result
    }

    /// What kind of rule this is: a range, a case count, a control's own check or a result.
    public var kind: Kind
    /// Whether `lower` itself is refused.
    public var lowerIsExclusive: Bool
    /// The smallest accepted value (or the exclusive bound).
    public var lower: Double
    /// The largest accepted value; for `.cases`, the case count.
    public var upper: Double
    /// For `.cases(of:)`: the enumeration whose raw values the column holds (its case names
    /// name the raw values in tools such as `layout-bench eval`).
    // A metatype is not `Sendable` to the compiler, but it is immutable: nothing can race on it.
    nonisolated(unsafe) public var caseType: (any CaseIterable.Type)?

    @inlinable
    init(kind: Kind, lower: Double = 0, upper: Double = 0, lowerIsExclusive: Bool = false,
         caseType: (any CaseIterable.Type)? = nil) {
        self.kind = kind
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = lowerIsExclusive
        self.caseType = caseType
    }

    /// Whether both rules have the same kind, bounds and case type.
    public static func == (a: Self, b: Self) -> Bool {
        a.kind == b.kind && a.lowerIsExclusive == b.lowerIsExclusive && a.lower == b.lower
            && a.upper == b.upper && a.caseType.map(ObjectIdentifier.init) == b.caseType.map(ObjectIdentifier.init)
    }

    /// Hashes what `==` compares (the case type by its identity).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind); hasher.combine(lowerIsExclusive); hasher.combine(lower); hasher.combine(upper)
        hasher.combine(caseType.map(ObjectIdentifier.init))
    }

    /// The case names of a `.cases(of:)` rule, in raw-value order; `nil` for other rules.
    public var caseNames: [String]? {
        guard let caseType else { return nil }
        func names<T: CaseIterable>(_ type: T.Type) -> [String] { type.allCases.map { "\($0)" } }
        return Array(names(caseType).prefix(Int(upper)))
    }

    /// `lower ... upper`.
    @inlinable
    public static func range(_ range: ClosedRange<Double>) -> Self {
        Self(kind: .range, lower: range.lowerBound, upper: range.upperBound)
    }

    /// `lower < value <= upper`.
    @inlinable
    public static func range(above lower: Double, upTo upper: Double) -> Self {
        Self(kind: .range, lower: lower, upper: upper, lowerIsExclusive: true)
    }

    /// A length, size, inset or spacing: `0 ... LayoutLimits.maximumLength`.
    @inlinable public static var length: Self { .range(0 ... LayoutLimits.maximumLength) }

    /// A signed displacement: `-maximumLength ... maximumLength`.
    @inlinable public static var signedLength: Self {
        .range(-LayoutLimits.maximumLength ... LayoutLimits.maximumLength)
    }

    /// A display scale: `0 ... LayoutLimits.maximumDisplayScale` (0 turns snapping off).
    @inlinable public static var displayScale: Self { .range(0 ... LayoutLimits.maximumDisplayScale) }

    /// A raw value below `count`.
    @inlinable
    public static func cases(_ count: Int) -> Self { Self(kind: .cases, upper: Double(count)) }

    /// A raw value of `type`: `0 ..< type.allCases.count`.
    @inlinable
    public static func cases<T: CaseIterable>(of type: T.Type) -> Self {
        Self(kind: .cases, upper: Double(type.allCases.count), caseType: type)
    }

    /// The first `count` raw values of `type` (a column that accepts only some of its cases).
    @inlinable
    public static func cases<T: CaseIterable>(of type: T.Type, count: Int) -> Self {
        Self(kind: .cases, upper: Double(count), caseType: type)
    }

    /// A flag: 0 or 1.
    @inlinable public static var flag: Self { .cases(2) }

    /// Checked by the control itself (`BatchLayout.checkFieldRules`), in this field's turn.
    @inlinable public static var checkedByControl: Self { Self(kind: .checkedByControl) }

    /// A result column.
    @inlinable public static var result: Self { Self(kind: .result) }

    /// The case count of a `.cases` rule.
    @inlinable var caseCount: UInt8 { UInt8(upper) }

    /// Whether `value` passes a `.range` rule.
    @inlinable @inline(__always)
    public func accepts<Scalar: LayoutScalar>(_ value: Scalar) -> Bool {
        (lowerIsExclusive ? value > Scalar(lower) : value >= Scalar(lower)) && value <= Scalar(upper)
    }

    /// Why `value`, which a `.range` rule refused, is refused.
    @inlinable
    public func problem(with value: Double) -> LayoutError.Problem {
        if !value.isFinite { return .notFinite }
        if value < 0 && lower == 0 && !lowerIsExclusive { return .negative }
        // "L ... U" or "> L and <= U", in one buffer (see `LayoutError.description`).
        var expected = ""
        expected.reserveCapacity(48)
        if lowerIsExclusive {
            expected += "> "; expected += lower.description; expected += " and <= "
        } else {
            expected += lower.description; expected += " ... "
        }
        expected += upper.description
        return .outOfRange(expected: expected)
    }

    /// Why `value`, which a `.cases` rule refused, is refused.
    @inlinable
    func caseProblem() -> LayoutError.Problem {
        .outOfRange(expected: "0...\(caseCount - 1)")
    }
}

/// One column of a control: its element type and rule, and, in a field set bound to storage,
/// where its first element is.
@frozen
public struct Field<Element: ColumnElement>: @unchecked Sendable {
    /// What the column's values must satisfy.
    public let rule: FieldRule
    /// The size of one element in bytes (the same for every `Field`, whatever `Element`).
    @usableFromInline let elementSize: Int
    /// The column's first element, in a field set bound to storage.
    @usableFromInline var address: UnsafeMutableRawPointer?
    /// What the column holds, in a few words (for tools and generated docs).
    public let summary: StaticString
    /// The value tools use when an input leaves the field out; `nil` when it is required.
    public let defaultValue: Double?

    /// A column whose values must satisfy `rule`.
    ///
    /// - Parameters:
    ///   - rule: what the column's values must satisfy.
    ///   - defaultValue: the value tools (`layout-bench eval`) use when an input leaves the
    ///     field out; `nil` (the default) makes it required.
    ///   - summary: what the column holds, in a few words.
    @inlinable
    public init(_ rule: FieldRule, default defaultValue: Double? = nil, _ summary: StaticString = "") {
        self.rule = rule
        self.elementSize = MemoryLayout<Element>.size
        self.address = nil
        self.summary = summary
        self.defaultValue = defaultValue
    }

    /// The column's first element. Only valid in a bound field set (the kernel's).
    @inlinable @inline(__always)
    var base: UnsafeMutablePointer<Element> {
        address.unsafelyUnwrapped.assumingMemoryBound(to: Element.self)
    }

    /// Element `index` of a column in a bound field set: the set a batch passes to its
    /// control's `write`, `configuration(in:at:)`, `result(in:at:)` and kernel.
    ///
    /// No bounds check: the batch passes only indices it holds.
    @inlinable
    public subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }
}

/// The columns of one side (inputs or results) of a control, declared once as stored
/// properties of type `Field`.
///
/// A conforming type has only `Field` properties, each with its rule as its default value,
/// and an `init()` that leaves them so:
///
/// ```swift
/// public struct InputFields: FieldSet {
///     public var width = Field<Scalar>(.length)
///     public var mode = Field<UInt8>(.cases(of: LayoutMode.self))
///     public init() {}
/// }
/// ```
///
/// The property names are the column names; their order is the validation order.
public protocol FieldSet: Sendable {
    /// The fields with their rules (not bound to storage).
    init()
}

/// A `Field` seen without its element type, for code that walks a field set by position.
@usableFromInline typealias AnyField = Field<UInt8>

extension FieldSet {
    /// The number of fields.
    @inlinable
    public static var fieldCount: Int {
        // N fields take (N - 1) strides and one field's size (the last has no tail padding).
        let size = MemoryLayout<Self>.size
        return size == 0 ? 0 : (size - MemoryLayout<AnyField>.size) / MemoryLayout<AnyField>.stride + 1
    }

    /// The field at `position` (declaration order), without its element type.
    @inlinable
    func field(at position: Int) -> AnyField {
        withUnsafeBytes(of: self) { raw in
            raw.load(fromByteOffset: position * MemoryLayout<AnyField>.stride, as: AnyField.self)
        }
    }

    /// Points the field at `position` to `address`.
    @inlinable
    mutating func bind(_ position: Int, to address: UnsafeMutableRawPointer) {
        withUnsafeMutableBytes(of: &self) { raw in
            var field = raw.load(fromByteOffset: position * MemoryLayout<AnyField>.stride, as: AnyField.self)
            field.address = address
            raw.storeBytes(of: field, toByteOffset: position * MemoryLayout<AnyField>.stride, as: AnyField.self)
        }
    }

    /// The position of the field `key` leads to.
    @inlinable
    public static func position<Element>(of key: KeyPath<Self, Field<Element>>) -> Int {
        MemoryLayout<Self>.offset(of: key).unsafelyUnwrapped / MemoryLayout<AnyField>.stride
    }

    /// The column names, in declaration order: the property names.
    public static var names: [String] {
        Mirror(reflecting: Self()).children.map { $0.label ?? "?" }
    }

    /// The name of the field `key` leads to.
    public static func name<Element>(of key: KeyPath<Self, Field<Element>>) -> String {
        names[position(of: key)]
    }

    /// Every field's rule, in declaration order.
    public static var rules: [FieldRule] {
        let fields = Self()
        return (0..<fieldCount).map { fields.field(at: $0).rule }
    }
}

extension FieldSet {
    /// The bytes one control occupies in these columns (every field's element size, added).
    public static var bytesPerControl: Int {
        let fields = Self()
        return (0..<fieldCount).reduce(0) { $0 + fields.field(at: $1).elementSize }
    }
}

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

    public var kind: Kind
    /// Whether `lower` itself is refused.
    public var lowerIsExclusive: Bool
    /// The smallest accepted value (or the exclusive bound).
    public var lower: Double
    /// The largest accepted value; for `.cases`, the case count.
    public var upper: Double

    @inlinable
    init(kind: Kind, lower: Double = 0, upper: Double = 0, lowerIsExclusive: Bool = false) {
        self.kind = kind
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = lowerIsExclusive
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
    public static func cases<T: CaseIterable>(of type: T.Type) -> Self { .cases(type.allCases.count) }

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

    /// A column whose values must satisfy `rule`.
    @inlinable
    public init(_ rule: FieldRule) {
        self.rule = rule
        self.elementSize = MemoryLayout<Element>.size
        self.address = nil
    }

    /// The column's first element. Only valid in a bound field set (the kernel's).
    @inlinable @inline(__always)
    var base: UnsafeMutablePointer<Element> {
        address.unsafelyUnwrapped.assumingMemoryBound(to: Element.self)
    }

    /// Element `index` of a bound column.
    @inlinable @inline(__always)
    subscript(index: Int) -> Element { base[index] }
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
    static var fieldCount: Int {
        MemoryLayout<Self>.size / MemoryLayout<AnyField>.stride
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
    static func position<Element>(of key: KeyPath<Self, Field<Element>>) -> Int {
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

    /// Whether the field at `position` holds bytes (otherwise scalars).
    @inlinable
    func holdsBytes(at position: Int) -> Bool { field(at: position).elementSize == 1 }
}

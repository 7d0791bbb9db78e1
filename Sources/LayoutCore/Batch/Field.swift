// A control's columns are declared once, in the initializer of a `FieldSet`: one call of
// `FieldBinder.field(_:_:default:_:)` per column, in order, naming the column and its rule, and
// storing the `Field` it returns in the stored property of the same name. That one
// declaration is the schema: the column names (in errors, reports and tools), the rules that
// validate one configuration and a batch, the element sizes the column storage allocates, and
// the order in which validation looks at the columns all come from it.
//
// The same initializer serves several purposes, chosen by the binder it is given:
// - describe: collect each field's name, rule, element size, default and summary;
// - bind: point each field at its column in a batch's storage (what kernels read);
// - check: bind to a one-row copy of a configuration and check each value against its rule
//   as it is declared (the single-control `validate()`), with no allocation;
// - locate and name: find the position of a field (`{ $0.width }`) and its name, also
//   with no allocation.
// Tests (SchemaTests, in ControlSuiteTests.swift) check, by reflection, that every stored
// property of every field set is a `Field` declared under its own property name.

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
///
/// Public only as a name (the testing library's public checks take rules); its members are not
/// API.
public struct FieldRule: Hashable, Sendable {
    /// What kind of rule this is.
    @usableFromInline
    package enum Kind: UInt8, Hashable, Sendable {
        /// `lower ... upper` (or `lower < value <= upper`); NaN and infinities always fail.
        case range
        /// A raw value: `0 ..< caseCount`.
        case cases
        /// Checked by the control (`BatchLayout._checkFieldRules`).
        case checkedByControl
        /// A result column: written by the layout, never validated.
        case result
    }

    /// What kind of rule this is: a range, a case count, a control's own check or a result.
    @usableFromInline package let kind: Kind
    /// Whether `lower` itself is refused.
    @usableFromInline package let lowerIsExclusive: Bool
    /// The smallest accepted value (or the exclusive bound).
    @usableFromInline package let lower: Double
    /// The largest accepted value; for `.cases`, the case count.
    @usableFromInline package let upper: Double
    /// For `.cases(of:)`: the enumeration whose raw values the column holds (its case names
    /// name the raw values in tools such as `layout-bench eval`).
    @usableFromInline package let caseType: CaseEnumeration?

    @inlinable
    init(kind: Kind, lower: Double = 0, upper: Double = 0, lowerIsExclusive: Bool = false,
         caseType: CaseEnumeration? = nil) {
        self.kind = kind
        self.lower = lower
        self.upper = upper
        self.lowerIsExclusive = lowerIsExclusive
        self.caseType = caseType
    }

    /// Whether both rules have the same kind, bounds and case type.
    @inlinable
    public static func == (a: Self, b: Self) -> Bool {
        a.kind == b.kind && a.lowerIsExclusive == b.lowerIsExclusive && a.lower == b.lower
            && a.upper == b.upper && a.caseType == b.caseType
    }

    /// Hashes what `==` compares (the case type by its identity).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind); hasher.combine(lowerIsExclusive); hasher.combine(lower); hasher.combine(upper)
        hasher.combine(caseType)
    }

    /// The case names of a `.cases(of:)` rule, in raw-value order; `nil` for other rules.
    package var caseNames: [String]? {
        guard let caseType else { return nil }
        return Array(caseType.caseNames.prefix(Int(upper)))
    }

    /// `lower ... upper`.
    @inlinable
    package static func range(_ range: ClosedRange<Double>) -> Self {
        Self(kind: .range, lower: range.lowerBound, upper: range.upperBound)
    }

    /// `lower < value <= upper`.
    @inlinable
    package static func range(above lower: Double, upTo upper: Double) -> Self {
        Self(kind: .range, lower: lower, upper: upper, lowerIsExclusive: true)
    }

    /// A length, size, inset or spacing: `0 ... LayoutLimits.maximumLength`.
    @inlinable package static var length: Self { .range(0 ... LayoutLimits.maximumLength) }

    /// A signed displacement: `-maximumLength ... maximumLength`.
    @inlinable package static var signedLength: Self {
        .range(-LayoutLimits.maximumLength ... LayoutLimits.maximumLength)
    }

    /// A display scale: `0 ... LayoutLimits.maximumDisplayScale` (0 turns snapping off).
    @inlinable package static var displayScale: Self { .range(0 ... LayoutLimits.maximumDisplayScale) }

    /// A raw value below `count`.
    @inlinable
    package static func cases(_ count: Int) -> Self { Self(kind: .cases, upper: Double(count)) }

    /// A raw value of `type`: `0 ..< type.caseCount`.
    @inlinable
    package static func cases<T: ColumnCases>(of type: T.Type) -> Self {
        cases(of: type, count: type.caseCount)
    }

    /// The first `count` raw values of `type` (a column that accepts only some of its cases).
    @inlinable
    package static func cases<T: CaseIterable>(of type: T.Type, count: Int) -> Self {
        Self(kind: .cases, upper: Double(count), caseType: CaseEnumeration(type))
    }

    /// A flag: 0 or 1.
    @inlinable package static var flag: Self { .cases(2) }

    /// Checked by the control itself (`BatchLayout._checkFieldRules`), in this field's turn.
    @inlinable package static var checkedByControl: Self { Self(kind: .checkedByControl) }

    /// A result column.
    @inlinable package static var result: Self { Self(kind: .result) }

    /// The case count of a `.cases` rule.
    @inlinable package var caseCount: UInt8 { UInt8(upper) }

    /// Whether `value` passes a `.range` rule.
    @inlinable @inline(__always)
    package func accepts<Scalar: LayoutScalar>(_ value: Scalar) -> Bool {
        (lowerIsExclusive ? value > Scalar(lower) : value >= Scalar(lower)) && value <= Scalar(upper)
    }

    /// Why `value`, which a `.range` rule on a scalar column refused, is refused.
    @inlinable
    package func problem(with value: Double) -> LayoutError.Problem {
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

    /// Why a byte, which a `.range` rule refused, is refused: a byte range names whole numbers
    /// ("2...255").
    @inlinable
    package func byteProblem() -> LayoutError.Problem {
        .outOfRange(expected: "\(Int(lower))...\(Int(upper))")
    }

    /// Why a raw value, which a `.cases` rule refused, is refused.
    @inlinable
    package func caseProblem() -> LayoutError.Problem {
        .outOfRange(expected: "0...\(caseCount - 1)")
    }
}

/// An enumeration that a byte column holds as its raw value, `0 ..< caseCount`.
///
/// `caseCount` is `allCases.count`, counted once: a rule names its enumeration wherever a
/// field set is declared (every bound batch, every checked configuration), and the synthesized
/// `allCases` builds an array at every call.
@usableFromInline
package protocol ColumnCases: CaseIterable {
    /// The number of cases: `allCases.count`.
    static var caseCount: Int { get }
}

extension ImagePlacement: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension LayoutDirection: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension LayoutMode: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension SliderPhase: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension ThumbTrackPhase: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension ThumbTrackSnappingKind: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension ToggleState: ColumnCases { @usableFromInline package static let caseCount = allCases.count }
extension ToggleTransitionCurve: ColumnCases { @usableFromInline package static let caseCount = allCases.count }

/// The enumeration whose raw values a `.cases` column holds, compared by identity: its case
/// names label the raw values in the tools. A metatype, so that making a rule on a layout path
/// allocates nothing.
@usableFromInline
package struct CaseEnumeration: Hashable, Sendable {
    #if !hasFeature(Embedded)
    // A metatype is not `Sendable` to the compiler, but it is immutable: nothing can race on it.
    @usableFromInline nonisolated(unsafe) let type: any CaseIterable.Type

    @inlinable
    init<T: CaseIterable>(_ type: T.Type) { self.type = type }

    @inlinable
    package static func == (a: Self, b: Self) -> Bool { ObjectIdentifier(a.type) == ObjectIdentifier(b.type) }

    @inlinable
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }

    /// The case names, in raw-value order.
    package var caseNames: [String] {
        func names<T: CaseIterable>(_ enumeration: T.Type) -> [String] { enumeration.allCases.map { "\($0)" } }
        let enumeration = type
        return names(enumeration)
    }
    #else
    // Embedded Swift has neither existential metatypes nor case names at run time: a rule
    // there knows its case count only (what validation uses), and all enumerations compare
    // equal.
    @inlinable
    init<T: CaseIterable>(_ type: T.Type) {}

    /// None: Embedded Swift cannot name cases at run time.
    package var caseNames: [String] { [] }
    #endif
}

/// One column of a control's field set: its element type and, in a field set bound to a
/// batch's storage, where the column's first element is.
///
/// Fields are made only by the library, when it builds a field set (`FieldBinder`); they
/// have no public API. A batch's columns are read and written through the batch
/// (`columns.width[3] = 20`).
@frozen
public struct Field<Element: ColumnElement>: @unchecked Sendable {
    /// The column's first element (a placeholder that is never read in a described field set).
    @usableFromInline let address: UnsafeMutableRawPointer

    @inlinable
    init(address: UnsafeMutableRawPointer) {
        self.address = address
    }

    /// The column's first element.
    @inlinable @inline(__always)
    var base: UnsafeMutablePointer<Element> {
        address.assumingMemoryBound(to: Element.self)
    }

    /// Element `index` of a column of a bound field set (no bounds check: the batch passes
    /// only indices it holds).
    @inlinable
    subscript(index: Int) -> Element {
        @inline(__always) get { base[index] }
        @inline(__always) nonmutating set { base[index] = newValue }
    }
}

/// The columns of one side (inputs or results) of a control, declared once.
///
/// A conforming type has only `Field` stored properties and an initializer that declares each
/// of them, in order, through the binder:
///
/// ```swift
/// public struct InputFields: FieldSet {
///     public let width: Field<Scalar>
///     public let mode: Field<UInt8>
///     @inlinable @inline(__always) public init(_ fields: inout FieldBinder) {
///         width = fields.field("width", .length, "bounds width W (points)")
///         mode = fields.field("mode", .cases(of: LayoutMode.self), default: 0, "fit or legacy")
///     }
/// }
/// ```
///
/// The names are the column names (each the name of its property); the order is the
/// validation order. Only the library makes field sets: `FieldBinder` has no public
/// initializer.
public protocol FieldSet: Sendable {
    /// Declares every field, in order, through `fields`.
    init(_ fields: inout FieldBinder)
}

/// What a `FieldSet` declares about one field.
@usableFromInline
package struct FieldDescriptor: Sendable {
    // The declaration's static strings, made `String`s only when read: a schema is built for
    // every new column storage and every error that names a field, and a `String` per field
    // (two, with the summary) would be most of that cost.
    @usableFromInline let staticName: StaticString
    @usableFromInline let staticSummary: StaticString
    /// What the column's values must satisfy.
    @usableFromInline package let rule: FieldRule
    /// The size of one element in bytes.
    @usableFromInline package let elementSize: Int
    /// The value tools use when an input leaves the field out; `nil` when it is required.
    @usableFromInline package let defaultValue: Double?

    /// The column's name: the field's property name.
    @inlinable package var name: String { staticName.description }
    /// What the column holds, in a few words (for tools and generated docs).
    @inlinable package var summary: String { staticSummary.description }

    @inlinable
    init(name: StaticString, rule: FieldRule, elementSize: Int, defaultValue: Double?, summary: StaticString) {
        (staticName, self.rule, self.elementSize, self.defaultValue, staticSummary) = (name, rule, elementSize, defaultValue, summary)
    }
}

/// Builds a field set: one `field(_:_:default:_:)` call per field, in declaration order.
///
/// Only the library makes binders, to describe a control's fields, to bind them to a batch's
/// columns, or to check one configuration; it has no public API.
public struct FieldBinder {
    @usableFromInline
    enum Purpose { case describe, bind, check, locate, name }

    @usableFromInline let purpose: Purpose
    /// Bind and check: every column's first element, by position.
    @usableFromInline let addresses: UnsafePointer<UnsafeMutableRawPointer>?
    /// The position of the next field.
    @usableFromInline var position = 0
    /// Describe: where what each field declares goes, in order (the describing caller's array;
    /// `nil` when only the described field set is wanted). A pointer, so that the binder holds
    /// no reference and its copies and its end cost nothing: a binder is made for every bound
    /// field set and every checked configuration.
    @usableFromInline let descriptors: UnsafeMutablePointer<[FieldDescriptor]>?
    /// Check: the first field whose value its rule refuses.
    @usableFromInline var failure: CheckFailure?
    /// Check: bit `p` set for every `checkedByControl` field declared before `failure`'s.
    @usableFromInline var controlChecked: UInt64 = 0
    /// Name: the position of the field whose name is wanted, and that name once declared.
    @usableFromInline var namedPosition = -1
    @usableFromInline var foundName: StaticString = ""

    @inlinable
    init(_ purpose: Purpose, addresses: UnsafePointer<UnsafeMutableRawPointer>?,
         descriptors: UnsafeMutablePointer<[FieldDescriptor]>? = nil) {
        self.purpose = purpose
        self.addresses = addresses
        self.descriptors = descriptors
    }

    /// The first value a checking binder refused: what its error is made of, kept as plain
    /// values (no strings) until the error is asked for.
    @usableFromInline
    struct CheckFailure {
        @usableFromInline let position: Int
        @usableFromInline let name: StaticString
        @usableFromInline let value: Double
        @usableFromInline let rule: FieldRule
        @usableFromInline let holdsBytes: Bool

        @inlinable
        init(position: Int, name: StaticString, value: Double, rule: FieldRule, holdsBytes: Bool) {
            (self.position, self.name, self.value, self.rule, self.holdsBytes) = (position, name, value, rule, holdsBytes)
        }

        /// The error, at element 0.
        @inlinable
        var error: LayoutError {
            let problem = rule.kind == .cases ? rule.caseProblem()
                : holdsBytes ? rule.byteProblem() : rule.problem(with: value)
            return LayoutError(index: 0, field: name.description, value: value, problem: problem)
        }
    }

    /// The address a described (unbound) field holds: never read, since nothing reads a
    /// described field set's columns.
    @inlinable
    static var placeholder: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 64).unsafelyUnwrapped }

    /// Declares the next field: the column `name` (its property's name), whose values must
    /// satisfy `rule`; `defaultValue` is the value tools (`layout-bench eval`) use when an
    /// input leaves the field out (`nil`: required), `summary` says what it holds.
    @inlinable @inline(__always)
    package mutating func field<Element: ColumnElement>(
        _ name: StaticString, _ rule: FieldRule, default defaultValue: Double? = nil, _ summary: StaticString = ""
    ) -> Field<Element> {
        let position = self.position
        self.position = position &+ 1
        switch purpose {
        case .bind:
            return Field(address: addresses.unsafelyUnwrapped[position])
        case .describe:
            descriptors?.pointee.append(FieldDescriptor(
                name: name, rule: rule, elementSize: MemoryLayout<Element>.size,
                defaultValue: defaultValue, summary: summary))
            return Field(address: Self.placeholder)
        case .check:
            let address = addresses.unsafelyUnwrapped[position]
            if failure == nil { check(address, as: Element.self, name, rule, at: position) }
            return Field(address: address)
        case .locate:
            // Not an address: the field's position plus one, which `FieldSet.position(of:)` reads back.
            return Field(address: UnsafeMutableRawPointer(bitPattern: position &+ 1).unsafelyUnwrapped)
        case .name:
            if position == namedPosition { foundName = name }
            return Field(address: Self.placeholder)
        }
    }

    /// Checks element 0 of the column at `address` against `rule`, exactly as the batch's
    /// column scans do, and records the first failure.
    @inlinable @inline(__always)
    mutating func check<Element: ColumnElement>(
        _ address: UnsafeMutableRawPointer, as: Element.Type, _ name: StaticString, _ rule: FieldRule, at position: Int
    ) {
        let value: Double
        switch rule.kind {
        case .checkedByControl:
            controlChecked |= 1 &<< UInt64(position)
            return
        case .result:
            return
        case .cases:
            let byte = address.load(as: UInt8.self)
            if byte < rule.caseCount { return }
            value = Double(byte)
        case .range:
            switch MemoryLayout<Element>.size {
            case 1:
                let byte = address.load(as: UInt8.self)
                if rule.accepts(Double(byte)) { return }
                value = Double(byte)
            case 4:
                let scalar = address.load(as: Float.self)
                if rule.accepts(scalar) { return }
                value = Double(scalar)
            default:
                let scalar = address.load(as: Double.self)
                if rule.accepts(scalar) { return }
                value = scalar
            }
        }
        failure = CheckFailure(position: position, name: name, value: value, rule: rule,
                               holdsBytes: MemoryLayout<Element>.size == 1)
    }
}

extension FieldSet {
    /// What every field declares, in declaration order.
    @inlinable
    package static var schema: [FieldDescriptor] {
        var descriptors: [FieldDescriptor] = []
        descriptors.reserveCapacity(fieldCount)
        withUnsafeMutablePointer(to: &descriptors) { pointer in
            var binder = FieldBinder(.describe, addresses: nil, descriptors: pointer)
            _ = Self(&binder)
        }
        return descriptors
    }

    /// The fields bound to the columns at `addresses` (one per field, by position).
    @inlinable
    static func bound(to addresses: UnsafePointer<UnsafeMutableRawPointer>) -> Self {
        var binder = FieldBinder(.bind, addresses: addresses)
        return Self(&binder)
    }

    /// The number of fields.
    ///
    /// Every stored property of a field set is a `Field`, one pointer each (checked for every
    /// control by reflection in the tests), so the count is the size over a field's stride.
    @inlinable
    package static var fieldCount: Int { MemoryLayout<Self>.size / MemoryLayout<Field<UInt8>>.stride }

    #if !hasFeature(Embedded)
    /// The position of the field `key` leads to (the same layout argument as `fieldCount`).
    @inlinable
    package static func position<Element>(of key: KeyPath<Self, Field<Element>>) -> Int {
        MemoryLayout<Self>.offset(of: key).unsafelyUnwrapped / MemoryLayout<Field<UInt8>>.stride
    }
    #endif

    /// The position of the field that `field` reads (`{ $0.width }`), from the declaration:
    /// the form the library itself uses, since Embedded Swift has no key paths. Once inlined
    /// it folds to a constant.
    @inlinable
    package static func position<Element>(of field: (Self) -> Field<Element>) -> Int {
        var binder = FieldBinder(.locate, addresses: nil)
        return Int(bitPattern: field(Self(&binder)).address) &- 1
    }

    /// The column names, in declaration order.
    @inlinable
    package static var names: [String] { schema.map { $0.name } }

    /// The name of the field that `field` reads (`{ $0.width }`).
    @inlinable
    package static func name<Element>(of field: (Self) -> Field<Element>) -> String {
        // Every error that names a field asks for its name: read from the declaration alone,
        // without building the schema (an array of every field's descriptor).
        var binder = FieldBinder(.name, addresses: nil)
        binder.namedPosition = position(of: field)
        _ = Self(&binder)
        return binder.foundName.description
    }

    /// Every field's rule, in declaration order.
    package static var rules: [FieldRule] { schema.map { $0.rule } }

    /// The bytes one control occupies in these columns (every field's element size, added).
    package static var bytesPerControl: Int { schema.reduce(0) { $0 + $1.elementSize } }

    /// Whether the field at `position` holds bytes (otherwise scalars).
    package static func holdsBytes(at position: Int) -> Bool { schema[position].elementSize == 1 }

    /// The default value of the field at `position` (`nil`: required), for tools.
    package static func defaultValue(at position: Int) -> Double? { schema[position].defaultValue }

    /// The summary of the field at `position`, for tools.
    package static func summary(at position: Int) -> String { schema[position].summary }
}

extension FieldSet {
    /// A described field set (its fields hold placeholder addresses, never read): what tests
    /// reflect on to check that every stored property is a field declared under its own name,
    /// and what a new column storage holds until it binds its columns.
    @inlinable
    package static var described: Self {
        var binder = FieldBinder(.describe, addresses: nil)
        return Self(&binder)
    }
}

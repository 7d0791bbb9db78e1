import LayoutCore

/// A control as the tests, the fuzz targets and the benchmark see it: its batch declaration
/// (`BatchLayout`) plus what only a control can say about itself: how to draw typical and
/// edge-case configurations, which invariants its layouts keep, and which bugs of its
/// original code its `.legacy` mode keeps. Everything else (the differential comparison, the
/// fuzz checks, the bad-input oracle, the generic test suites, the benchmark subject) is
/// written once over this protocol and the registry `Controls.families`.
public protocol ControlUnderTest: BatchLayout {
    /// One configuration drawn from `source`, with a large share of edge values and of the
    /// boundaries where the arithmetic decides (`mode` as given, or any when `nil`). It is
    /// meant to be valid, but a generator may let an invalid value through (one ulp below 0,
    /// say): callers that need valid input check `validate()`.
    static func generated<Source: ValueSource>(_ source: inout Source, mode: LayoutMode?) -> Self

    /// The fuzz targets' decoding of one configuration. Default: `generated`; a control adds
    /// boundaries that only pay under a fuzzer's byte mutations.
    static func fuzzed(_ source: inout FuzzSource, mode: LayoutMode?) -> Self

    /// A plain, valid control (`index` varies its modes and placements): the padding the fuzz
    /// targets put around the controls they decode, so that those take every lane position.
    static func padding(_ index: Int) -> Self

    /// `count` typical, valid configurations from `seed` (UI-sized values, random modes and
    /// states): the benchmark's input.
    static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self]

    /// One scalar and one byte input column and one result column, which the bad-input check
    /// reads and writes through their `Column` views.
    static var sampleColumns: SampleColumns<Self> { get }

    /// The modes the control has (`LayoutMode.allCases` by default; a control with no
    /// original code to stay compatible with has only `.fit`).
    static var modes: [LayoutMode] { get }

    /// Every invariant the `.fit` layout of this configuration breaks (its mode is ignored),
    /// checked on the reference.
    func invariantViolations() -> [InvariantViolation]

    /// Invariants checked through the batch kernel: each configuration stands for
    /// `kernelCheckedCaseCount` related ones (`kernelCheckedCase(_:)`), laid out together in
    /// one batch and checked by `kernelCheckedViolations`. None by default.
    static var kernelCheckedCaseCount: Int { get }
    func kernelCheckedCase(_ number: Int) -> Self
    static func kernelCheckedViolations(_ configuration: Self, reference: Result, kernel: Result) -> [InvariantViolation]

    /// The bug classes of the original code that `.legacy` keeps (none by default). Names are
    /// unique across controls: the legacy fuzz self-test is asked for one by name.
    static var legacyBugClasses: [String] { get }

    /// The first bug of class `bugClass` (any class when `nil`) that `result`, the layout of
    /// this `.legacy` configuration, shows; `nil` when it shows none.
    func legacyBug(in result: Result, bugClass: String?) -> (violation: InvariantViolation, bugClass: String)?

    /// The bad-input oracle's part for a field ruled `.checkedByControl` (the rule the
    /// control's documentation states, re-written here independently of the kernel's
    /// validation): the error element `index` of `batch` must give for that field, or `nil`.
    static func expectedControlProblem(at position: Int, in batch: RawColumns<Self>, index: Int) -> LayoutError?

    /// The oracle's part for the rules that tie fields together, checked after every field
    /// of the element: the error, or `nil`.
    static func expectedCrossFieldProblem(in batch: RawColumns<Self>, index: Int) -> LayoutError?

    /// The rule the control's documentation states for the input field named `field` (the
    /// "Inputs" table of its Docs page), written independently of the declaration's
    /// `InputFields` rules; `nil` for the fields the control checks itself. The bad-input
    /// oracle takes the bounds of every range and enumeration from here: a declaration that
    /// gets a bound wrong (a display scale accepted up to 2^20, a duration of 0 accepted)
    /// would otherwise move the oracle's expectation and the fuzzer's boundary values along
    /// with it, and no check could see it. No default: every control states its own.
    static func documentedRule(of field: String) -> FieldRule?

    /// `configuration` with one value its batch column cannot hold (a count or an index
    /// outside the byte the columns store it in), `draw` picking which value and how far out;
    /// `nil` (the default) for a control whose every value fits its column. The batch must
    /// refuse such a control, quoting the value as passed
    /// (`BatchLayerChecks.unrepresentableValues`).
    static func unrepresentable(_ configuration: Self, draw: Int) -> Self?
}

extension FieldRule {
    /// The documented length range, `0 ... 2^20` ("`2^20` is `LayoutLimits.maximumLength`
    /// (1,048,576 pt)"), written out rather than read from the library.
    public static let documentedLength = FieldRule.range(0 ... 1_048_576)
    /// The documented signed range, `-2^20 ... 2^20`.
    public static let documentedSignedLength = FieldRule.range(-1_048_576 ... 1_048_576)
}

extension ControlUnderTest {
    public static func fuzzed(_ source: inout FuzzSource, mode: LayoutMode?) -> Self {
        generated(&source, mode: mode)
    }

    public static var modes: [LayoutMode] { LayoutMode.allCases }

    public static var kernelCheckedCaseCount: Int { 0 }
    public func kernelCheckedCase(_ number: Int) -> Self { self }
    public static func kernelCheckedViolations(_ configuration: Self, reference: Result, kernel: Result) -> [InvariantViolation] {
        []
    }

    public static var legacyBugClasses: [String] { [] }
    public func legacyBug(in result: Result, bugClass: String?) -> (violation: InvariantViolation, bugClass: String)? {
        nil
    }

    public static func expectedControlProblem(at position: Int, in batch: RawColumns<Self>, index: Int) -> LayoutError? {
        nil
    }

    public static func expectedCrossFieldProblem(in batch: RawColumns<Self>, index: Int) -> LayoutError? { nil }

    public static func unrepresentable(_ configuration: Self, draw: Int) -> Self? { nil }

    /// Whether the configuration passes validation.
    public var isValid: Bool { (try? validate()) != nil }

    /// `count` configurations from `seed` (`generated`, `mode` as given or any).
    public static func generated(count: Int, seed: UInt64, mode: LayoutMode? = nil) -> [Self] {
        SplitMix64.draw(count, seed: seed) { generated(&$0, mode: mode) }
    }

    /// `generated(count:seed:mode:)` as an array (for the reference) and as columns (for the
    /// kernel).
    public static func batch(count: Int, seed: UInt64, mode: LayoutMode? = nil) -> (configurations: [Self], columns: BatchColumns<Self>) {
        let configurations = generated(count: count, seed: seed, mode: mode)
        return (configurations, BatchColumns(configurations))
    }

    /// `benchmarkConfigurations(count:seed:)` as an array and as columns.
    public static func benchmarkBatch(count: Int, seed: UInt64) -> (configurations: [Self], columns: BatchColumns<Self>) {
        let configurations = benchmarkConfigurations(count: count, seed: seed)
        return (configurations, BatchColumns(configurations))
    }
}

/// Key paths to a few of a control's columns (see `ControlUnderTest.sampleColumns`).
public struct SampleColumns<C: BatchLayout> {
    public var scalar: KeyPath<C.InputFields, Field<C.Scalar>>
    public var byte: KeyPath<C.InputFields, Field<UInt8>>
    public var result: KeyPath<C.ResultFields, Field<C.Scalar>>

    public init(
        scalar: KeyPath<C.InputFields, Field<C.Scalar>>, byte: KeyPath<C.InputFields, Field<UInt8>>,
        result: KeyPath<C.ResultFields, Field<C.Scalar>>
    ) {
        (self.scalar, self.byte, self.result) = (scalar, byte, result)
    }
}

/// One control in both precisions: what the registry lists, and what the fuzz targets and
/// the generic test suites dispatch on. The check functions are built here, where both types
/// are concrete, so each is compiled for its types (no generic dispatch per fuzz input).
public struct ControlFamily: Sendable {
    /// The control's name (`button-content`).
    public let name: String
    public let float: any ControlUnderTest.Type
    public let double: any ControlUnderTest.Type
    /// The legacy bug classes (the same in both precisions).
    public let legacyBugClasses: [String]

    let suite: @Sendable (ControlCheck, Bool) -> String?
    let visitWith: @Sendable (any ControlFamilyVisitor) -> Any

    public init<F: ControlUnderTest, D: ControlUnderTest>(_ float: F.Type, _ double: D.Type)
    where F.Scalar == Float, D.Scalar == Double {
        name = F.controlName
        self.float = float
        self.double = double
        legacyBugClasses = F.legacyBugClasses
        suite = { check, isDouble in isDouble ? check.run(D.self) : check.run(F.self) }
        visitWith = { visitor in visitor.visit(F.self, D.self) }
    }

    /// `visitor.visit` with this family's two configuration types: how a tool builds its own
    /// generic adapter of every registered control (`layout-bench eval` does) without a list
    /// of its own.
    public func accept<V: ControlFamilyVisitor>(_ visitor: V) -> V.Output {
        visitWith(visitor) as! V.Output
    }
}

/// An operation that needs a control family's `Float` and `Double` configuration types as
/// types, applied by `ControlFamily.accept(_:)`. (It runs as generic code, not specialized for
/// the control: fine for building adapters, not for timed loops.)
public protocol ControlFamilyVisitor {
    associatedtype Output
    func visit<F: ControlUnderTest, D: ControlUnderTest>(_ float: F.Type, _ double: D.Type) -> Output
    where F.Scalar == Float, D.Scalar == Double
}

/// Every control under test: the one list a new control joins (see Docs/AddingAControl.md).
/// The order is the report order, and a control's position is the byte that selects it in a
/// fuzz input: new controls go at the end.
public enum Controls {
    ///
    /// The list itself is `visit(familyAt:_:)`, so that a fuzz target can dispatch on a
    /// control without referencing this array: every `ControlFamily` holds every check of its
    /// control (the test suite's included), and a binary that referenced the array would keep
    /// all of them, with their coverage counters (Fuzz/README.md, "Throughput").
    public static let families: [ControlFamily] = (0..<familyCount).map { visit(familyAt: $0, FamilyMaker()) }

    /// The number of controls in the registry.
    static let familyCount = 4

    /// `visitor.visit` with the `Float` and `Double` configuration types of the control at
    /// `position` (0 ..< familyCount): the registry's one list of types. A new control goes at
    /// the end (and `familyCount` grows by one).
    @inline(__always)
    static func visit<V: ControlFamilyVisitor>(familyAt position: Int, _ visitor: V) -> V.Output {
        switch position {
        case 0: return visitor.visit(ButtonContentConfiguration<Float>.self, ButtonContentConfiguration<Double>.self)
        case 1: return visitor.visit(ThumbTrackConfiguration<Float>.self, ThumbTrackConfiguration<Double>.self)
        case 2: return visitor.visit(ToggleTransitionConfiguration<Float>.self, ToggleTransitionConfiguration<Double>.self)
        default:
            precondition(position == 3, "no control at position \(position)")
            return visitor.visit(SliderConfiguration<Float>.self, SliderConfiguration<Double>.self)
        }
    }

    /// The position a fuzz input's selector byte picks (bytes past the end wrap around).
    static func position(selectedBy byte: UInt8) -> Int { Int(byte) % familyCount }

    private struct FamilyMaker: ControlFamilyVisitor {
        func visit<F: ControlUnderTest, D: ControlUnderTest>(_ float: F.Type, _ double: D.Type) -> ControlFamily
        where F.Scalar == Float, D.Scalar == Double {
            ControlFamily(float, double)
        }
    }

    /// Every control in both precisions, in report order.
    public static let all: [any ControlUnderTest.Type] = families.flatMap { [$0.float, $0.double] }

    /// The family a fuzz input's selector byte picks: positions are stable as controls are
    /// added, and every byte picks one.
    static func family(selectedBy byte: UInt8) -> ControlFamily {
        families[Int(byte) % families.count]
    }
}

/// Two one-element result columns, reused by `ResultBits.equal`.
struct ResultPair<C: BatchLayout> {
    var a = BatchResultColumns<C>(count: 1)
    var b = BatchResultColumns<C>(count: 1)
}

/// Bit-for-bit comparison of results, for any control: floating-point fields by bit pattern
/// (any NaN equals any NaN, as `BitPattern.equal` has it), bytes exactly.
public enum ResultBits {
    /// Results as columns (the reference's, say), to compare with a kernel's output.
    public static func columns<C: BatchLayout>(_ results: [C.Result], as: C.Type = C.self) -> BatchResultColumns<C> {
        var columns = BatchResultColumns<C>(count: results.count)
        for (index, result) in results.enumerated() { columns.set(result, at: index) }
        return columns
    }

    /// Whether two results of control `C` agree in every bit.
    public static func equal<C: BatchLayout>(_ a: C.Result, _ b: C.Result, as: C.Type) -> Bool {
        // Written into two one-element columns kept from one call to the next (the slider's
        // invariants compare every kernel-checked case this way, and two new column storages
        // per call would be a large share of an invariant fuzz execution under ASan).
        let pair = FuzzStorage.lease { ResultPair<C>() }
        defer { FuzzStorage.release(pair) }
        pair.pointee.a.set(a, at: 0)
        pair.pointee.b.set(b, at: 0)
        return pair.pointee.a.firstBitDifference(from: pair.pointee.b) == nil
    }

    /// The lowest control index at which `a` and `b` differ in any bit (or their counts);
    /// `nil` when they agree.
    public static func firstDifference<C: BatchLayout>(_ a: BatchResultColumns<C>, _ b: BatchResultColumns<C>) -> Int? {
        a.firstBitDifference(from: b)
    }

    /// The lowest control index at which `output` differs in any bit from `references` (one
    /// reference result per control, written as columns for the comparison); `nil` when
    /// they agree.
    public static func firstDifference<C: BatchLayout>(_ references: [C.Result], _ output: BatchResultColumns<C>) -> Int? {
        columns(references, as: C.self).firstBitDifference(from: output)
    }

    /// The fields of control `index` in which `a` and `b` differ, with both bit patterns
    /// (`name: a -> b`), for messages.
    public static func differences<C: BatchLayout>(_ a: BatchResultColumns<C>, _ b: BatchResultColumns<C>, at index: Int) -> String {
        var parts: [String] = []
        let names = BatchResultColumns<C>.fieldNames
        for position in names.indices {
            let x = a.value(field: position, at: index), y = b.value(field: position, at: index)
            switch (x, y) {
            case (.scalar(let p), .scalar(let q)) where !BitPattern.equal(p, q):
                parts.append("\(names[position]): \(p) (\(BitPattern.hex(p))) -> \(q) (\(BitPattern.hex(q)))")
            case (.byte(let p), .byte(let q)) where p != q:
                parts.append("\(names[position]): \(p) -> \(q)")
            default: break
            }
        }
        return parts.joined(separator: ", ")
    }

    /// A hash of every field of every `stride`-th control (FNV-1a over the bit patterns):
    /// equal outputs give equal checksums.
    public static func checksum<C: BatchLayout>(_ columns: BatchResultColumns<C>, stride: Int = 61) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in Swift.stride(from: 0, to: columns.count, by: stride) {
            for position in 0..<C.ResultFields.fieldCount {
                let bits: UInt64
                switch columns.value(field: position, at: index) {
                case .scalar(let value): bits = BitPattern.bits(value)
                case .byte(let value): bits = UInt64(value)
                }
                hash = (hash ^ bits) &* 0x100_0000_01b3
            }
        }
        return hash
    }
}

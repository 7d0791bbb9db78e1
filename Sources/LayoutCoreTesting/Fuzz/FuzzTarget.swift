#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every fuzz target of the suite: its executable's name (`Fuzz/<name>/main.swift`), what a
/// finding in it means, and its check function. The executables and the corpus replay tests
/// both go through `check(_:bugClass:)`, so a corpus file means the same thing to both.
///
/// Each target covers every control of the registry (`Controls.families`): the first byte of
/// an input picks the control by its position there (bytes past the end wrap around), the
/// rest is that control's input. A new control needs no new target, options, dictionary or
/// corpus folder.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case invariants = "FuzzInvariants"
    case differential = "FuzzDifferential"
    case legacy = "FuzzLegacy"
    case badInput = "FuzzBadInput"
    case sequences = "FuzzSequences"

    public enum Kind: String, Sendable {
        /// `.fit` invariants: any finding is a bug.
        case invariants
        /// Kernel against reference: any finding is a bug.
        case differential
        /// Bad input: any finding (or trap) is a bug.
        case badInput
        /// Call sequences on batches, results and their copies against a model: any finding
        /// (or trap) is a bug.
        case sequences
        /// `.legacy` self-test: a finding is expected (it shows the suite finds the bugs of
        /// the original code that `.legacy` keeps).
        case selfTest
    }

    public var name: String { rawValue }

    public var kind: Kind {
        switch self {
        case .invariants: return .invariants
        case .differential: return .differential
        case .legacy: return .selfTest
        case .badInput: return .badInput
        case .sequences: return .sequences
        }
    }

    /// For self-tests: the legacy bug classes it must find, every control's (each can be
    /// selected alone).
    public var bugClasses: [String] {
        self == .legacy ? Controls.families.flatMap(\.legacyBugClasses) : []
    }

    /// Runs the target's check on one input. For self-tests, `bugClass` limits the findings to
    /// one bug class (`nil`: any).
    public func check(_ bytes: [UInt8], bugClass: String? = nil) throws(FuzzFinding) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(FuzzFinding) in
            try check(buffer, bugClass: bugClass)
        }
    }

    /// Runs the target's check on bytes read in place: what `run` runs under libFuzzer.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>, bugClass: String? = nil) throws(FuzzFinding) {
        let finding: FuzzFinding?
        switch self {
        case .invariants: finding = FuzzEntry.invariants(bytes)
        case .differential: finding = FuzzEntry.differential(bytes)
        case .legacy: finding = FuzzEntry.legacy(bytes, bugClass: bugClass)
        case .badInput: finding = FuzzEntry.badInput(bytes)
        case .sequences: finding = FuzzEntry.sequences(bytes)
        }
        if let finding { throw finding }
    }

    /// The body of `LLVMFuzzerTestOneInput`: checks the input and stops the process with the
    /// finding's full description (libFuzzer then saves the input as a crash artifact).
    ///
    /// Inlined into each target's `main.swift` with its `switch`, which folds to the
    /// target's own entry point: a binary then holds only its own check (its coverage
    /// counters are scanned after every execution).
    ///
    /// Self-tests read the bug class to hunt from the environment variable
    /// `LAYOUTCORE_FUZZ_BUG_CLASS` (unset or empty: any class).
    @inlinable @inline(__always)
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
        FuzzTarget.executions += 1
        let finding: FuzzFinding?
        switch self {
        case .invariants: finding = FuzzEntry.invariants(bytes)
        case .differential: finding = FuzzEntry.differential(bytes)
        case .legacy: finding = FuzzEntry.legacy(bytes, bugClass: FuzzTarget.selectedBugClass)
        case .badInput: finding = FuzzEntry.badInput(bytes)
        case .sequences: finding = FuzzEntry.sequences(bytes)
        }
        if let finding {
            fatalError("\(finding)\n  found at execution \(FuzzTarget.executions) of this process")
        }
        return 0
    }

    /// Inputs run by this process (libFuzzer prints no count when a run crashes; the
    /// self-tests report how many executions it took to find a bug).
    @usableFromInline nonisolated(unsafe) static var executions = 0

    /// `LAYOUTCORE_FUZZ_BUG_CLASS`, read once.
    public static let selectedBugClass: String? = {
        guard let value = getenv("LAYOUTCORE_FUZZ_BUG_CLASS") else { return nil }
        let name = String(cString: value)
        return name.isEmpty ? nil : name
    }()
}

/// The entry point of each kind of target: the control the first byte selects
/// (`Controls.visit(familyAt:_:)`, never the `Controls.families` array, which holds every
/// check of every control), then that control's check in the input's precision.
public enum FuzzEntry {
    @usableFromInline static func invariants(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzFinding? {
        var source = FuzzSource(bytes)
        let position = Controls.position(selectedBy: source.nextByte())
        let shape = FuzzBatchShape(&source, maximumCount: 4)
        return withUnsafeMutablePointer(to: &source) { Controls.visit(familyAt: position, ShapedCheck(kind: .invariants, source: $0, shape: shape)) }
    }

    @usableFromInline static func differential(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzFinding? {
        var source = FuzzSource(bytes)
        let position = Controls.position(selectedBy: source.nextByte())
        let shape = FuzzBatchShape(&source, maximumCount: 8)
        return withUnsafeMutablePointer(to: &source) { Controls.visit(familyAt: position, ShapedCheck(kind: .differential, source: $0, shape: shape)) }
    }

    @usableFromInline static func legacy(_ bytes: UnsafeBufferPointer<UInt8>, bugClass: String?) -> FuzzFinding? {
        var source = FuzzSource(bytes)
        var position = Controls.position(selectedBy: source.nextByte())
        // A self-test hunting one class runs the control that has it, whatever the byte.
        if let bugClass, let owner = (0..<Controls.familyCount).first(where: {
            Controls.visit(familyAt: $0, LegacyClasses()).contains(bugClass)
        }) {
            position = owner
        }
        let shape = FuzzBatchShape(&source, maximumCount: 8)
        return withUnsafeMutablePointer(to: &source) {
            Controls.visit(familyAt: position, ShapedCheck(kind: .legacy(bugClass: bugClass), source: $0, shape: shape))
        }
    }

    /// The first word picks the control (bits 1-3: its position in the registry) and the
    /// precision (bit 0); bits 4-15 decide which costly checks an input samples.
    @usableFromInline static func badInput(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzFinding? {
        var source = FuzzSource(bytes)
        let header = source.nextWord()
        let position = Controls.position(selectedBy: UInt8((header >> 1) & 7))
        return withUnsafeMutablePointer(to: &source) { Controls.visit(familyAt: position, BadInput(source: $0, header: header)) }
    }

    /// Byte 0 picks the control, bit 0 of byte 1 the precision; the rest is the calls
    /// (`SequenceFuzzChecks`). A finding is described with the calls that led to it: the
    /// input runs again, noting each call (which the first run does not spend time on).
    @usableFromInline static func sequences(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzFinding? {
        func run(logging: Bool) -> FuzzFinding? {
            var source = FuzzSource(bytes)
            let position = Controls.position(selectedBy: source.nextByte())
            let isDouble = source.nextByte() & 1 == 1
            return withUnsafeMutablePointer(to: &source) {
                Controls.visit(familyAt: position, Sequences(source: $0, isDouble: isDouble, logging: logging))
            }
        }
        guard let finding = run(logging: false) else { return nil }
        return run(logging: true) ?? finding
    }

    struct Sequences: ControlFamilyVisitor {
        let source: UnsafeMutablePointer<FuzzSource>
        let isDouble: Bool
        let logging: Bool
        func visit<F: ControlUnderTest, D: ControlUnderTest>(_: F.Type, _: D.Type) -> FuzzFinding?
        where F.Scalar == Float, D.Scalar == Double {
            isDouble ? SequenceFuzzChecks<D>.check(&source.pointee, logging: logging)
                : SequenceFuzzChecks<F>.check(&source.pointee, logging: logging)
        }
    }

    /// One of the checks that decode a batch shape (`FuzzBatchShape`), in its precision.
    struct ShapedCheck: ControlFamilyVisitor {
        enum Kind {
            case invariants, differential
            case legacy(bugClass: String?)
        }
        let kind: Kind
        let source: UnsafeMutablePointer<FuzzSource>
        let shape: FuzzBatchShape

        func visit<F: ControlUnderTest, D: ControlUnderTest>(_: F.Type, _: D.Type) -> FuzzFinding?
        where F.Scalar == Float, D.Scalar == Double {
            do throws(FuzzFinding) {
                if shape.isDouble { try check(D.self) } else { try check(F.self) }
            } catch { return error }
            return nil
        }

        func check<C: ControlUnderTest>(_: C.Type) throws(FuzzFinding) {
            switch kind {
            case .invariants: try ControlFuzzChecks<C>.checkInvariants(&source.pointee, shape)
            case .differential: try ControlFuzzChecks<C>.checkDifferential(&source.pointee, shape)
            case .legacy(let bugClass): try ControlFuzzChecks<C>.checkLegacy(&source.pointee, shape, bugClass: bugClass)
            }
        }
    }

    struct LegacyClasses: ControlFamilyVisitor {
        func visit<F: ControlUnderTest, D: ControlUnderTest>(_: F.Type, _: D.Type) -> [String]
        where F.Scalar == Float, D.Scalar == Double {
            F.legacyBugClasses
        }
    }

    struct BadInput: ControlFamilyVisitor {
        let source: UnsafeMutablePointer<FuzzSource>
        let header: UInt64
        func visit<F: ControlUnderTest, D: ControlUnderTest>(_: F.Type, _: D.Type) -> FuzzFinding?
        where F.Scalar == Float, D.Scalar == Double {
            do throws(FuzzFinding) {
                if header & 1 == 1 { try BadInputFuzzChecks.check(&source.pointee, header: header, as: D.self) }
                else { try BadInputFuzzChecks.check(&source.pointee, header: header, as: F.self) }
            } catch { return error }
            return nil
        }
    }
}

/// How often this process took each sampled reach of the checks (the corpus replay tests
/// check that their inputs get there). Counted only on those rare paths; not synchronized
/// (a count, read after the checks have run).
public enum FuzzReach {
    /// Long batches checked (`ControlFuzzChecks.checkLongBatch`).
    nonisolated(unsafe) public static var longBatches = 0
    /// Long batches also split across threads.
    nonisolated(unsafe) public static var threadSplits = 0
    /// Accepted bad-input batches whose value semantics were checked.
    nonisolated(unsafe) public static var valueSemantics = 0
    /// Accepted bad-input batches of a control with values its columns cannot hold, given one
    /// (`BatchLayerChecks.unrepresentableValues`).
    nonisolated(unsafe) public static var unrepresentable = 0
    /// Calls of each kind the sequence check made (`SequenceStep`, by raw value). Not
    /// synchronized: concurrent callers may lose counts.
    nonisolated(unsafe) public static let sequenceSteps: UnsafeMutableBufferPointer<Int> = {
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: SequenceStep.allCases.count)
        counts.initialize(repeating: 0)
        return counts
    }()
    /// The names of the kinds of calls the sequence check makes, in opcode order.
    public static var sequenceStepNames: [String] { SequenceStep.allCases.map { "\($0)" } }
}

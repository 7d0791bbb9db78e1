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

    public enum Kind: String, Sendable {
        /// `.fit` invariants: any finding is a bug.
        case invariants
        /// Kernel against reference: any finding is a bug.
        case differential
        /// Bad input: any finding (or trap) is a bug.
        case badInput
        /// `.legacy` self-test: a finding is expected (it proves the suite finds the bugs of
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

    /// Runs the target's check on bytes read in place.
    public func check(_ bytes: UnsafeBufferPointer<UInt8>, bugClass: String? = nil) throws(FuzzFinding) {
        if self == .badInput {
            try BadInputFuzzChecks.check(bytes)
            return
        }
        var source = FuzzSource(bytes)
        var family = Controls.family(selectedBy: source.nextByte())
        // A self-test hunting one class runs the control that has it, whatever the byte.
        if let bugClass, let owner = Controls.families.first(where: { $0.legacyBugClasses.contains(bugClass) }) {
            family = owner
        }
        switch self {
        case .invariants:
            try family.invariants(&source, FuzzBatchShape(&source, maximumCount: 4))
        case .differential:
            try family.differential(&source, FuzzBatchShape(&source, maximumCount: 8))
        case .legacy:
            try family.legacy(&source, FuzzBatchShape(&source, maximumCount: 8), bugClass)
        case .badInput:
            break
        }
    }

    /// The body of `LLVMFuzzerTestOneInput`: checks the input and stops the process with the
    /// finding's full description (libFuzzer then saves the input as a crash artifact).
    ///
    /// Self-tests read the bug class to hunt from the environment variable
    /// `LAYOUTCORE_FUZZ_BUG_CLASS` (unset or empty: any class).
    @inlinable @inline(__always)
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
        FuzzTarget.executions += 1
        do {
            try check(bytes, bugClass: kind == .selfTest ? FuzzTarget.selectedBugClass : nil)
        } catch {
            fatalError("\(error)\n  found at execution \(FuzzTarget.executions) of this process")
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

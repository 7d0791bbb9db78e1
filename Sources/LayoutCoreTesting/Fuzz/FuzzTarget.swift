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
public enum FuzzTarget: String, CaseIterable, Sendable {
    case buttonContentInvariants = "FuzzButtonContentInvariants"
    case buttonContentDifferential = "FuzzButtonContentDifferential"
    case buttonContentLegacy = "FuzzButtonContentLegacy"
    case thumbTrackInvariants = "FuzzThumbTrackInvariants"
    case thumbTrackDifferential = "FuzzThumbTrackDifferential"
    case thumbTrackLegacy = "FuzzThumbTrackLegacy"
    case toggleTransitionInvariants = "FuzzToggleTransitionInvariants"
    case toggleTransitionDifferential = "FuzzToggleTransitionDifferential"
    case toggleTransitionLegacy = "FuzzToggleTransitionLegacy"
    case badInput = "FuzzBadInput"

    public enum Kind: String, Sendable {
        /// `.fit` invariants: any finding is a bug.
        case invariants
        /// Kernel against reference: any finding is a bug.
        case differential
        /// Bad input: any finding (or trap) is a bug.
        case badInput
        /// `.legacy` self-test: a finding is expected (it proves the suite finds the seed bugs).
        case selfTest
    }

    public var name: String { rawValue }

    public var kind: Kind {
        switch self {
        case .buttonContentInvariants, .thumbTrackInvariants, .toggleTransitionInvariants: return .invariants
        case .buttonContentDifferential, .thumbTrackDifferential, .toggleTransitionDifferential: return .differential
        case .buttonContentLegacy, .thumbTrackLegacy, .toggleTransitionLegacy: return .selfTest
        case .badInput: return .badInput
        }
    }

    /// For self-tests: the seed bug classes it must find (each can be selected alone).
    public var bugClasses: [String] {
        switch self {
        case .buttonContentLegacy: return ButtonContentFuzzChecks.bugClasses
        case .thumbTrackLegacy: return ThumbTrackFuzzChecks.bugClasses
        case .toggleTransitionLegacy: return ToggleTransitionFuzzChecks.bugClasses
        default: return []
        }
    }

    /// Runs the target's check on one input. For self-tests, `bugClass` limits the findings to
    /// one seed bug class (`nil`: any).
    public func check(_ bytes: [UInt8], bugClass: String? = nil) throws(FuzzFinding) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(FuzzFinding) in
            try check(buffer, bugClass: bugClass)
        }
    }

    /// Runs the target's check on bytes read in place.
    @inlinable @inline(__always)
    public func check(_ bytes: UnsafeBufferPointer<UInt8>, bugClass: String? = nil) throws(FuzzFinding) {
        switch self {
        case .buttonContentInvariants: try ButtonContentFuzzChecks.checkInvariants(bytes)
        case .buttonContentDifferential: try ButtonContentFuzzChecks.checkDifferential(bytes)
        case .buttonContentLegacy: try ButtonContentFuzzChecks.checkLegacy(bytes, bugClass: bugClass)
        case .thumbTrackInvariants: try ThumbTrackFuzzChecks.checkInvariants(bytes)
        case .thumbTrackDifferential: try ThumbTrackFuzzChecks.checkDifferential(bytes)
        case .thumbTrackLegacy: try ThumbTrackFuzzChecks.checkLegacy(bytes, bugClass: bugClass)
        case .toggleTransitionInvariants: try ToggleTransitionFuzzChecks.checkInvariants(bytes)
        case .toggleTransitionDifferential: try ToggleTransitionFuzzChecks.checkDifferential(bytes)
        case .toggleTransitionLegacy: try ToggleTransitionFuzzChecks.checkLegacy(bytes, bugClass: bugClass)
        case .badInput: try BadInputFuzzChecks.check(bytes)
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

import LayoutCore

/// One kernel in one precision, prepared for a batch of `count` controls, as the runner sees
/// it. The `layout-bench` executable provides one generic subject per registered control, so the
/// subjects stay in the executable target and this library stays testable with fakes.
///
/// The methods run a whole batch each; the runner calls them through an existential, which
/// costs one indirect call per batch.
public protocol LayoutBenchSubject {
    /// The kernel's name in reports (`button-content`, `thumb-track`, `toggle-transition`).
    static var kernel: String { get }
    /// `Float` or `Double`.
    static var precision: String { get }
    /// Bytes the kernel reads and writes per control (inputs plus outputs), for the roofline.
    static var bytesPerControl: Int { get }

    init(count: Int, seed: UInt64)

    /// Lays out every control with the scalar reference, one control at a time, on one thread.
    mutating func runReference()
    /// Whether `runCheckedReference` exists (then the run also measures `reference-checked`).
    static var hasCheckedReference: Bool { get }
    /// Lays out every control with the validated single-control call (`Slider.layout(_:)`:
    /// validation, then the reference), one control at a time, on one thread, into an output
    /// of its own, which the next `verify()` checks. The runner and the frame loop check it
    /// right after the reference, before any kernel.
    mutating func runCheckedReference()
    /// Lays out every control with the batch kernel (validation included).
    mutating func runKernel(parallelism: Parallelism)
    /// Throws when the last output of the engine that ran last (a kernel, a ceiling or the
    /// checked reference) differs from the reference's in any bit.
    func verify() throws
    /// A value that depends on the outputs, consumed so the optimizer cannot drop the work.
    func checksum() -> UInt64
    /// A hash of sampled output values of one engine: the reference's output (`reference`
    /// true) or the last output of another engine (a kernel's, a ceiling's or the checked
    /// reference's). Equal outputs give equal checksums, so `profile`
    /// prints the same checksum for every engine of a kernel when they agree.
    func outputChecksum(reference: Bool) -> UInt64

    /// Whether `runUncheckedKernel` exists (then the run also measures `kernel-unchecked`).
    static var hasUncheckedKernel: Bool { get }
    /// The part of `bytesPerControl` that is input. The checked kernel validates its inputs in
    /// a separate pass, so it moves `bytesPerControl + inputBytesPerControl` bytes per control
    /// once the batch no longer fits in the cache. `nil` when the subject does not say.
    static var inputBytesPerControl: Int? { get }
    /// Lays out every control with the batch kernel's unchecked entry point (no validation).
    mutating func runUncheckedKernel(parallelism: Parallelism)

    /// Whether this kernel has a ceiling (a hand-written AVX2 port, Benchmarks/Ceiling) and
    /// whether it runs on this CPU.
    static var ceiling: CeilingSupport { get }
    /// Lays out every control with the ceiling, one thread, into the kernel's output (so that
    /// `verify()` checks it): with `checked`, its validation pass first.
    mutating func runCeiling(checked: Bool)

    /// Changes `count` controls of the batch, the same in the reference's configurations and
    /// in the kernel's columns, differently for each `frame` (`frame`'s loop). Default: none.
    mutating func changeInputs(frame: Int, count: Int)
}

/// Whether a subject has a ceiling variant: the same kernel hand-written for the widest
/// vectors the CPU has, the same IEEE operations in the same order, checked bit for bit
/// against the reference like every variant. Its time is the "x ceiling" of the Swift kernel.
public enum CeilingSupport: Hashable, Sendable {
    /// No ceiling written for this kernel.
    case none
    /// The ceiling runs here.
    case available
    /// The ceiling exists but cannot run here (the reason, e.g. "this CPU has no AVX2").
    case unavailable(String)
}

extension LayoutBenchSubject {
    /// Subjects that do not hash each engine's output on its own give `checksum()`.
    public func outputChecksum(reference: Bool) -> UInt64 { checksum() }
    public static var hasCheckedReference: Bool { false }
    public mutating func runCheckedReference() {
        preconditionFailure("\(Self.kernel) has no checked reference")
    }
    public static var hasUncheckedKernel: Bool { false }
    public static var inputBytesPerControl: Int? { nil }
    public mutating func runUncheckedKernel(parallelism: Parallelism) {
        preconditionFailure("\(Self.kernel) has no unchecked kernel")
    }
    public static var ceiling: CeilingSupport { .none }
    public mutating func changeInputs(frame: Int, count: Int) {}
    public mutating func runCeiling(checked: Bool) {
        preconditionFailure("\(Self.kernel) has no ceiling")
    }
}

extension LayoutBenchSubject {
    /// `kernel/precision`, for progress lines and errors.
    static var label: String { "\(kernel) \(precision)" }
}

/// Keeps `value` alive as far as the optimizer can tell: the call is opaque (not inlinable,
/// in another module than the timed loops' callers) and writes to a global.
@inline(never)
public func benchSink(_ value: UInt64) {
    _benchSinkStorage.withLock { $0 ^= value }
}

/// The XOR of everything passed to `benchSink`, so that it is observable.
public var benchSinkValue: UInt64 { _benchSinkStorage.withLock { $0 } }

import Synchronization
let _benchSinkStorage = Mutex<UInt64>(0)

import LayoutBench
import LayoutCore

/// Presents a `BenchmarkSubject` (this target's protocol, which the subjects in Subjects/
/// conform to) as the LayoutBench library's `LayoutBenchSubject`.
///
/// Each call forwards one whole batch; the subjects' `@_specialize`d witnesses keep the loops
/// specialized behind the two protocol layers.
struct SubjectAdapter<Base: BenchmarkSubject>: LayoutBenchSubject {
    static var kernel: String { Base.kernel }
    static var precision: String { Base.precision }
    static var bytesPerControl: Int { Base.bytesPerControl }

    var base: Base

    init(count: Int, seed: UInt64) { base = Base(count: count, seed: seed) }
    mutating func runReference() { base.runReference() }
    mutating func runKernel(parallelism: Parallelism) { base.runKernel(parallelism: parallelism) }
    func verify() throws { try base.verify() }
    func checksum() -> UInt64 { base.checksum() }
    func outputChecksum(reference: Bool) -> UInt64 { base.outputChecksum(reference: reference) }
}

/// The same for subjects that also time their kernel's unchecked entry point.
struct UncheckedSubjectAdapter<Base: UncheckedBenchmarkSubject>: LayoutBenchSubject {
    static var kernel: String { Base.kernel }
    static var precision: String { Base.precision }
    static var bytesPerControl: Int { Base.bytesPerControl }
    static var hasUncheckedKernel: Bool { true }
    static var inputBytesPerControl: Int? { Base.inputBytesPerControl }

    var base: Base

    init(count: Int, seed: UInt64) { base = Base(count: count, seed: seed) }
    mutating func runReference() { base.runReference() }
    mutating func runKernel(parallelism: Parallelism) { base.runKernel(parallelism: parallelism) }
    mutating func runUncheckedKernel(parallelism: Parallelism) { base.runUncheckedKernel(parallelism: parallelism) }
    func verify() throws { try base.verify() }
    func checksum() -> UInt64 { base.checksum() }
    func outputChecksum(reference: Bool) -> UInt64 { base.outputChecksum(reference: reference) }
}

func adaptedSubjects(_ subjects: [any BenchmarkSubject.Type]) -> [any LayoutBenchSubject.Type] {
    func adapt<S: BenchmarkSubject>(_ subject: S.Type) -> any LayoutBenchSubject.Type { SubjectAdapter<S>.self }
    func adaptUnchecked<S: UncheckedBenchmarkSubject>(_ subject: S.Type) -> any LayoutBenchSubject.Type { UncheckedSubjectAdapter<S>.self }
    return subjects.map { subject in
        if let unchecked = subject as? any UncheckedBenchmarkSubject.Type { return adaptUnchecked(unchecked) }
        return adapt(subject)
    }
}

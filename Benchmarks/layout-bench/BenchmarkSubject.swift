import LayoutCore

/// One kernel in one precision, prepared for a batch of `count` controls: its inputs as an
/// array of structs (for the reference) and as columns (for the kernel), and its outputs.
///
/// A subject's methods run the whole batch, so calling them through an existential costs
/// nothing measurable; the loops inside are specialized for the concrete precision.
protocol BenchmarkSubject {
    /// The kernel's name in reports (`button-content`, `thumb-track`, `toggle-transition`).
    static var kernel: String { get }
    /// `Float` or `Double`.
    static var precision: String { get }
    /// Bytes the kernel reads and writes per control (inputs plus outputs), for the roofline.
    static var bytesPerControl: Int { get }

    init(count: Int, seed: UInt64)

    /// Lays out every control with the scalar reference, one control at a time.
    mutating func runReference()
    /// Lays out every control with the batch kernel (validation included).
    mutating func runKernel(parallelism: Parallelism)
    /// Throws when the kernel's last output differs from the reference's in any bit.
    func verify() throws
    /// A hash of the same sampled output values of the reference's output (`reference` true)
    /// or of the kernel's last output: equal outputs give equal checksums.
    func outputChecksum(reference: Bool) -> UInt64
}

extension BenchmarkSubject {
    /// Both outputs' checksums, consumed so the optimizer cannot drop the work.
    func checksum() -> UInt64 { outputChecksum(reference: true) ^ (outputChecksum(reference: false) &* 31) }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}

/// Every subject the benchmark knows, in report order.
nonisolated(unsafe) let allSubjects: [any BenchmarkSubject.Type] = [
    ButtonContentSubject<Float>.self,
    ButtonContentSubject<Double>.self,
    ThumbTrackSubject<Float>.self,
    ThumbTrackSubject<Double>.self,
    ToggleTransitionSubject<Float>.self,
    ToggleTransitionSubject<Double>.self,
]

/// The FNV-1a offset basis: where every checksum starts.
let checksumSeed: UInt64 = 0xcbf2_9ce4_8422_2325

/// Every 61st control, to checksum: a sample spread over the whole batch.
let checksumStride = 61

/// Mixes the bit pattern of `value` into `hash` (FNV-1a style), for checksums.
@inline(__always)
func mix<S: LayoutScalar>(_ hash: inout UInt64, _ value: S) {
    let bits: UInt64
    if let float = value as? Float { bits = UInt64(float.bitPattern) }
    else if let double = value as? Double { bits = double.bitPattern }
    else { bits = 0 }
    hash = (hash ^ bits) &* 0x100_0000_01b3
}

/// Keeps `value` alive as far as the optimizer can tell.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { _ = $0 }
}

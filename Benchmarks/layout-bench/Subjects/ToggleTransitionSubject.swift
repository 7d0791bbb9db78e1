import LayoutCore
import LayoutCoreTesting

// `@_specialize` on every method: the benchmark calls subjects through `any BenchmarkSubject`,
// whose witnesses would otherwise run the generic (unspecialized, ~100x slower) code.
/// The toggle transition kernel (SPEC section 3) on typical controls with random states,
/// elapsed times, curves and modes.
struct ToggleTransitionSubject<S: LayoutScalar>: BenchmarkSubject {
    static var kernel: String { "toggle-transition" }
    static var precision: String { S.self == Float.self ? "Float" : "Double" }
    /// 10 scalar columns and 5 byte columns in, 18 scalar columns out.
    static var bytesPerControl: Int { 28 * MemoryLayout<S>.size + 5 }

    let configurations: [ToggleTransitionConfiguration<S>]
    let columns: ToggleTransitionColumns<S>
    var referenceOutput: [ToggleTransitionResult<S>]
    var kernelOutput: ToggleTransitionResultColumns<S>

    /// Random states, times, curves and modes with UI-sized values
    /// (`ToggleTransitionGenerator.benchmarkBatch`).
    @_specialize(where S == Float)
    @_specialize(where S == Double)
    init(count: Int, seed: UInt64) {
        (configurations, columns) = ToggleTransitionGenerator.benchmarkBatch(count: count, seed: seed)
        let layer = ToggleLayer<S>(alpha: 0, scale: 0, frame: LayoutRect(x: 0, y: 0, width: 0, height: 0))
        referenceOutput = Array(repeating: ToggleTransitionResult(off: layer, on: layer, indeterminate: layer), count: count)
        kernelOutput = ToggleTransitionResultColumns(count: count)
    }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runReference() {
        configurations.withUnsafeBufferPointer { input in
            referenceOutput.withUnsafeMutableBufferPointer { output in
                for index in input.indices {
                    output[index] = ToggleTransition.layout(unchecked: input[index])
                }
            }
        }
    }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runKernel(parallelism: Parallelism) {
        do {
            try columns.layout(into: &kernelOutput, parallelism: parallelism)
        } catch {
            fatalError("generated input failed validation: \(error)")
        }
    }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    func verify() throws {
        for index in configurations.indices {
            let expected = referenceOutput[index]
            let actual = kernelOutput[index]
            guard ToggleTransitionDifferential.equal(expected, actual) else {
                throw BenchmarkFailure(description:
                    "\(Self.kernel) \(Self.precision): kernel differs from reference at \(index): \(actual) vs \(expected) for \(configurations[index])")
            }
        }
    }

    func outputChecksum(reference: Bool) -> UInt64 {
        var hash = checksumSeed
        for index in Swift.stride(from: 0, to: configurations.count, by: checksumStride) {
            let layers = reference ? referenceOutput[index] : kernelOutput[index]
            mix(&hash, layers.on.alpha); mix(&hash, layers.off.frame.x)
            mix(&hash, layers.indeterminate.alpha)
        }
        return hash
    }
}

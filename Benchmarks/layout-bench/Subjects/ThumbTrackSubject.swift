import LayoutCore
import LayoutCoreTesting

// `@_specialize` on every method: the benchmark calls subjects through `any BenchmarkSubject`,
// whose witnesses would otherwise run the generic (unspecialized, ~100x slower) code.
/// The thumb track kernel (SPEC section 2) on typical `.fit` controls with random phases,
/// segment counts, selected indices, translations, velocities, directions, snapping and rubber
/// band (`ThumbTrackGenerator.benchmarkBatch`: UI-sized values, none of the subnormal, huge or
/// zero-width edge cases the test generator aims at).
struct ThumbTrackSubject<S: LayoutScalar>: BenchmarkSubject {
    static var kernel: String { "thumb-track" }
    static var precision: String { S.self == Float.self ? "Float" : "Double" }
    /// 6 scalar columns and 7 byte columns in; 4 scalar columns and 2 byte columns out.
    static var bytesPerControl: Int { 10 * MemoryLayout<S>.size + 9 }

    let configurations: [ThumbTrackConfiguration<S>]
    let columns: ThumbTrackColumns<S>
    var referenceOutput: [ThumbTrackResult<S>]
    var kernelOutput: ThumbTrackResultColumns<S>

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    init(count: Int, seed: UInt64) {
        (configurations, columns) = ThumbTrackGenerator.benchmarkBatch(count: count, seed: seed)
        referenceOutput = Array(
            repeating: ThumbTrackResult(thumbFrame: LayoutRect(x: 0, y: 0, width: 0, height: 0),
                                        selectedIndex: 0, indexChanged: false),
            count: count)
        kernelOutput = ThumbTrackResultColumns(count: count)
    }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runReference() {
        configurations.withUnsafeBufferPointer { input in
            referenceOutput.withUnsafeMutableBufferPointer { output in
                for index in input.indices {
                    output[index] = ThumbTrack.layout(unchecked: input[index])
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
            guard ThumbTrackDifferential.equal(expected, actual) else {
                throw BenchmarkFailure(description:
                    "\(Self.kernel) \(Self.precision): kernel differs from reference at \(index): \(actual) vs \(expected) for \(configurations[index])")
            }
        }
    }

    func outputChecksum(reference: Bool) -> UInt64 {
        var hash = checksumSeed
        for index in Swift.stride(from: 0, to: configurations.count, by: checksumStride) {
            let result = reference ? referenceOutput[index] : kernelOutput[index]
            mix(&hash, result.thumbFrame.x); mix(&hash, result.thumbFrame.width)
            hash = (hash ^ UInt64(result.selectedIndex)) &* 0x100_0000_01b3
        }
        return hash
    }
}

import LayoutCore
import LayoutCoreTesting

// `@_specialize` on every method: the benchmark calls subjects through `any BenchmarkSubject`,
// whose witnesses would otherwise run the generic (unspecialized, ~100x slower) code.
struct ButtonContentSubject<S: LayoutScalar>: BenchmarkSubject {
    static var kernel: String { "button-content" }
    static var precision: String { S.self == Float.self ? "Float" : "Double" }
    /// 12 scalar columns and 3 byte columns in, 8 scalar columns out.
    static var bytesPerControl: Int { 20 * MemoryLayout<S>.size + 3 }

    let configurations: [ButtonContentConfiguration<S>]
    let columns: ButtonContentColumns<S>
    var referenceOutput: [ButtonContentResult<S>]
    var kernelOutput: ButtonContentResultColumns<S>

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    init(count: Int, seed: UInt64) {
        (configurations, columns) = ButtonContentGenerator.batch(count: count, seed: seed)
        referenceOutput = Array(repeating: ButtonContentResult(imageFrame: .init(x: 0, y: 0, width: 0, height: 0),
                                                               titleFrame: .init(x: 0, y: 0, width: 0, height: 0)),
                                count: count)
        kernelOutput = ButtonContentResultColumns(count: count)
    }

    @_specialize(where S == Float)
    @_specialize(where S == Double)
    mutating func runReference() {
        configurations.withUnsafeBufferPointer { input in
            referenceOutput.withUnsafeMutableBufferPointer { output in
                for index in input.indices {
                    output[index] = ButtonContent.layout(unchecked: input[index])
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
            guard BitPattern.equal(expected.imageFrame, actual.imageFrame),
                  BitPattern.equal(expected.titleFrame, actual.titleFrame)
            else {
                throw BenchmarkFailure(description:
                    "\(Self.kernel) \(Self.precision): kernel differs from reference at \(index): \(actual) vs \(expected) for \(configurations[index])")
            }
        }
    }

    func outputChecksum(reference: Bool) -> UInt64 {
        var hash = checksumSeed
        for index in Swift.stride(from: 0, to: configurations.count, by: checksumStride) {
            let frames = reference ? referenceOutput[index] : kernelOutput[index]
            mix(&hash, frames.imageFrame.x); mix(&hash, frames.imageFrame.height)
            mix(&hash, frames.titleFrame.x); mix(&hash, frames.titleFrame.width)
        }
        return hash
    }
}

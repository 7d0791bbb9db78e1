import LayoutBench
import LayoutCore
import LayoutCoreTesting

/// One control in one precision, prepared for a batch of `count` controls: the benchmark's
/// typical configurations as an array (for the reference) and as columns (for the kernel),
/// and both outputs. Every control in `Controls.all` is measured through this one subject.
///
/// The runner calls subjects through `any LayoutBenchSubject`, whose witnesses would run the
/// generic (unspecialized, ~100x slower) code; `@_specialize` on each timed method makes the
/// generic entry point jump to code specialized for each registered control. A control added
/// to `Controls.all` gets a pair of `@_specialize` lines on the timed methods, `init` and `verify`.
struct ControlSubject<Control: ControlUnderTest>: LayoutBenchSubject {
    static var kernel: String { Control.controlName }
    static var precision: String { Control.Scalar.self == Float.self ? "Float" : "Double" }
    /// Every input and result column's element, once.
    static var bytesPerControl: Int { Control.InputFields.bytesPerControl + Control.ResultFields.bytesPerControl }
    static var hasUncheckedKernel: Bool { true }
    /// The validation pass reads the inputs once more.
    static var inputBytesPerControl: Int? { Control.InputFields.bytesPerControl }

    let configurations: [Control]
    let columns: BatchColumns<Control>
    var referenceOutput: [Control.Result]
    var kernelOutput: BatchResultColumns<Control>

    @_specialize(where Control == ButtonContentConfiguration<Float>)
    @_specialize(where Control == ButtonContentConfiguration<Double>)
    @_specialize(where Control == ThumbTrackConfiguration<Float>)
    @_specialize(where Control == ThumbTrackConfiguration<Double>)
    @_specialize(where Control == ToggleTransitionConfiguration<Float>)
    @_specialize(where Control == ToggleTransitionConfiguration<Double>)
    init(count: Int, seed: UInt64) {
        configurations = Control.benchmarkConfigurations(count: count, seed: seed)
        columns = BatchColumns(configurations)
        referenceOutput = configurations.map(Control.referenceLayout)
        kernelOutput = BatchResultColumns(count: count)
    }

    @_specialize(where Control == ButtonContentConfiguration<Float>)
    @_specialize(where Control == ButtonContentConfiguration<Double>)
    @_specialize(where Control == ThumbTrackConfiguration<Float>)
    @_specialize(where Control == ThumbTrackConfiguration<Double>)
    @_specialize(where Control == ToggleTransitionConfiguration<Float>)
    @_specialize(where Control == ToggleTransitionConfiguration<Double>)
    mutating func runReference() {
        configurations.withUnsafeBufferPointer { input in
            referenceOutput.withUnsafeMutableBufferPointer { output in
                for index in input.indices {
                    output[index] = Control.referenceLayout(input[index])
                }
            }
        }
    }

    @_specialize(where Control == ButtonContentConfiguration<Float>)
    @_specialize(where Control == ButtonContentConfiguration<Double>)
    @_specialize(where Control == ThumbTrackConfiguration<Float>)
    @_specialize(where Control == ThumbTrackConfiguration<Double>)
    @_specialize(where Control == ToggleTransitionConfiguration<Float>)
    @_specialize(where Control == ToggleTransitionConfiguration<Double>)
    mutating func runKernel(parallelism: Parallelism) {
        do {
            try columns.layout(into: &kernelOutput, parallelism: parallelism)
        } catch {
            fatalError("generated input failed validation: \(error)")
        }
    }

    @_specialize(where Control == ButtonContentConfiguration<Float>)
    @_specialize(where Control == ButtonContentConfiguration<Double>)
    @_specialize(where Control == ThumbTrackConfiguration<Float>)
    @_specialize(where Control == ThumbTrackConfiguration<Double>)
    @_specialize(where Control == ToggleTransitionConfiguration<Float>)
    @_specialize(where Control == ToggleTransitionConfiguration<Double>)
    mutating func runUncheckedKernel(parallelism: Parallelism) {
        columns.uncheckedLayout(into: &kernelOutput, parallelism: parallelism)
    }

    /// Throws when the kernel's last output differs from the reference's in any bit.
    @_specialize(where Control == ButtonContentConfiguration<Float>)
    @_specialize(where Control == ButtonContentConfiguration<Double>)
    @_specialize(where Control == ThumbTrackConfiguration<Float>)
    @_specialize(where Control == ThumbTrackConfiguration<Double>)
    @_specialize(where Control == ToggleTransitionConfiguration<Float>)
    @_specialize(where Control == ToggleTransitionConfiguration<Double>)
    func verify() throws {
        let reference = ResultBits.columns(referenceOutput, as: Control.self)
        if let index = ResultBits.firstDifference(reference, kernelOutput) {
            throw BenchmarkFailure(description:
                "\(Self.kernel) \(Self.precision): kernel differs from reference at \(index): "
                    + "\(kernelOutput[index]) vs \(referenceOutput[index]) for \(configurations[index])")
        }
    }

    func checksum() -> UInt64 { outputChecksum(reference: true) ^ (outputChecksum(reference: false) &* 31) }

    func outputChecksum(reference: Bool) -> UInt64 {
        ResultBits.checksum(reference ? ResultBits.columns(referenceOutput, as: Control.self) : kernelOutput)
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}

/// The subject of every control under test, in report order.
func allSubjects() -> [any LayoutBenchSubject.Type] {
    func subject<C: ControlUnderTest>(_ control: C.Type) -> any LayoutBenchSubject.Type { ControlSubject<C>.self }
    return Controls.all.map { subject($0) }
}

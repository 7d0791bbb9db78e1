import LayoutBench
import LayoutCore
import LayoutCoreTesting

/// One control in one precision, prepared for a batch of `count` controls: the benchmark's
/// typical configurations as an array (for the reference) and as columns (for the kernel),
/// and both outputs. Every control in `Controls.all` is measured through this one batch type.
struct ControlBatch<Control: ControlUnderTest> {
    var configurations: [Control]
    var columns: BatchColumns<Control>
    /// Other valid configurations, which `changeInputs` writes into the batch.
    let alternates: [Control]
    var referenceOutput: [Control.Result]
    var kernelOutput: BatchResultColumns<Control>
    /// The column addresses a ceiling (CeilingSubject.swift) reads and writes, taken on its
    /// first call (untimed: the runner checks every variant first); the storage of `columns`
    /// and `kernelOutput` stays where it is for the batch's life (nothing else shares it).
    var ceilingAddresses: (inputs: [UnsafeRawPointer], outputs: [UnsafeMutableRawPointer])?

    init(count: Int, seed: UInt64) {
        configurations = Control.benchmarkConfigurations(count: count, seed: seed)
        columns = BatchColumns(configurations)
        alternates = Control.benchmarkConfigurations(count: 61, seed: seed ^ 0xF4A3_E5C0)
        referenceOutput = configurations.map(ControlSchema<Control>.referenceLayout)
        kernelOutput = BatchResultColumns(count: count)
    }

    mutating func runReference() {
        configurations.withUnsafeBufferPointer { input in
            referenceOutput.withUnsafeMutableBufferPointer { output in
                for index in input.indices {
                    output[index] = ControlSchema<Control>.referenceLayout(input[index])
                }
            }
        }
    }

    mutating func runKernel(parallelism: Parallelism) {
        do {
            try columns.layout(into: &kernelOutput, parallelism: parallelism)
        } catch {
            fatalError("generated input failed validation: \(error)")
        }
    }

    mutating func runUncheckedKernel(parallelism: Parallelism) {
        columns.uncheckedLayout(into: &kernelOutput, parallelism: parallelism)
    }

    /// Writes `count` alternate configurations over controls of the batch, spread over it and
    /// moving from frame to frame, in the configurations and in the columns alike.
    mutating func changeInputs(frame: Int, count: Int) {
        let size = configurations.count
        guard size > 0 else { return }
        for change in 0..<count {
            let index = (frame &* 7 &+ change &* 13) % size
            let configuration = alternates[(frame &+ change) % alternates.count]
            configurations[index] = configuration
            columns.replace(at: index, with: configuration)
        }
    }

    /// The first control at which the kernel's last output differs from the reference's in
    /// any bit, with both results and its configuration; `nil` when they agree.
    func firstDifference() -> String? {
        let reference = ResultBits.columns(referenceOutput, as: Control.self)
        guard let index = ResultBits.firstDifference(reference, kernelOutput) else { return nil }
        return "at \(index): \(kernelOutput[index]) vs \(referenceOutput[index]) for \(configurations[index])"
    }

    func outputChecksum(reference: Bool) -> UInt64 {
        ResultBits.checksum(reference ? ResultBits.columns(referenceOutput, as: Control.self) : kernelOutput)
    }
}

/// The benchmark subject of one control in one precision, written once for every control.
///
/// The runner calls subjects through `any LayoutBenchSubject`. A generic subject type's
/// witnesses would run the generic (unspecialized, ~100x slower) code; the witnesses of a
/// concrete type that conforms to this protocol call these implementations with `Control`
/// known, so the release build compiles them for that control.
protocol ControlSubject: LayoutBenchSubject {
    associatedtype Control: ControlUnderTest
    var batch: ControlBatch<Control> { get set }
    init(batch: ControlBatch<Control>)
}

extension ControlSubject {
    static var control: any ControlUnderTest.Type { Control.self }
    static var kernel: String { ControlSchema<Control>.name }
    static var precision: String { Control.Scalar.self == Float.self ? "Float" : "Double" }
    /// Every input and result column's element, once.
    static var bytesPerControl: Int { ControlSchema<Control>.inputBytesPerControl + ControlSchema<Control>.resultBytesPerControl }
    static var hasUncheckedKernel: Bool { true }
    /// The validation pass reads the inputs once more.
    static var inputBytesPerControl: Int? { ControlSchema<Control>.inputBytesPerControl }

    init(count: Int, seed: UInt64) { self.init(batch: ControlBatch(count: count, seed: seed)) }
    mutating func runReference() { batch.runReference() }
    mutating func runKernel(parallelism: Parallelism) { batch.runKernel(parallelism: parallelism) }
    mutating func runUncheckedKernel(parallelism: Parallelism) { batch.runUncheckedKernel(parallelism: parallelism) }
    mutating func changeInputs(frame: Int, count: Int) { batch.changeInputs(frame: frame, count: count) }

    /// Throws when the kernel's last output differs from the reference's in any bit.
    func verify() throws {
        if let difference = batch.firstDifference() {
            throw BenchmarkFailure(description: "\(Self.kernel) \(Self.precision): kernel differs from reference \(difference)")
        }
    }

    func checksum() -> UInt64 { outputChecksum(reference: true) ^ (outputChecksum(reference: false) &* 31) }
    func outputChecksum(reference: Bool) -> UInt64 { batch.outputChecksum(reference: reference) }
}

// One concrete subject per control of `Controls.all`: a control that joins the registry gets
// one line here and joins the list in `allSubjects()`, which stops the benchmark when one is
// missing.
struct ButtonContentFloatSubject: ControlSubject { var batch: ControlBatch<ButtonContentConfiguration<Float>> }
struct ButtonContentDoubleSubject: ControlSubject { var batch: ControlBatch<ButtonContentConfiguration<Double>> }
struct ThumbTrackFloatSubject: ControlSubject { var batch: ControlBatch<ThumbTrackConfiguration<Float>> }
struct ThumbTrackDoubleSubject: ControlSubject { var batch: ControlBatch<ThumbTrackConfiguration<Double>> }
struct ToggleTransitionFloatSubject: ControlSubject { var batch: ControlBatch<ToggleTransitionConfiguration<Float>> }
struct ToggleTransitionDoubleSubject: ControlSubject { var batch: ControlBatch<ToggleTransitionConfiguration<Double>> }
struct SliderFloatSubject: ControlSubject { var batch: ControlBatch<SliderConfiguration<Float>> }
struct SliderDoubleSubject: ControlSubject { var batch: ControlBatch<SliderConfiguration<Double>> }

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}

/// The subject of every control under test, in report order (the order of `Controls.all`).
func allSubjects() -> [any LayoutBenchSubject.Type] {
    let controlSubjects: [any ControlSubject.Type] = [
        ButtonContentFloatSubject.self, ButtonContentDoubleSubject.self,
        ThumbTrackFloatSubject.self, ThumbTrackDoubleSubject.self,
        ToggleTransitionFloatSubject.self, ToggleTransitionDoubleSubject.self,
        SliderFloatSubject.self, SliderDoubleSubject.self,
    ]
    return Controls.all.map { control in
        guard let subject = controlSubjects.first(where: { ObjectIdentifier($0.control) == ObjectIdentifier(control) }) else {
            fatalError("no benchmark subject for \(control): add one in Benchmarks/layout-bench/ControlSubject.swift")
        }
        return subject
    }
}

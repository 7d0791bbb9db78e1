import LayoutBench
import LayoutCore
import LayoutCoreTesting

/// One control in one precision, prepared for a batch of `count` controls: the benchmark's
/// typical configurations as an array (for the references) and as columns (for the kernel),
/// and the outputs. Every control in `Controls.all` is measured through this one batch type.
struct ControlBatch<Control: ControlUnderTest> {
    var configurations: [Control]
    var columns: BatchColumns<Control>
    /// Other valid configurations, which `changeInputs` writes into the batch.
    let alternates: [Control]
    var referenceOutput: [Control.Result]
    /// The output of the checked single-control call (`runCheckedReference`).
    var checkedOutput: [Control.Result]
    var kernelOutput: BatchResultColumns<Control>
    /// Set when the checked reference runs, cleared when `firstDifference()` has compared its
    /// output: while set, `verify()` and `outputChecksum(reference: false)` read
    /// `checkedOutput`, else `kernelOutput`. The kernels' calls write nothing here (a store per
    /// call would count in the instruction gate's figures of their fixed cost), so a check runs
    /// the checked reference first after the reference (the runner's and the frame loop's
    /// variant order), before any kernel.
    let checkedPending = Flag()

    final class Flag {
        var isSet = false
    }
    /// The column addresses a ceiling (CeilingSubject.swift) reads and writes, taken on its
    /// first call (untimed: the runner checks every variant first); the storage of `columns`
    /// and `kernelOutput` stays where it is for the batch's life (nothing else shares it).
    var ceilingAddresses: (inputs: [UnsafeRawPointer], outputs: [UnsafeMutableRawPointer])?

    init(count: Int, seed: UInt64) {
        configurations = Control.benchmarkConfigurations(count: count, seed: seed)
        columns = BatchColumns(configurations)
        alternates = Control.benchmarkConfigurations(count: 61, seed: seed ^ 0xF4A3_E5C0)
        referenceOutput = configurations.map(ControlSchema<Control>.referenceLayout)
        checkedOutput = referenceOutput  // shared until the checked reference first writes it
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

    /// The call an app makes for one control (`ThumbTrack.layout(_:)`: validation, then the
    /// reference), for each control in turn. The input is generated valid, so an error is a bug.
    mutating func runCheckedReference() {
        checkedPending.isSet = true
        do {
            try configurations.withUnsafeBufferPointer { input throws(LayoutError) in
                try checkedOutput.withUnsafeMutableBufferPointer { output throws(LayoutError) in
                    for index in input.indices {
                        output[index] = try Control.Namespace.layout(input[index])
                    }
                }
            }
        } catch {
            fatalError("generated input failed validation: \(error)")
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

    /// The first control at which the last output of the engine that ran last (a kernel, a
    /// ceiling or the checked reference) differs from the reference's in any bit, with both
    /// results and its configuration; `nil` when they agree.
    func firstDifference() -> String? {
        let reference = ResultBits.columns(referenceOutput, as: Control.self)
        if checkedPending.isSet {
            checkedPending.isSet = false
            guard let index = ResultBits.firstDifference(reference, ResultBits.columns(checkedOutput, as: Control.self))
            else { return nil }
            return "at \(index): checked reference \(checkedOutput[index]) vs \(referenceOutput[index]) for \(configurations[index])"
        }
        guard let index = ResultBits.firstDifference(reference, kernelOutput) else { return nil }
        return "at \(index): \(kernelOutput[index]) vs \(referenceOutput[index]) for \(configurations[index])"
    }

    func outputChecksum(reference: Bool) -> UInt64 {
        if reference { return ResultBits.checksum(ResultBits.columns(referenceOutput, as: Control.self)) }
        return ResultBits.checksum(checkedPending.isSet ? ResultBits.columns(checkedOutput, as: Control.self) : kernelOutput)
    }

    /// A hash of every engine's last output: the reference's, the kernel's and the checked
    /// reference's.
    func checksum() -> UInt64 {
        ResultBits.checksum(ResultBits.columns(referenceOutput, as: Control.self))
            ^ (ResultBits.checksum(kernelOutput) &* 31)
            ^ (ResultBits.checksum(ResultBits.columns(checkedOutput, as: Control.self)) &* 37)
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
    static var hasCheckedReference: Bool { true }
    /// The validation pass reads the inputs once more.
    static var inputBytesPerControl: Int? { ControlSchema<Control>.inputBytesPerControl }

    init(count: Int, seed: UInt64) { self.init(batch: ControlBatch(count: count, seed: seed)) }
    mutating func runReference() { batch.runReference() }
    mutating func runCheckedReference() { batch.runCheckedReference() }
    mutating func runKernel(parallelism: Parallelism) { batch.runKernel(parallelism: parallelism) }
    mutating func runUncheckedKernel(parallelism: Parallelism) { batch.runUncheckedKernel(parallelism: parallelism) }
    mutating func changeInputs(frame: Int, count: Int) { batch.changeInputs(frame: frame, count: count) }

    /// Throws when the last output of the engine that ran last differs from the reference's
    /// in any bit.
    func verify() throws {
        if let difference = batch.firstDifference() {
            throw BenchmarkFailure(description: "\(Self.kernel) \(Self.precision): output differs from reference \(difference)")
        }
    }

    func checksum() -> UInt64 { batch.checksum() }
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

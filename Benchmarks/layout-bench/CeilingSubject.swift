// The ceiling variants (Benchmarks/Ceiling: the kernels hand-written in C with AVX2
// intrinsics) of the subjects that have one. The runner checks a ceiling's output against the
// reference bit for bit (`verify()`) before and after timing it, as it does every kernel's.
import Ceiling
import LayoutBench
import LayoutCore

/// Whether the AVX2 ports run on this CPU.
let ceilingSupport: CeilingSupport = ceiling_available() != 0 ? .available : .unavailable("this CPU has no AVX2")

extension Column {
    /// The first element's address (the batch keeps the storage alive).
    var address: UnsafeRawPointer { withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) } }
}

extension BatchResultColumns {
    /// The first element's address of the result column `key`, unique to this batch.
    mutating func address<Element>(_ key: KeyPath<Control.ResultFields, Field<Element>>) -> UnsafeMutableRawPointer {
        self[dynamicMember: key].withUnsafeMutableBufferPointer { UnsafeMutableRawPointer($0.baseAddress!) }
    }
}

/// The button's column addresses in declaration order, as the C ports take them
/// (include/Ceiling.h).
func buttonAddresses<Scalar>(_ batch: inout ControlBatch<ButtonContentConfiguration<Scalar>>)
    -> (inputs: [UnsafeRawPointer], outputs: [UnsafeMutableRawPointer]) {
    if let addresses = batch.ceilingAddresses { return addresses }
    let c = batch.columns
    let inputs = [c.width.address, c.height.address, c.insetTop.address, c.insetLeading.address,
                  c.insetBottom.address, c.insetTrailing.address, c.imageWidth.address, c.imageHeight.address,
                  c.titleWidth.address, c.titleHeight.address, c.imagePadding.address, c.displayScale.address,
                  c.imagePlacement.address, c.layoutDirection.address, c.mode.address]
    let outputs = [batch.kernelOutput.address(\.imageX), batch.kernelOutput.address(\.imageY),
                   batch.kernelOutput.address(\.imageWidth), batch.kernelOutput.address(\.imageHeight),
                   batch.kernelOutput.address(\.titleX), batch.kernelOutput.address(\.titleY),
                   batch.kernelOutput.address(\.titleWidth), batch.kernelOutput.address(\.titleHeight)]
    batch.ceilingAddresses = (inputs, outputs)
    return (inputs, outputs)
}

/// Runs `port`, the C port of the button kernel in `Scalar` (`ceiling_button_float` or
/// `ceiling_button_double`), on `batch`; the batch's input is generated, so a refusal is a bug.
func runButtonCeiling<Scalar>(
    _ batch: inout ControlBatch<ButtonContentConfiguration<Scalar>>, checked: Bool,
    port: (UnsafePointer<UnsafeRawPointer>, UnsafePointer<UnsafeMutableRawPointer>, Int, Int32) -> Int32
) {
    let (inputs, outputs) = buttonAddresses(&batch)
    let done = withExtendedLifetime(batch) { port(inputs, outputs, batch.columns.count, checked ? 1 : 0) }
    if done == 0 { fatalError("the button-content \(Scalar.self) ceiling refused generated input") }
}

extension ButtonContentFloatSubject {
    static var ceiling: CeilingSupport { ceilingSupport }
    mutating func runCeiling(checked: Bool) { runButtonCeiling(&batch, checked: checked, port: ceiling_button_float) }
}

extension ButtonContentDoubleSubject {
    static var ceiling: CeilingSupport { ceilingSupport }
    mutating func runCeiling(checked: Bool) { runButtonCeiling(&batch, checked: checked, port: ceiling_button_double) }
}

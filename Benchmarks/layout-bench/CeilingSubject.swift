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

/// The button's column addresses in the order of the C structs (include/Ceiling.h).
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

extension ButtonContentFloatSubject {
    static var ceiling: CeilingSupport { ceilingSupport }

    mutating func runCeiling(checked: Bool) {
        let (i, o) = buttonAddresses(&batch)
        func s(_ k: Int) -> UnsafePointer<Float> { i[k].assumingMemoryBound(to: Float.self) }
        func b(_ k: Int) -> UnsafePointer<UInt8> { i[k].assumingMemoryBound(to: UInt8.self) }
        func r(_ k: Int) -> UnsafeMutablePointer<Float> { o[k].assumingMemoryBound(to: Float.self) }
        var inputs = CeilingButtonInputsFloat(
            width: s(0), height: s(1), insetTop: s(2), insetLeading: s(3), insetBottom: s(4), insetTrailing: s(5),
            imageWidth: s(6), imageHeight: s(7), titleWidth: s(8), titleHeight: s(9), imagePadding: s(10),
            displayScale: s(11), imagePlacement: b(12), layoutDirection: b(13), mode: b(14))
        var outputs = CeilingButtonOutputsFloat(
            imageX: r(0), imageY: r(1), imageWidth: r(2), imageHeight: r(3),
            titleX: r(4), titleY: r(5), titleWidth: r(6), titleHeight: r(7))
        let done = withExtendedLifetime(batch) { ceiling_button_float(&inputs, &outputs, batch.columns.count, checked ? 1 : 0) }
        if done == 0 { fatalError("the button-content Float ceiling refused generated input") }
    }
}

extension ButtonContentDoubleSubject {
    static var ceiling: CeilingSupport { ceilingSupport }

    mutating func runCeiling(checked: Bool) {
        let (i, o) = buttonAddresses(&batch)
        func s(_ k: Int) -> UnsafePointer<Double> { i[k].assumingMemoryBound(to: Double.self) }
        func b(_ k: Int) -> UnsafePointer<UInt8> { i[k].assumingMemoryBound(to: UInt8.self) }
        func r(_ k: Int) -> UnsafeMutablePointer<Double> { o[k].assumingMemoryBound(to: Double.self) }
        var inputs = CeilingButtonInputsDouble(
            width: s(0), height: s(1), insetTop: s(2), insetLeading: s(3), insetBottom: s(4), insetTrailing: s(5),
            imageWidth: s(6), imageHeight: s(7), titleWidth: s(8), titleHeight: s(9), imagePadding: s(10),
            displayScale: s(11), imagePlacement: b(12), layoutDirection: b(13), mode: b(14))
        var outputs = CeilingButtonOutputsDouble(
            imageX: r(0), imageY: r(1), imageWidth: r(2), imageHeight: r(3),
            titleX: r(4), titleY: r(5), titleWidth: r(6), titleHeight: r(7))
        let done = withExtendedLifetime(batch) { ceiling_button_double(&inputs, &outputs, batch.columns.count, checked ? 1 : 0) }
        if done == 0 { fatalError("the button-content Double ceiling refused generated input") }
    }
}

import LayoutCore
import LayoutCoreTesting
import Testing

/// The reference result of `configuration` (validated), after checking that the kernel (a
/// batch of one) agrees with it bit for bit: the path every worked example takes.
func referenceAgreeingWithKernel<Control: BatchLayout>(_ configuration: Control) throws -> Control.Result {
    let reference = try configuration.layout()
    var output = BatchResultColumns<Control>()
    try BatchColumns([configuration]).layout(into: &output)
    #expect(ResultBits.equal(reference, output[0], as: Control.self), "kernel \(output[0]) vs reference \(reference)")
    return reference
}

/// `Float` and `Double`: the arguments of an example that runs in both precisions.
let bothPrecisions: [any LayoutScalar.Type] = [Float.self, Double.self]

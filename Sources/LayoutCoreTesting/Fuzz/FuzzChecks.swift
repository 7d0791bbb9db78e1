import LayoutCore

/// The fuzz checks of one control, written once for every control of the registry: each
/// decodes a batch of structured inputs from fuzzer bytes (`C.fuzzed`), then checks it. Pure
/// functions of the bytes; the fuzz targets and the corpus replay tests call the same ones
/// (through `FuzzTarget`, which picks the control).
enum ControlFuzzChecks<C: ControlUnderTest> {
    /// The invariants on a batch of 1...4 `.fit` configurations: on the reference, then,
    /// for controls that have them, the invariants checked through the batch kernel (each
    /// control's related cases join one batch, which the kernel lays out once).
    static func checkInvariants(_ source: inout FuzzSource, _ shape: FuzzBatchShape) throws(FuzzFinding) {
        guard C.modes.contains(.fit) else { return }
        let batch = FuzzBatch<C>.leased()
        defer { FuzzStorage.release(batch) }
        let caseCount = C.kernelCheckedCaseCount
        for _ in 0..<shape.decodedCount {
            let c = C.fuzzed(&source, mode: .fit)
            guard c.isValid else { continue }
            if let violation = c.invariantViolations().first {
                throw FuzzFinding(violation, precision: "\(C.Scalar.self)")
            }
            guard caseCount > 0 else { continue }
            // The cases are built again where they are checked, rather than stored (a
            // configuration can be over 64 bytes, and ASan checks each copy the slow way).
            batch.pointee.configurations.append(c)
            for number in 0..<caseCount { batch.pointee.columns.append(c.kernelCheckedCase(number)) }
        }
        guard !batch.pointee.configurations.isEmpty else { return }
        batch.pointee.fillOutput(count: batch.pointee.columns.count)
        batch.pointee.columns.uncheckedLayout(into: &batch.pointee.output, parallelism: .serial)
        for control in batch.pointee.configurations.indices {
            let c = batch.pointee.configurations[control]
            for number in 0..<caseCount {
                let related = c.kernelCheckedCase(number)
                let kernel = batch.pointee.output[control * caseCount + number]
                if let violation = C.kernelCheckedViolations(related, reference: C.referenceLayout(related), kernel: kernel).first {
                    throw FuzzFinding(violation, precision: "\(C.Scalar.self)")
                }
            }
        }
    }

    /// The batch kernel against the reference, bit for bit, on a batch of every mode, the
    /// decoded controls behind 0...7 padding controls and, one time in eight, in front of a
    /// long tail of them; on one thread or several.
    static func checkDifferential(_ source: inout FuzzSource, _ shape: FuzzBatchShape) throws(FuzzFinding) {
        let batch = FuzzBatch<C>.leased()
        defer { FuzzStorage.release(batch) }
        for index in 0..<shape.leadingPadding { batch.pointee.append(leadingPadding(index)) }
        for _ in 0..<shape.decodedCount {
            let c = C.fuzzed(&source, mode: nil)
            if c.isValid { batch.pointee.append(c) }
        }
        if shape.trailingPadding > 0 {
            batch.pointee.append(FuzzStorage.constant { FuzzBatch<C>(padding: FuzzBatchShape.longTrailingPadding) }.pointee)
        }
        // The shared comparison (the unit tests make the same), into an output filled with
        // sentinels first, so that an element the kernel skips shows.
        batch.pointee.computeReferences()
        batch.pointee.fillOutput(count: batch.pointee.configurations.count)
        guard let mismatch = Differential.firstMismatch(
            batch.pointee.configurations, references: batch.pointee.references, columns: batch.pointee.columns,
            output: &batch.pointee.output, parallelism: shape.parallelism)
        else { return }
        throw FuzzFinding(.mismatch, "kernel != reference",
                          message: "[batch of \(shape.count), lane \(mismatch.index % Parallelism.laneWidth)] \(mismatch)")
    }

    /// Self-test: the legacy bug detectors on `.legacy` layouts. Throws a `.legacyBug`
    /// finding for the first bug of class `bugClass` (any class when `nil`), which is what
    /// the self-test expects to happen.
    static func checkLegacy(_ source: inout FuzzSource, _ shape: FuzzBatchShape, bugClass: String?) throws(FuzzFinding) {
        guard C.modes.contains(.legacy) else { return }
        for _ in 0..<shape.decodedCount {
            let c = C.fuzzed(&source, mode: .legacy)
            guard c.isValid else { continue }
            if let (violation, found) = c.legacyBug(in: C.referenceLayout(c), bugClass: bugClass) {
                throw FuzzFinding(violation, precision: "\(C.Scalar.self)", bugClass: found)
            }
        }
    }

    /// The controls in front of the decoded ones (0...7 of them, so that the decoded controls
    /// take every lane position): a plain one, then typical controls, what the benchmark lays
    /// out, so that edge cases also share lane groups with ordinary values.
    static func leadingPadding(_ index: Int) -> C {
        let typical = FuzzStorage.constant { TypicalControls<C>() }.pointee.configurations
        return index >= 1 && index - 1 < typical.count ? typical[index - 1] : C.padding(index)
    }
}

/// A few typical, valid controls of one type, built once per process.
struct TypicalControls<C: ControlUnderTest> {
    let configurations = C.benchmarkConfigurations(count: 3, seed: 0x7EAD).filter(\.isValid)
}

/// One batch of a fuzz check: the configurations, their reference results, their columns
/// and the kernel's output, reused from one input to the next (see `FuzzStorage`), so that a
/// fuzz input costs a few microseconds rather than two dozen allocations.
struct FuzzBatch<C: ControlUnderTest> {
    var configurations: [C] = []
    /// `C.referenceLayout` of the configurations (`computeReferences()`).
    var references: [C.Result] = []
    var columns = BatchColumns<C>()
    var output = BatchResultColumns<C>()

    init() {}

    /// `C.padding(0..<count)`, with their columns and references: the long tail that one
    /// input in eight gets (`FuzzBatchShape.trailingPadding`), built once per process and
    /// then appended in one step per column.
    init(padding count: Int) {
        for index in 0..<count { append(C.padding(index)) }
        computeReferences()
    }

    /// The stored batch, emptied, lent until `FuzzStorage.release(_:)`.
    static func leased() -> UnsafeMutablePointer<Self> {
        let batch = FuzzStorage.lease { Self() }
        batch.pointee.removeAll()
        return batch
    }

    mutating func removeAll() {
        configurations.removeAll(keepingCapacity: true)
        references.removeAll(keepingCapacity: true)
        columns.removeAll(keepingCapacity: true)
    }

    mutating func append(_ c: C) {
        configurations.append(c)
        columns.append(c)
    }

    /// Appends a block built once (its references included).
    mutating func append(_ block: Self) {
        computeReferences()
        configurations.append(contentsOf: block.configurations)
        references.append(contentsOf: block.references)
        columns.append(contentsOf: block.configurations)
    }

    /// The references of the configurations appended since the last call.
    mutating func computeReferences() {
        for index in references.count..<configurations.count {
            references.append(C.referenceLayout(configurations[index]))
        }
    }

    /// Resizes the output to `count` and fills it with sentinels, so that an element the
    /// kernel skips shows.
    mutating func fillOutput(count: Int) {
        output.resize(to: count)
        output.fill(scalar: -C.Scalar.greatestFiniteMagnitude, byte: 0xEE)
    }
}

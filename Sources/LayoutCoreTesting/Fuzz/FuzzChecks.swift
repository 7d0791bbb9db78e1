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
            output: &batch.pointee.output, expected: &batch.pointee.expected, parallelism: shape.parallelism)
        else {
            // One input in 256: the shape's flag (one in 32) and the next byte's low three
            // bits set. A long batch costs about 25 short ones, its split another 20.
            if shape.longBatch && source.nextByte() & 7 == 7 { try checkLongBatch(batch, &source, split: shape.splitsLongBatch) }
            return
        }
        throw FuzzFinding(.mismatch, "kernel != reference",
                          message: "[batch of \(shape.count), lane \(mismatch.index % Parallelism.laneWidth)] \(mismatch)")
    }

    /// The batch `base`, already checked against the reference, repeated into a long batch:
    /// each copy rotated by an offset drawn from the input, to a length of two full chunks of
    /// the chunked kernels (`LaneScratch.chunkLength`: 256 `Float`, 128 `Double` controls) and
    /// a drawn tail of 1 ..< chunk. Kernel against reference bit for bit: the reference of
    /// element `p` is the base's reference of the control copied there, which the base's
    /// kernel output holds bit for bit (checked just before), so the long batch costs its
    /// columns (built from the base's arrays, rotated, in one copy per column), its kernel
    /// and one comparison. With `split`, the same columns laid out again on 2...4 threads
    /// (drawn), on a length that is not a multiple of 8 (so the last thread's share is
    /// uneven), must give the serial output's bits.
    static func checkLongBatch(
        _ base: UnsafeMutablePointer<FuzzBatch<C>>, _ source: inout FuzzSource, split: Bool
    ) throws(FuzzFinding) {
        let n = base.pointee.configurations.count
        guard n > 0 else { return }
        let chunk = LaneScratch.chunkLength(C.Scalar.self)
        var length = 2 * chunk + 1 + source.next(below: chunk - 1)
        if split && length % 8 == 0 { length -= 1 }
        let long = FuzzStorage.lease { LongFuzzBatch<C>() }
        defer { FuzzStorage.release(long) }
        FuzzReach.longBatches += 1
        // Which base control each element copies: copy after copy, each rotated.
        long.pointee.elements.removeAll(keepingCapacity: true)
        var rotations: [Int] = []
        while long.pointee.elements.count < length {
            let rotation = source.next(below: n)
            rotations.append(rotation)
            for offset in 0..<Swift.min(n, length - long.pointee.elements.count) {
                long.pointee.elements.append((offset + rotation) % n)
            }
        }
        let elements = long.pointee.elements
        let arrays = base.pointee.columns.arrays.map { column -> ColumnArray<C.Scalar> in
            switch column {
            case .scalars(let values): return .scalars(elements.map { values[$0] })
            case .bytes(let values): return .bytes(elements.map { values[$0] })
            }
        }
        do {
            try long.pointee.columns.assign(arrays: arrays)
        } catch {
            throw FuzzFinding(.mismatch, "long batch", message: "assign(arrays:) refused a valid batch's arrays, repeated: \(error)")
        }
        func shape() -> String {
            "long batch of \(length) (\(length / chunk) chunks of \(chunk) + \(length % chunk)), copies of the \(n) controls rotated by \(rotations)"
        }
        long.pointee.output.resize(to: length)
        long.pointee.output.fill(scalar: -C.Scalar.greatestFiniteMagnitude, byte: 0xEE)
        long.pointee.columns.uncheckedLayout(into: &long.pointee.output, parallelism: .serial)
        // The references written as columns (one write per element, into storage kept from
        // one input to the next), compared in one pass.
        long.pointee.expected.resize(to: length)
        for index in 0..<length { long.pointee.expected.set(base.pointee.references[elements[index]], at: index) }
        if let index = long.pointee.expected.firstBitDifference(from: long.pointee.output) {
            let element = elements[index]
            let mismatch = Differential.Mismatch(
                index: index, configuration: base.pointee.configurations[element], reference: base.pointee.references[element],
                kernel: long.pointee.output[index],
                differences: ResultBits.differences(long.pointee.expected, long.pointee.output, at: index)
                    + " (the control is element \(element) of the short batch)")
            throw FuzzFinding(.mismatch, "kernel != reference", message: "[\(shape())] \(mismatch)")
        }
        guard split else { return }
        FuzzReach.threadSplits += 1
        let threads = 2 + source.next(below: 3)
        long.pointee.threaded.resize(to: length)
        long.pointee.threaded.fill(scalar: -C.Scalar.greatestFiniteMagnitude, byte: 0xEE)
        // The checked entry point, whose validation is split across the threads as the
        // layout is; a batch it refuses (a control the generator let through invalid) must be
        // refused with the error the serial validation gives, and then goes through the
        // unchecked kernel.
        do {
            try long.pointee.columns.layout(into: &long.pointee.threaded, parallelism: .threads(threads))
        } catch {
            let serial = LayoutError.thrown(by: long.pointee.columns.validate)
            guard serial == error else {
                throw FuzzFinding(.mismatch, "threads(\(threads)) validation", message:
                    "[\(shape())] the threaded validation says \(error), the serial one \(String(describing: serial))")
            }
            long.pointee.columns.uncheckedLayout(into: &long.pointee.threaded, parallelism: .threads(threads))
        }
        if let index = long.pointee.threaded.firstBitDifference(from: long.pointee.output) {
            let shares = (0..<threads).map { threadShare($0, of: threads, count: length) }
            throw FuzzFinding(.mismatch, "threads(\(threads)) != serial", message:
                "[\(shape()), shares \(shares)] element \(index): "
                + ResultBits.differences(long.pointee.output, long.pointee.threaded, at: index))
        }
    }

    /// Thread `thread`'s share as the documentation states the split (contiguous runs of
    /// whole lane groups of eight, the last one shorter), for messages.
    static func threadShare(_ thread: Int, of threads: Int, count: Int) -> Range<Int> {
        let groups = (count + 7) / 8
        let perThread = (groups + threads - 1) / threads
        let start = Swift.min(count, thread * perThread * 8)
        return start ..< Swift.min(count, start + perThread * 8)
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

/// The long batch of `ControlFuzzChecks.checkLongBatch` and its threaded output, kept from
/// one input to the next (its own type, so that `FuzzStorage` lends it apart from the short batch).
struct LongFuzzBatch<C: ControlUnderTest> {
    /// For each element, the control of the short batch it copies.
    var elements: [Int] = []
    var columns = BatchColumns<C>()
    var output = BatchResultColumns<C>()
    /// The references of the elements, as columns.
    var expected = BatchResultColumns<C>()
    var threaded = BatchResultColumns<C>()
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
    /// The references written as columns, for the comparison (storage reused).
    var expected = BatchResultColumns<C>()

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

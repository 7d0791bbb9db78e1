import LayoutCore

/// The checks every control gets, written once: the generic test suites
/// (Tests/LayoutCoreTests/ControlSuiteTests.swift) run them for each family of the registry.
/// Each returns the first failure's description, or `nil`.
public enum ControlCheck: Sendable, CustomStringConvertible {
    /// The kernel against the reference on `count` seeded controls of `mode`, in batches whose
    /// lengths cycle through 1...4099 in odd steps, so that every tail length and lane
    /// position occurs.
    case differential(mode: LayoutMode, count: Int, seed: UInt64)
    /// Every batch length from 0 to three lane groups and one, `rounds` batches each, modes
    /// mixed lane by lane.
    case shortBatches(rounds: Int, seed: UInt64)
    /// A batch of `count` split across three threads gives the reference's bits.
    case threads(count: Int, seed: UInt64)
    /// The `.fit` invariants on `count` seeded controls (and the kernel-checked ones).
    case invariants(count: Int, seed: UInt64)
    /// The bad-input check on `count` inputs of seeded random bytes.
    case badInput(count: Int, seed: UInt64)
    /// `removeAll(keepingCapacity:)`, as a caller refilling its columns every frame uses it:
    /// emptied columns keep their storage, refilled ones equal fresh ones, and emptied without
    /// keeping it they equal new columns.
    case columnsReuse(seed: UInt64)
    /// Every mutating call of the batch and result API, and every write through a column
    /// view, on a copy that shares storage: the original keeps its bits.
    case valueSemantics(seed: UInt64)
    /// Every stored property of the field sets is a `Field` declared under its own name.
    case schemaDeclarations
    /// The control's fused validation pass accepts exactly what the schema's rules accept,
    /// field by field, at edge values.
    case fusedPassMatchesSchema(seed: UInt64)
    /// A configuration with a value its column cannot hold, put into a batch by `append` and
    /// by `replace(at:with:)`: refused with the value as passed (controls without such values
    /// pass trivially).
    case unrepresentableValues(seed: UInt64)

    public var description: String {
        switch self {
        case .differential(let mode, let count, _): return "differential \(mode) x \(count)"
        case .shortBatches: return "short batches"
        case .threads(let count, _): return "threads x \(count)"
        case .invariants(let count, _): return "invariants x \(count)"
        case .badInput(let count, _): return "bad input x \(count)"
        case .columnsReuse: return "columns reuse"
        case .valueSemantics: return "value semantics"
        case .schemaDeclarations: return "schema declarations"
        case .fusedPassMatchesSchema: return "fused pass against the schema"
        case .unrepresentableValues: return "values a column cannot hold"
        }
    }

    func run<C: ControlUnderTest>(_: C.Type) -> String? {
        switch self {
        case .differential(let mode, let count, let seed):
            guard C.modes.contains(mode) else { return nil }
            var random = SplitMix64(seed: seed)
            var configurations: [C] = []
            var columns = BatchColumns<C>()
            var output = BatchResultColumns<C>()
            var checked = 0
            var batch = 0
            while checked < count {
                let length = 1 + (batch * 61) % 4099
                configurations.removeAll(keepingCapacity: true)
                columns.removeAll(keepingCapacity: true)
                for _ in 0..<length {
                    let c = C.generated(&random, mode: mode)
                    configurations.append(c)
                    columns.append(c)
                }
                // The generators promise valid configurations: a batch the checked entry point
                // would refuse is a generator bug.
                do throws(LayoutError) { try columns.validate() } catch {
                    return "the generator drew a configuration that validation refuses: \(error)"
                }
                if let mismatch = Differential.firstMismatch(configurations, columns: columns, output: &output) {
                    return "\(mismatch)"
                }
                checked += length
                batch += 1
            }
            return nil
        case .shortBatches(let rounds, let seed):
            var random = SplitMix64(seed: seed)
            for length in 0...(3 * Parallelism.laneWidth + 1) {
                for _ in 0..<rounds {
                    let configurations = (0..<length).map { _ in C.generated(&random, mode: nil) }
                    if let mismatch = Differential.firstMismatch(configurations) { return "length \(length): \(mismatch)" }
                }
            }
            return nil
        case .threads(let count, let seed):
            let configurations = C.generated(count: count, seed: seed)
            return Differential.firstMismatch(configurations, parallelism: .threads(3)).map { "\($0)" }
        case .invariants(let count, let seed):
            guard C.modes.contains(.fit) else { return nil }
            var random = SplitMix64(seed: seed)
            for _ in 0..<count {
                let c = C.generated(&random, mode: .fit)
                guard c.isValid else { continue }
                if let violation = c.invariantViolations().first { return "\(violation)" }
                guard C.kernelCheckedCaseCount > 0 else { continue }
                let related = (0..<C.kernelCheckedCaseCount).map(c.kernelCheckedCase)
                var output = BatchResultColumns<C>()
                BatchColumns(related).uncheckedLayout(into: &output)
                for (number, r) in related.enumerated() {
                    if let violation = C.kernelCheckedViolations(r, reference: C.referenceLayout(r), kernel: output[number]).first {
                        return "\(violation)"
                    }
                }
            }
            return nil
        case .badInput(let count, let seed):
            var random = SplitMix64(seed: seed)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                bytes.removeAll(keepingCapacity: true)
                for _ in 0..<(16 + random.next(below: 1024)) { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
                // Every batch-API check, and value semantics on one batch in 64.
                let sampling = BadInputSampling(batchAPI: true, valueSemantics: random.next(below: 64) == 0, draw: random.next(below: 32))
                do {
                    try bytes.withUnsafeBufferPointer { (buffer) throws(FuzzFinding) in
                        var source = FuzzSource(buffer)
                        try BadInputFuzzChecks.check(&source, sampling: sampling, as: C.self)
                    }
                } catch {
                    return "\(error)"
                }
            }
            return nil
        case .columnsReuse(let seed):
            let first = C.benchmarkConfigurations(count: 40, seed: seed)
            let second = C.benchmarkConfigurations(count: 25, seed: seed &+ 1)
            var columns = BatchColumns(first)
            columns.removeAll(keepingCapacity: true)
            guard columns.count == 0, columns.isEmpty, columns.capacity >= first.count else {
                return "emptied keeping capacity: count \(columns.count), capacity \(columns.capacity)"
            }
            for configuration in second { columns.append(configuration) }
            guard columns == BatchColumns(second) else { return "refilled columns differ from fresh ones" }
            columns.removeAll(keepingCapacity: false)
            guard columns == BatchColumns<C>(), columns.capacity == 0 else {
                return "emptied: capacity \(columns.capacity), or unlike new columns"
            }
            return nil
        case .valueSemantics(let seed):
            return BatchLayerChecks<C>.valueSemantics(seed: seed)
        case .schemaDeclarations:
            return BatchLayerChecks<C>.schemaDeclarations()
        case .fusedPassMatchesSchema(let seed):
            return BatchLayerChecks<C>.fusedPassMatchesSchema(seed: seed)
        case .unrepresentableValues(let seed):
            return BatchLayerChecks<C>.unrepresentableValues(seed: seed)
        }
    }
}

extension ControlFamily {
    /// Runs `check` for this control in one precision.
    public func run(_ check: ControlCheck, double: Bool) -> String? {
        suite(check, double)
    }
}

import LayoutCore

/// A control as the tests, the fuzz targets and the benchmark see it: its batch declaration
/// (`BatchLayout`) and the typical configurations the benchmark lays out.
public protocol ControlUnderTest: BatchLayout {
    /// `count` typical, valid configurations from `seed` (UI-sized values, random modes and
    /// states): the benchmark's input.
    static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self]
}

/// Every control under test, in both precisions, in report order: the one list a new
/// control joins (see Docs/AddingAControl.md).
public enum Controls {
    nonisolated(unsafe) public static let all: [any ControlUnderTest.Type] = [
        ButtonContentConfiguration<Float>.self,
        ButtonContentConfiguration<Double>.self,
        ThumbTrackConfiguration<Float>.self,
        ThumbTrackConfiguration<Double>.self,
        ToggleTransitionConfiguration<Float>.self,
        ToggleTransitionConfiguration<Double>.self,
    ]
}

extension ButtonContentConfiguration: ControlUnderTest {
    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        ButtonContentGenerator.configurations(count: count, seed: seed, as: Scalar.self)
    }
}

extension ThumbTrackConfiguration: ControlUnderTest {
    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        ThumbTrackGenerator.benchmarkConfigurations(count: count, seed: seed, as: Scalar.self)
    }
}

extension ToggleTransitionConfiguration: ControlUnderTest {
    public static func benchmarkConfigurations(count: Int, seed: UInt64) -> [Self] {
        ToggleTransitionGenerator.benchmarkConfigurations(count: count, seed: seed, as: Scalar.self)
    }
}

/// Bit-for-bit comparison of results, for any control: floating-point fields by bit pattern
/// (any NaN equals any NaN, as `BitPattern.equal` has it), bytes exactly.
public enum ResultBits {
    /// Results as columns (the reference's, say), to compare with a kernel's output.
    public static func columns<C: BatchLayout>(_ results: [C.Result], as: C.Type = C.self) -> BatchResultColumns<C> {
        var columns = BatchResultColumns<C>(count: results.count)
        for (index, result) in results.enumerated() { columns.set(result, at: index) }
        return columns
    }

    /// The lowest control index at which `a` and `b` differ in any bit (or their counts);
    /// `nil` when they agree.
    public static func firstDifference<C: BatchLayout>(_ a: BatchResultColumns<C>, _ b: BatchResultColumns<C>) -> Int? {
        a.firstBitDifference(from: b)
    }

    /// The lowest control index at which `output` differs in any bit from `references` (one
    /// reference result per control, written as columns for the comparison); `nil` when
    /// they agree.
    public static func firstDifference<C: BatchLayout>(_ references: [C.Result], _ output: BatchResultColumns<C>) -> Int? {
        columns(references, as: C.self).firstBitDifference(from: output)
    }

    /// A hash of every field of every `stride`-th control (FNV-1a over the bit patterns):
    /// equal outputs give equal checksums.
    public static func checksum<C: BatchLayout>(_ columns: BatchResultColumns<C>, stride: Int = 61) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in Swift.stride(from: 0, to: columns.count, by: stride) {
            for position in 0..<C.ResultFields.fieldCount {
                let bits: UInt64
                switch columns.value(field: position, at: index) {
                case .scalar(let value): bits = BitPattern.bits(value)
                case .byte(let value): bits = UInt64(value)
                }
                hash = (hash ^ bits) &* 0x100_0000_01b3
            }
        }
        return hash
    }
}

import Foundation
import LayoutBench
import LayoutCore
import Testing

/// A fake kernel that counts how often each engine ran; its checksum reports the counts.
struct CountingSubject: LayoutBenchSubject {
    static var kernel: String { "count-test" }
    static var precision: String { "Double" }
    static var bytesPerControl: Int { 8 }
    static var hasUncheckedKernel: Bool { true }

    let count: Int
    var references = 0, kernels = 0, uncheckedKernels = 0

    init(count: Int, seed: UInt64) { self.count = count }
    mutating func runReference() { references += 1 }
    mutating func runKernel(parallelism: Parallelism) { kernels += 1 }
    mutating func runUncheckedKernel(parallelism: Parallelism) { uncheckedKernels += 1 }
    func verify() throws {}
    /// Decimal digits: size, then reference, kernel and unchecked-kernel runs (two digits each).
    func checksum() -> UInt64 {
        ProfileTests.expected(size: count, references: references, kernels: kernels, unchecked: uncheckedKernels)
    }
}

/// A fake kernel whose engines write outputs: the reference and the checked kernel agree, the
/// unchecked kernel is off by one. Its checksums hash one engine's output.
struct EchoSubject: LayoutBenchSubject {
    static var kernel: String { "echo-test" }
    static var precision: String { "Float" }
    static var bytesPerControl: Int { 8 }
    static var hasUncheckedKernel: Bool { true }

    var referenceOutput: [UInt64], kernelOutput: [UInt64]

    init(count: Int, seed: UInt64) {
        referenceOutput = Array(repeating: 0, count: count)
        kernelOutput = Array(repeating: 0, count: count)
    }
    mutating func runReference() { for i in referenceOutput.indices { referenceOutput[i] = UInt64(i) * 2 } }
    mutating func runKernel(parallelism: Parallelism) { for i in kernelOutput.indices { kernelOutput[i] = UInt64(i) * 2 } }
    mutating func runUncheckedKernel(parallelism: Parallelism) { for i in kernelOutput.indices { kernelOutput[i] = UInt64(i) * 2 + 1 } }
    func verify() throws {}
    func checksum() -> UInt64 { outputChecksum(reference: true) ^ outputChecksum(reference: false) }
    func outputChecksum(reference: Bool) -> UInt64 {
        (reference ? referenceOutput : kernelOutput).reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ $1) &* 0x100_0000_01b3 }
    }
}

/// `profile`: one engine, one batch, the given number of iterations after a first run.
struct ProfileTests {
    static var subjects: [any LayoutBenchSubject.Type] { [CountingSubject.self, WrongSubject.self, EchoSubject.self] }

    /// The checksum `CountingSubject` gives for these counts.
    static func expected(size: Int, references: Int, kernels: Int, unchecked: Int) -> UInt64 {
        let digits: Int = ((size * 100 + references) * 100 + kernels) * 100 + unchecked
        return UInt64(digits)
    }

    /// The checksum field of a profile line, as a number.
    func checksum(_ out: String) -> UInt64? {
        guard let range = out.range(of: "checksum ") else { return nil }
        return UInt64(out[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines), radix: 16)
    }

    @Test(arguments: [("kernel", 0, 4, 0), ("kernel-unchecked", 0, 0, 4), ("reference", 4, 0, 0)])
    func runsTheChosenEngineOncePlusIterations(engine: String, references: Int, kernels: Int, unchecked: Int) {
        let result = runCLI(["profile", "--kernel", "count-test", "--precision", "double", "--engine", engine,
                             "--size", "7", "--iterations", "3"], subjects: Self.subjects)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("3 iterations of 7 controls"))
        let expected = Self.expected(size: 7, references: references, kernels: kernels, unchecked: unchecked)
        #expect(checksum(result.out) == expected, "\(result.out)")
    }

    @Test func checksumIsOfTheEnginesOutput() throws {
        func profile(_ engine: String) -> UInt64? {
            let result = runCLI(["profile", "--kernel", "echo-test", "--engine", engine, "--size", "100",
                                 "--iterations", "1"], subjects: Self.subjects)
            #expect(result.code == 0, "\(result.err)")
            return checksum(result.out)
        }
        // Engines with equal outputs print equal checksums; a different output changes it.
        let reference = try #require(profile("reference"))
        #expect(profile("kernel") == reference)
        #expect(profile("kernel-unchecked") != reference)
    }

    @Test func defaultsToTheCheckedKernel() {
        let result = runCLI(["profile", "--kernel", "count-test", "--precision", "double", "--size", "1K",
                             "--iterations", "0"], subjects: Self.subjects)
        #expect(result.code == 0)
        let expected = Self.expected(size: 1024, references: 0, kernels: 1, unchecked: 0)
        #expect(checksum(result.out) == expected)
    }

    @Test(arguments: [
        ["profile"],                                                          // no --kernel
        ["profile", "--kernel", "nope", "--precision", "double"],             // unknown kernel
        ["profile", "--kernel", "count-test"],                                // no Float subject
        ["profile", "--kernel", "count-test", "--precision", "double", "--engine", "gpu"],
        ["profile", "--kernel", "count-test", "--precision", "both"],
        ["profile", "--kernel", "count-test", "--precision", "double", "--iterations", "-1"],
        ["profile", "--kernel", "wrong-test", "--precision", "double", "--engine", "kernel-unchecked"],
        ["profile", "--kernel", "count-test", "--precision", "double", "--frobnicate"],
    ])
    func refusesBadArgumentsWithUsageCode(arguments: [String]) {
        let result = runCLI(arguments, subjects: Self.subjects)
        #expect(result.code == 2, "\(arguments): \(result.out)")
        #expect(result.err.hasPrefix("layout-bench: "))
    }

    @Test func hasHelp() {
        let result = runCLI(["profile", "--help"], subjects: Self.subjects)
        #expect(result.code == 0)
        #expect(result.out.contains("--iterations K"))
        #expect(runCLI(["help", "profile"]).out == result.out)
    }
}

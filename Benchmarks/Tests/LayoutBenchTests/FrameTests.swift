import Foundation
import LayoutBench
import LayoutCore
import Testing

/// A fake kernel whose batch records the changes the frame loop makes: each change bumps one
/// input, which both engines copy into their outputs, so they agree after every frame.
struct ChangingSubject: LayoutBenchSubject {
    static var kernel: String { "change-test" }
    static var precision: String { "Float" }
    static var bytesPerControl: Int { 8 }
    static var hasUncheckedKernel: Bool { true }

    var inputs: [UInt64], referenceOutput: [UInt64], kernelOutput: [UInt64]
    var changes = 0

    init(count: Int, seed: UInt64) {
        inputs = Array(repeating: seed, count: count)
        referenceOutput = Array(repeating: 0, count: count)
        kernelOutput = Array(repeating: 0, count: count)
    }
    mutating func runReference() { referenceOutput = inputs }
    mutating func runKernel(parallelism: Parallelism) { kernelOutput = inputs }
    mutating func runUncheckedKernel(parallelism: Parallelism) { kernelOutput = inputs }
    mutating func changeInputs(frame: Int, count: Int) {
        for change in 0..<count { inputs[(frame + change) % inputs.count] &+= 1 }
        changes += count
    }
    func verify() throws {
        struct Differs: Error {}
        if referenceOutput != kernelOutput { throw Differs() }
    }
    func checksum() -> UInt64 { UInt64(changes) }
}

/// `frame`: the frame loop over small batches.
struct FrameTests {
    static var subjects: [any LayoutBenchSubject.Type] { [ChangingSubject.self, WrongSubject.self] }

    @Test func printsEverySizeEngineFitAndCrossover() {
        let result = runCLI(["frame", "--filter", "change-test", "--sizes", "8,16,32", "--repetitions", "3",
                             "--budget-ms", "0.2", "--changes", "3"], subjects: Self.subjects)
        #expect(result.code == ExitCode.success, "\(result.err)")
        #expect(result.out.contains("change-test Float"))
        let rows = result.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for size in ["8 ", "16 ", "32 "] { #expect(rows.contains { $0.hasPrefix(size) }, "N=\(size) in \(result.out)") }
        for engine in ["reference", "kernel", "kernel-unchecked"] {
            #expect(result.out.contains("  \(engine): fixed "), "\(engine)'s fit in \(result.out)")
        }
        #expect(result.out.contains("change-test Float kernel beats the reference"))
        #expect(result.out.contains("change-test Float kernel-unchecked beats the reference"))
    }

    @Test func oneSizeHasNoFit() {
        let result = runCLI(["frame", "--filter", "change-test", "--sizes", "16", "--repetitions", "2", "--budget-ms", "0.1"],
                            subjects: Self.subjects)
        #expect(result.code == ExitCode.success, "\(result.err)")
        #expect(result.out.contains("One size: no line to fit.") && !result.out.contains(": fixed "))
    }

    @Test func refusesAKernelThatDiffers() {
        let result = runCLI(["frame", "--filter", "wrong-test", "--sizes", "8", "--repetitions", "2", "--budget-ms", "0.1"],
                            subjects: Self.subjects)
        #expect(result.code != ExitCode.success)
        #expect(result.err.contains("wrong-test"))
    }

    @Test(arguments: [
        ["frame", "--sizes", "0"],
        ["frame", "--repetitions", "1"],
        ["frame", "--changes", "-1"],
        ["frame", "--filter", "no-such-kernel"],
        ["frame", "positional"],
        ["frame", "--unknown"],
    ])
    func refusesBadUsage(_ arguments: [String]) {
        let result = runCLI(arguments, subjects: Self.subjects)
        #expect(result.code == ExitCode.usage, "\(arguments): \(result.err)")
    }

    @Test func helpPrintsTheUsage() {
        let result = runCLI(["help", "frame"])
        #expect(result.code == ExitCode.success)
        #expect(result.out.contains("layout-bench frame"))
        #expect(runCLI(["frame", "--help"]).out == result.out)
    }
}

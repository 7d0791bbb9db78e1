import Foundation
import LayoutBench
import Testing

/// `run` pins glibc's mmap threshold, so that a subject's columns are placed the same way
/// whatever ran before it.
struct ColumnPlacementTests {
    @Test func aThresholdSetInTheEnvironmentIsLeftAlone() {
        let tunables = "glibc.malloc.mmap_threshold=4096"
        let placement = ColumnPlacement.pin(environment: ["GLIBC_TUNABLES": tunables])
        #expect(placement == .setByEnvironment(tunables))
        #expect(placement.note.contains(tunables))
    }

    @Test func placementRefusesUnknownOptions() {
        let result = runCLI(["placement", "--pinned"])
        #expect(result.code == ExitCode.usage)
        #expect(result.err.contains("--pinned"))
        #expect(runCLI(["help", "placement"]).out.contains("--unpinned"))
    }

    #if canImport(Glibc)
    @Test func pinningSucceedsOnGlibc() {
        let placement = ColumnPlacement.pin(environment: [:])
        #expect(placement == .pinned(thresholdBytes: 128 << 10))
        #expect(placement.note.contains("131072 bytes"))
    }

    /// In a fresh `layout-bench placement` process, a freed 4 MiB block leaves the pinned
    /// threshold alone: the 256 KiB and 1 MiB columns allocated next are both mapped, at one
    /// page offset. Unpinned, the same steps put both on the heap, one after the other (their
    /// offsets then differ by the first one's size plus headers, modulo 4 KiB), which shows
    /// that the probe can tell the two apart.
    ///
    /// A fresh process, because this test process's heap state depends on the tests that ran
    /// before and beside it: a free heap chunk of a column's size serves the column whatever
    /// the threshold (an in-process version of this test failed in CI that way).
    @Test func pinnedLargeColumnsAreMappedWhateverWasFreedBefore() throws {
        let pinned = try Self.runPlacementProcess([])
        #expect(pinned.note.contains("pinned at 131072 bytes"))
        #expect(pinned.small == pinned.large, "\(pinned.output)")

        let unpinned = try Self.runPlacementProcess(["--unpinned"])
        #expect(unpinned.small != unpinned.large, "\(unpinned.output)")
        let heapGap = (unpinned.large - unpinned.small + 4096) % 4096
        // Both from the heap: the second starts right after the first and its headers.
        #expect(heapGap == (PlacementProbe.smallColumnBytes + 48) % 4096, "\(unpinned.output)")
    }

    /// What one `layout-bench placement` process printed.
    struct PlacementOutput {
        var output: String
        var note: String
        var small: Int
        var large: Int
    }

    /// Runs the `layout-bench` that `swift test` built next to this test bundle, without any
    /// `GLIBC_TUNABLES` of the environment.
    static func runPlacementProcess(_ arguments: [String]) throws -> PlacementOutput {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let executable = testBinary.deletingLastPathComponent().appendingPathComponent("layout-bench")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no layout-bench at \(executable.path)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["placement"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GLIBC_TUNABLES"] = nil
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let output = String(decoding: data, as: UTF8.self)
        let lines = output.split(separator: "\n").map(String.init)
        func offset(_ prefix: String) throws -> Int {
            let line = try #require(lines.first { $0.hasPrefix(prefix) }, "\(output)")
            return try #require(Int(line.split(separator: " ").last ?? ""), "\(line)")
        }
        return PlacementOutput(
            output: output, note: lines.first ?? "",
            small: try offset("small column"), large: try offset("large column"))
    }
    #endif
}

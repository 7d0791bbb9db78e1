import Foundation
import LayoutCoreTesting
import Testing

/// Every plain `swift test` replays the fuzz corpora and regression reproducers (Fuzz/Corpus,
/// Fuzz/Regressions) through the same check functions the libFuzzer targets call, without
/// libFuzzer: `.fit`, differential and bad-input targets must pass on every file, and the
/// `.legacy` self-test reproducers must still be detected, each as the legacy bug class its
/// file is named after.
@Suite struct FuzzCorpusReplayTests {
    /// `Fuzz/` at the package root, found from this file's path.
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The files of `Fuzz/<folder>/<target>/`, sorted by name (none if the folder is missing).
    static func files(_ folder: String, _ target: FuzzTarget) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(target.name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    static func bytes(_ file: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: file))
    }

    static let checkedTargets = FuzzTarget.allCases.filter { $0.kind != .selfTest }
    static let selfTestTargets = FuzzTarget.allCases.filter { $0.kind == .selfTest }

    /// Regression files named `open-...` reproduce a finding that is reported but not fixed
    /// yet: they are recorded as known issues (visible in every run, without failing it), and
    /// the test fails as soon as one stops reproducing, so that the prefix goes once the fix
    /// lands and the file becomes an ordinary regression.
    static func isOpenFinding(_ file: URL) -> Bool { file.lastPathComponent.hasPrefix("open-") }

    /// `.fit` invariants, differential and bad input: no finding on any corpus or regression file.
    @Test(arguments: checkedTargets)
    func corpusAndRegressionsPass(_ target: FuzzTarget) throws {
        let files = Self.files("Corpus", target) + Self.files("Regressions", target)
        #expect(!Self.files("Corpus", target).isEmpty, "\(target.name) has no seed corpus")
        for file in files where !Self.isOpenFinding(file) {
            do {
                try target.check(Self.bytes(file))
            } catch let finding as FuzzFinding {
                Issue.record("\(target.name) \(file.lastPathComponent): \(finding)")
            }
        }
    }

    /// Open findings still reproduce (known issues until fixed; see `isOpenFinding`).
    @Test(arguments: checkedTargets)
    func openFindingsStillReproduce(_ target: FuzzTarget) throws {
        for file in Self.files("Regressions", target) where Self.isOpenFinding(file) {
            let bytes = try Self.bytes(file)
            withKnownIssue("open finding \(target.name)/\(file.lastPathComponent) (reported, not fixed yet)") {
                do {
                    try target.check(bytes)
                } catch let finding {
                    Issue.record("\(finding)")
                }
            }
        }
    }

    /// Self-tests: every reproducer in Fuzz/Regressions/<target>/ is named `<bug class>...` and
    /// is found as that class (with the search limited to that class, as the self-test runs
    /// it), and every legacy bug class of the target has one.
    @Test(arguments: selfTestTargets)
    func legacyReproducersAreDetected(_ target: FuzzTarget) throws {
        var covered: Set<String> = []
        for file in Self.files("Regressions", target) {
            let name = file.lastPathComponent
            guard let bugClass = target.bugClasses.first(where: { name == $0 || name.hasPrefix($0 + ".") }) else {
                Issue.record("\(target.name) \(name): not named after a legacy bug class \(target.bugClasses)")
                continue
            }
            do {
                try target.check(Self.bytes(file), bugClass: bugClass)
                Issue.record("\(target.name) \(name): the legacy bug '\(bugClass)' was not found")
            } catch let finding as FuzzFinding {
                #expect(finding.kind == .legacyBug && finding.bugClass == bugClass, "\(name): \(finding)")
                covered.insert(bugClass)
            }
        }
        #expect(covered == Set(target.bugClasses), "\(target.name): reproducers for \(covered.sorted()) of \(target.bugClasses)")
    }

    /// Self-tests' seed corpora decode and run (a finding there is allowed: it is the point of
    /// those targets; what must not happen is a trap).
    @Test(arguments: selfTestTargets)
    func selfTestCorpusRuns(_ target: FuzzTarget) throws {
        for file in Self.files("Corpus", target) {
            _ = try? target.check(Self.bytes(file))
        }
        #expect(!Self.files("Corpus", target).isEmpty, "\(target.name) has no seed corpus")
    }

    /// The sampled reaches run and pass, for every control in both precisions: a long batch
    /// across two chunks and a tail, split across threads (differential shape word 0xDF80:
    /// long trailing padding, bits 14-15, parallelism bits 7-9; then 0xFF bytes, so that the
    /// reach byte after the decoded controls has its low bits set), and value semantics on an
    /// accepted bad-input batch (header bits 6-10 set, every element clean, valid).
    @Test func sampledReachesRunAndPass() throws {
        let longBefore = FuzzReach.longBatches, splitsBefore = FuzzReach.threadSplits
        for control in 0..<4 {
            for precision in 0..<2 {
                let word = 0xDF80 | precision
                let bytes = [UInt8(control), UInt8(word & 0xFF), UInt8(word >> 8)] + Array(repeating: 0xFF, count: 800)
                do {
                    try FuzzTarget.differential.check(bytes)
                } catch {
                    Issue.record("control \(control), precision \(precision): \(error)")
                }
            }
        }
        #expect(FuzzReach.longBatches - longBefore >= 8 && FuzzReach.threadSplits - splitsBefore >= 8,
                "long batches \(FuzzReach.longBatches - longBefore), splits \(FuzzReach.threadSplits - splitsBefore)")
        // Bad input: the corpus and regressions replay above; here the value-semantics sample
        // is forced on every control through its bits, with 0xFF bytes after (two elements,
        // equal column lengths, all clean: an accepted batch; zeros would shorten a column).
        let semanticsBefore = FuzzReach.valueSemantics, unrepresentableBefore = FuzzReach.unrepresentable
        for control in 0..<4 {
            for precision in 0..<2 {
                let header = UInt16(precision) | UInt16(control) << 1 | 0x1F << 6
                let bytes = [UInt8(header & 0xFF), UInt8(header >> 8)] + Array(repeating: 0xFF, count: 400)
                do {
                    try FuzzTarget.badInput.check(bytes)
                } catch {
                    Issue.record("bad input, control \(control), precision \(precision): \(error)")
                }
            }
        }
        #expect(FuzzReach.valueSemantics > semanticsBefore, "no value-semantics check ran")
        // The same header has the batch-API bits clear: the thumb track's two precisions put
        // an unrepresentable value into their accepted batch.
        #expect(FuzzReach.unrepresentable - unrepresentableBefore == 2, "unrepresentable values checked \(FuzzReach.unrepresentable - unrepresentableBefore) times")
    }

    /// The sequence target's corpus makes every kind of call its decoder has
    /// (`FuzzReach.sequenceSteps`), so that its replay runs each mutating path of the batch
    /// types at least once.
    @Test func sequenceCorpusMakesEveryKindOfCall() throws {
        let before = Array(FuzzReach.sequenceSteps)
        for file in Self.files("Corpus", .sequences) {
            _ = try? FuzzTarget.sequences.check(Self.bytes(file))
        }
        let missing = FuzzReach.sequenceStepNames.indices.filter { FuzzReach.sequenceSteps[$0] == before[$0] }
        #expect(missing.isEmpty, "no call of \(missing.map { FuzzReach.sequenceStepNames[$0] }) in Fuzz/Corpus/FuzzSequences")
    }

    /// Each target has a libFuzzer dictionary and its executable folder.
    @Test(arguments: FuzzTarget.allCases)
    func targetHasDictionaryAndExecutable(_ target: FuzzTarget) {
        let manager = FileManager.default
        let dictionary = Self.fuzzDirectory.appendingPathComponent("Dictionaries/\(target.name).dict")
        #expect(manager.fileExists(atPath: dictionary.path), "missing \(dictionary.path)")
        let main = Self.fuzzDirectory.appendingPathComponent("\(target.name)/main.swift")
        #expect(manager.fileExists(atPath: main.path), "missing \(main.path)")
    }

    /// The checks reuse their batches between inputs (`FuzzStorage` lends the stored one by
    /// address); callers on several threads at once must each get a batch of their own. Four
    /// threads replay the same differential corpus at the same time: a batch lent twice would
    /// mix their controls and show as a mismatch (or a crash).
    @Test(arguments: [FuzzTarget.differential, .invariants])
    func checksRunOnSeveralThreadsAtOnce(_ target: FuzzTarget) throws {
        let inputs = try Self.files("Corpus", target).prefix(200).map(Self.bytes)
        #expect(!inputs.isEmpty)
        let lock = NSLock()
        nonisolated(unsafe) var findings: [String] = []
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<3 {
                for bytes in inputs {
                    do {
                        try target.check(bytes)
                    } catch {
                        lock.withLock { findings.append("thread \(thread), round \(round): \(error)") }
                    }
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.first ?? "")")
    }
}

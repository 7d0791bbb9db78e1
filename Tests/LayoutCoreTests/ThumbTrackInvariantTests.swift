import LayoutCore
import LayoutCoreTesting
import Testing

/// T1-T8 for `.fit` over 100,000 seeded valid inputs per precision, with a large share on the
/// half-segment boundary, at the ends of the track and without movement; none of the seed
/// bug detectors fires on them either.
@Suite struct ThumbTrackInvariantTests {
    static let cases = TestTier.cases(full: 100_000, quick: 10_000)

    @Test func invariantsHoldFloat() { check(Float.self, seed: 0x7F10A7) }
    @Test func invariantsHoldDouble() { check(Double.self, seed: 0x7D0B1E) }

    /// T1-T5, T7 and T8 on the kernel's results, which must be the reference's bits (T6's
    /// agreement, on every case: a quarter of them sit on a half-segment boundary, where the
    /// documented decision is checked too); then T6 on the six half-segment cases of every
    /// tenth control, through both.
    func check<S: LayoutScalar>(_: S.Type, seed: UInt64) {
        let (configurations, columns) = ThumbTrackConfiguration<S>.batch(count: Self.cases, seed: seed, mode: .fit)
        var output = ThumbTrackResultColumns<S>()
        do { try columns.layout(into: &output) } catch {
            Issue.record("generated input failed validation: \(error)")
            return
        }
        var failures = 0
        var counts: [String: Int] = [:]
        func record(_ index: Int, _ violations: [InvariantViolation]) {
            guard !violations.isEmpty else { return }
            failures += 1
            for violation in violations { counts[violation.invariant, default: 0] += 1 }
            if failures <= 5 { Issue.record("case \(index): \(violations[0])") }
        }
        var halfSegmentCases: [ThumbTrackConfiguration<S>] = []
        var coverage = (ended: 0, changedPastAnEnd: 0, noMovement: 0, exactHalf: 0, decisions: 0)
        for (index, c) in configurations.enumerated() {
            let result = output[index]
            let reference = ThumbTrack.layout(unchecked: c)
            var violations = ThumbTrackInvariants.violations(c, result)
                + ThumbTrackInvariants.seedBugs(c, result).map(\.violation)
            // T6 on the case itself: kernel and reference agree; on a half-segment boundary
            // (released, no projection) the decision is the documented one.
            let isBoundary = c.phase == .ended && c.snapping == .nearest
                && [c.translation.nextUp, c.translation, c.translation.nextDown]
                    .contains { abs($0) == ThumbTrackInvariants.segmentWidth(c) / 2 }
            if isBoundary {
                violations += ThumbTrackInvariants.halfSegmentViolations(c, reference: reference, kernel: result)
                coverage.decisions += 1
            } else if !ResultBits.equal(reference, result, as: ThumbTrackConfiguration<S>.self) {
                violations.append(InvariantViolation("T6", "kernel \(result) differs from reference \(reference)", input: "\(c)"))
            }
            record(index, violations)
            if index % 10 == 0 { halfSegmentCases += ThumbTrackInvariants.halfSegmentCases(c) }
            // What the generator covered (so that the checks are not vacuous).
            if c.phase == .ended { coverage.ended += 1 }
            if c.phase == .changed && (result.thumbFrame.x < c.inset || result.thumbFrame.x > ThumbTrackInvariants.upperEnd(c)) {
                coverage.changedPastAnEnd += 1
            }
            if c.translation == 0 && c.velocity == 0 { coverage.noMovement += 1 }
            if abs(c.translation) == ThumbTrackInvariants.segmentWidth(c) / 2 { coverage.exactHalf += 1 }
        }
        #expect(failures == 0, "violations by invariant: \(counts)")
        #expect(coverage.ended > Self.cases / 3 && coverage.changedPastAnEnd > Self.cases / 50
                && coverage.noMovement > Self.cases / 100 && coverage.exactHalf > Self.cases / 50
                && coverage.decisions > Self.cases / 20,
                "coverage: \(coverage)")

        // T6 on the six boundary cases of every tenth control, in one batch.
        var halfOutput = ThumbTrackResultColumns<S>()
        ThumbTrackColumns(halfSegmentCases).uncheckedLayout(into: &halfOutput)
        var boundaryFailures = 0
        for (index, c) in halfSegmentCases.enumerated() {
            let violations = ThumbTrackInvariants.halfSegmentViolations(
                c, reference: ThumbTrack.layout(unchecked: c), kernel: halfOutput[index])
            if !violations.isEmpty {
                boundaryFailures += 1
                if boundaryFailures <= 5 { Issue.record("boundary case \(index): \(violations[0])") }
            }
        }
        #expect(boundaryFailures == 0)
    }

    /// The checks are not vacuous: results broken on purpose are caught, each by its invariant.
    @Test func checksCatchBrokenResults() {
        let c = ThumbTrackConfiguration<Double>(bounds: LayoutSize(width: 210, height: 35), inset: 1,
                                                selectedIndex: 0, translation: 30, phase: .changed)
        let good = ThumbTrack.layout(unchecked: c)
        #expect(ThumbTrackInvariants.violations(c, good).isEmpty)
        func invariants(_ edit: (inout ThumbTrackResult<Double>) -> Void, _ c: ThumbTrackConfiguration<Double> = c) -> Set<String> {
            var broken = ThumbTrack.layout(unchecked: c)
            edit(&broken)
            return Set(ThumbTrackInvariants.violations(c, broken).map(\.invariant))
        }
        #expect(invariants { $0.thumbFrame.x = .nan }.contains("T1"))
        #expect(invariants { $0.thumbFrame.x = -0.5 }.contains("T2"))
        #expect(invariants { $0.thumbFrame.x = 45 }.contains("T8"))  // moved 44 for a drag of 30
        #expect(invariants { $0.selectedIndex = 1; $0.indexChanged = true }.contains("T8"))
        var ended = c
        ended.phase = .ended
        #expect(invariants({ $0.thumbFrame.x = 2 }, ended).contains("T4"))
        var still = ended
        still.translation = 0
        #expect(invariants({ $0.selectedIndex = 1; $0.indexChanged = true; $0.thumbFrame.x = 105 }, still).contains("T7"))
        var banded = c
        banded.rubberBand = true
        banded.translation = 500
        #expect(invariants({ $0.thumbFrame.x = 105 + 105 }, banded).contains("T3"))  // a whole segment past
    }
}

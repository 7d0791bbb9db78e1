import LayoutCore
import LayoutCoreTesting
import Testing

/// G1-G6 for `.fit` beyond the seeded run of ControlSuiteTests (every state pair, both curves,
/// animated or not, elapsed times around the ends, the original durations, subnormal and huge
/// ones): timelines, and checks that catch broken layers.
@Suite struct ToggleTransitionInvariantTests {
    /// G4 over pairs of times: for random configurations, the incoming alpha at a sorted list
    /// of random times never decreases (the check above compares with a few later times).
    @Test func incomingAlphaNeverDecreasesOverATimeline() {
        func check<S: LayoutScalar>(_: S.Type, seed: UInt64) {
            var random = SplitMix64(seed: seed)
            for _ in 0..<500 {
                var configuration = ToggleTransitionConfiguration<S>.generated(&random, mode: .fit)
                configuration.animated = true
                if configuration.from == configuration.to { configuration.to = configuration.from.tapped() }
                let times = (0..<40).map { _ in configuration.duration * S(Double(random.next() % 1_200_001) / 1_000_000 - 0.1) }
                var previous = -S.infinity
                for time in times.sorted() {
                    configuration.elapsed = time
                    let alpha = ToggleTransition.layout(unchecked: configuration)[configuration.to].alpha
                    #expect(alpha >= previous, "\(configuration)")
                    previous = alpha
                }
            }
        }
        check(Float.self, seed: 41)
        check(Double.self, seed: 42)
    }

    /// The checks are not vacuous: layers broken on purpose are caught, each by its invariant.
    @Test func checksCatchBrokenLayers() {
        let configuration = ToggleTransitionConfiguration<Double>(
            bounds: LayoutSize(width: 80, height: 80), offImageSize: LayoutSize(width: 30, height: 20),
            onImageSize: LayoutSize(width: 24, height: 24), indeterminateImageSize: LayoutSize(width: 40, height: 32),
            from: .off, to: .on, elapsed: 0.1, duration: 0.3)
        let good = ToggleTransition.layout(unchecked: configuration)
        #expect(ToggleTransitionInvariants.violations(configuration, good).isEmpty)

        var tooOpaque = good
        tooOpaque.on.alpha = 1.5
        #expect(ToggleTransitionInvariants.rangeViolations(configuration, tooOpaque).map(\.invariant) == ["G1"])

        var tooSmall = good
        tooSmall.off.scale = 0.05
        tooSmall.off.frame = LayoutRect(x: 39.25, y: 39.5, width: 1.5, height: 1)
        #expect(ToggleTransitionInvariants.rangeViolations(configuration, tooSmall).map(\.invariant) == ["G1"])

        var offCenter = good
        offCenter.on.frame.x += 0.5
        #expect(ToggleTransitionInvariants.centeringViolations(configuration, offCenter).map(\.invariant) == ["G5"])

        var atRest = configuration
        atRest.elapsed = 0.3
        var notRest = ToggleTransition.layout(unchecked: atRest)
        notRest.off.scale = 2  // the animation's last frame without the completion block
        notRest.off.frame = LayoutRect(x: 10, y: 20, width: 60, height: 40)
        #expect(ToggleTransitionInvariants.endViolations(atRest, notRest).map(\.invariant) == ["G3"])

        var bothVisible = ToggleTransition.layout(unchecked: atRest)
        bothVisible.indeterminate.alpha = 1
        #expect(ToggleTransitionInvariants.legacyQuirks(atRest, bothVisible).doubleVisible != nil)
        var wrongPicture = ToggleTransition.layout(unchecked: atRest)
        wrongPicture.on.alpha = 0
        wrongPicture.off.alpha = 1
        #expect(ToggleTransitionInvariants.legacyQuirks(atRest, wrongPicture).stateMismatch != nil)
    }

    /// G7's curve is UIKit's: by symmetry of the control points the curve passes through
    /// (0.5, 0.5), and its ends are exact; and an eased progress 1e-5 off (more than the
    /// documented 3e-6, less than any other check sees) is caught.
    @Test func curveCheckCatchesAnInaccurateCurve() {
        #expect(ToggleTransitionInvariants.exactEaseInOut(0) == 0)
        #expect(ToggleTransitionInvariants.exactEaseInOut(1) == 1)
        #expect(abs(ToggleTransitionInvariants.exactEaseInOut(0.5) - 0.5) < 1e-15)
        // x = X(0.25) = 3 * 0.75^2 * 0.25 * 0.42 + 3 * 0.75 * 0.25^2 * 0.58 + 0.25^3
        //   = 0.17718750 + 0.08156250 + 0.01562500 = 0.274375, where Y(0.25) = 0.15625.
        #expect(abs(ToggleTransitionInvariants.exactEaseInOut(0.274375) - 0.15625) < 1e-12)

        let configuration = ToggleTransitionConfiguration<Double>(
            bounds: LayoutSize(width: 80, height: 80), offImageSize: LayoutSize(width: 30, height: 20),
            onImageSize: LayoutSize(width: 24, height: 24), indeterminateImageSize: LayoutSize(width: 40, height: 32),
            from: .off, to: .on, elapsed: 0.15, duration: 0.3, curve: .easeInOut)
        let good = ToggleTransition.layout(unchecked: configuration)
        #expect(ToggleTransitionInvariants.curveViolations(configuration, good).isEmpty)
        var late = good
        late.on.alpha += 1e-5
        #expect(ToggleTransitionInvariants.curveViolations(configuration, late).map(\.invariant) == ["G7"])
        var start = configuration
        start.elapsed = 0
        var notExact = ToggleTransition.layout(unchecked: start)
        notExact.on.alpha = 1e-11  // what the solver gives at progress 0 without its exact end
        #expect(ToggleTransitionInvariants.curveViolations(start, notExact).map(\.invariant) == ["G7"])
    }

    /// G8's probes reach what they are for: over the configurations a seeded test draws, the
    /// uniform probes fall in every one of the kernel's 1,025 table buckets, the bucket-edge
    /// probes take every edge, the node probes every one of the bisection's 511 nodes, each
    /// exactly and one ulp either side; each probe animates along `.easeInOut` with the
    /// progress it names. And the check reports a kernel result one bit off.
    @Test func easingProbesReachEveryBucketAndNode() {
        func check<S: LayoutScalar>(_: S.Type, seed: UInt64) {
            var random = SplitMix64(seed: seed)
            var buckets = Set<Int>(), edges = Set<Int>(), nodes = Set<Int>(), nudges = Set<Int>()
            // Every value a node probe may take: node m's `X`, exactly (nudge 0) or one ulp off.
            var nodeProbes: [S: (node: Int, nudge: Int)] = [:]
            for m in 1...511 {
                let x = ToggleTransitionEasingTests.curveX(S(m) / 512)
                (nodeProbes[x.nextDown], nodeProbes[x], nodeProbes[x.nextUp]) = ((m, -1), (m, 0), (m, 1))
            }
            for _ in 0..<20_000 {
                let c = ToggleTransitionConfiguration<S>.generated(&random, mode: nil)
                for number in 0..<ToggleTransitionConfiguration<S>.kernelCheckedCaseCount {
                    let probe = c.kernelCheckedCase(number)
                    #expect(probe.curve == .easeInOut && probe.animated && probe.duration == 1 && probe.from != probe.to
                            && probe.mode == .fit && probe.isValid, "\(probe)")
                    let x = Double(probe.elapsed)
                    switch number {
                    case 0, 1: buckets.insert(Int((x * 1024).rounded()))
                    case 2:
                        // (j - 0.5) / 1024 is exact in both precisions: which edge, and how far off.
                        let j = Int((x * 1024 + 0.5).rounded())
                        edges.insert(j)
                        let edge = (S(j) - 0.5) / 1024
                        nudges.insert(probe.elapsed == edge ? 0 : probe.elapsed == edge.nextUp ? 1 : probe.elapsed == edge.nextDown ? -1 : 99)
                    default:
                        let found = nodeProbes[probe.elapsed]
                        #expect(found != nil, "\(S.self): \(probe.elapsed) is no node's X, nor one ulp off one")
                        if let found { nodes.insert(found.node); nudges.insert(10 + found.nudge) }
                    }
                }
            }
            #expect(buckets == Set(0...1024), "\(S.self): \(1025 - buckets.count) buckets never probed")
            #expect(edges == Set(0...1024), "\(S.self): \(1025 - edges.count) bucket edges never probed")
            #expect(nodes == Set(1...511), "\(S.self): \(511 - nodes.count) nodes never probed")
            #expect(nudges == [-1, 0, 1, 9, 10, 11], "\(S.self): \(nudges)")
        }
        check(Float.self, seed: 81)
        check(Double.self, seed: 82)

        var random = SplitMix64(seed: 7)
        let probe = ToggleTransitionConfiguration<Float>.generated(&random, mode: .fit).kernelCheckedCase(0)
        let reference = ToggleTransition.layout(unchecked: probe)
        var kernel = reference
        kernel.on.alpha = kernel.on.alpha.nextUp
        #expect(ToggleTransitionConfiguration.kernelCheckedViolations(probe, reference: reference, kernel: reference).isEmpty)
        #expect(ToggleTransitionConfiguration.kernelCheckedViolations(probe, reference: reference, kernel: kernel).map(\.invariant) == ["G8"])
    }
}

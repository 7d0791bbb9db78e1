import LayoutBench
import Testing

/// The run's time estimate: planned step durations, corrected by the steps done.
struct RunPlanTests {
    @Test func timeLeftScalesThePlanByTheStepsDone() {
        // Two cheap steps planned at 1 s that took 4 s in all (the machine is twice as slow
        // as planned), then two steps planned at 10 s: 20 s planned, 40 s left. The pace per
        // step (2 s) would say 4 s.
        let planned: [Double] = [1_000, 1_000, 10_000, 10_000]
        #expect(RunPlan.remainingSeconds(planned: planned, done: 2, measuredSeconds: 4) == 40)
        // Faster than planned: the steps left shrink alike.
        #expect(RunPlan.remainingSeconds(planned: planned, done: 3, measuredSeconds: 6) == 5)
        // Before any step: the plan; after the last: nothing.
        #expect(RunPlan.remainingSeconds(planned: planned, done: 0, measuredSeconds: 0) == 22)
        #expect(RunPlan.remainingSeconds(planned: planned, done: 4, measuredSeconds: 50) == 0)
        #expect(RunPlan(steps: planned).totalSeconds == 22)
    }

    @Test func thePlanWeighsEachStep() {
        var options = RunOptions()
        options.sizes = [16, 4_194_304]
        options.threads = [1]
        options.frameSizes = [8, 16]
        let plan = RunPlan(options: options, subjects: [CopySubject.self], threads: [1])
        // Two batch sizes, then two frame sizes, one subject.
        #expect(plan.steps.count == 4)
        // At the defaults (40 ms budget, 20 ms warm-up, 15 repetitions), a 16-control step is
        // 3 warm-ups and 15 x 3 budgets (1.86 s) plus building, checking and hashing 65,536
        // controls (well under a second); in a 4M step the reference call alone (4M x 60 ns =
        // 252 ms) outlasts the budget, and 4M controls are built, checked twice and hashed.
        #expect(plan.steps[0] > 1_860 && plan.steps[0] < 2_860)
        #expect(plan.steps[1] > 10 * plan.steps[0])
        // A frame step: 3 engines x (20 ms warm-up + 15 x 20 ms).
        #expect(plan.steps[2] == 960 && plan.steps[3] == 960)
        // Sweeps split the repetitions (11 as 4, 4 and 3).
        options.sweeps = 3
        options.repetitions = 11
        let swept = RunPlan(options: options, subjects: [CopySubject.self], threads: [1])
        #expect(swept.steps.count == 3 * 2 + 2)
        // The 16-control batches are kept: later sweeps skip building and the first check.
        #expect(swept.steps[0] > swept.steps[2] && swept.steps[2] > swept.steps[4])
        // The 4M batches are not: every sweep builds and checks them; only the repetitions differ.
        #expect(swept.steps[1] == swept.steps[3] && swept.steps[3] > swept.steps[5])
    }
}

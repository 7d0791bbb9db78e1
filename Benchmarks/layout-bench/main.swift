// layout-bench: times every kernel against its reference. A first version: median ns/control
// and speedup per kernel, precision and size. Kernel and reference alternate within each
// repetition, so their ratio comes from the same stretch of machine time.
import LayoutCore

#if DEBUG
print("warning: layout-bench is a debug build; numbers mean nothing. Use `swift run -c release layout-bench`.")
#endif

func nanoseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let sizes = quick ? [64, 1_024, 16_384] : [64, 1_024, 16_384, 262_144, 4_194_304]
let repetitions = quick ? 5 : 11
let budgetNanoseconds = quick ? 2e6 : 2e7  // per measurement

print("kernel            precision  controls   reference ns/ctl  kernel ns/ctl  speedup")
var sink: UInt64 = 0
for subjectType in allSubjects {
    for size in sizes {
        var subject = subjectType.init(count: size, seed: 42)
        subject.runReference()
        subject.runKernel(parallelism: .serial)
        do { try subject.verify() } catch { print("FAIL: \(error)"); exit(1) }
        let once = max(1, nanoseconds { subject.runReference() })
        let iterations = max(1, Int(budgetNanoseconds / once))
        var reference: [Double] = []
        var kernel: [Double] = []
        for _ in 0..<repetitions {
            reference.append(nanoseconds { for _ in 0..<iterations { subject.runReference() } } / Double(iterations * size))
            kernel.append(nanoseconds { for _ in 0..<iterations { subject.runKernel(parallelism: .serial) } } / Double(iterations * size))
        }
        sink &+= subject.checksum()
        let r = median(reference), k = median(kernel)
        print(subjectType.kernel.padding(18) + subjectType.precision.padding(11)
              + String(size).padding(11) + format(r).padding(18) + format(k).padding(15) + format(r / k) + "x")
    }
}
blackHole(sink)

func format(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return "\(scaled)"
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

@_silgen_name("exit") func exit(_ code: Int32) -> Never
